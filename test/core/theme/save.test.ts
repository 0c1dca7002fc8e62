import { describe, expect, it } from 'vitest';
import {
  PICKER_DEFAULT_COLOR,
  PICKER_FONT_FAMILIES,
  PICKER_FONT_SIZES,
  planThemeSave,
  THEME_CONFIRM_CHOICES,
  themePayload,
  themeSaveStep,
} from '../../../src/core/theme';

describe('theme save flow (§4, §6)', () => {
  it('asks an admin first and lets others save directly', () => {
    expect(themeSaveStep(true)).toBe('confirm');
    expect(themeSaveStep(false)).toBe('save');
    expect(THEME_CONFIRM_CHOICES).toEqual(['cancel', 'sync', 'save']);
  });

  it('does nothing on cancel, syncs to all users on sync, and saves for one user on save', () => {
    expect(planThemeSave('red', 'cancel')).toBeNull();
    expect(planThemeSave('red', 'sync')).toEqual({ type: 'default_color', theme: 'red', syncAll: true });
    expect(planThemeSave('#FF8800', 'save')).toEqual({ type: 'color', theme: '#FF8800', syncAll: false });
  });
});

describe('themePayload (§7 POST /api/base/desktop/settheme)', () => {
  it('sends a custom colour as its hex value with type color', () => {
    expect(themePayload({ kind: 'custom', color: '#FF8800' })).toEqual({ type: 'color', theme: '#FF8800' });
    expect(themePayload('#abc')).toEqual({ type: 'color', theme: '#abc' });
  });

  it('sends the default and every named theme by name with type default_color', () => {
    expect(themePayload({ kind: 'default' })).toEqual({ type: 'default_color', theme: 'default' });
    expect(themePayload('#457CD6')).toEqual({ type: 'default_color', theme: 'default' });
    expect(themePayload('siro blue')).toEqual({ type: 'default_color', theme: 'siroBlue' });
    expect(themePayload('cartoon')).toEqual({ type: 'default_color', theme: 'cartoon' });
  });
});

describe('colour and font picker (§3)', () => {
  it('offers 12–20 px, the six families and #000 by default', () => {
    expect(PICKER_FONT_SIZES).toEqual(['12px', '14px', '16px', '18px', '20px']);
    expect(PICKER_FONT_FAMILIES).toEqual(['SimSun', 'KaiTi', 'Microsoft YaHei', 'SimHei', 'LiSu', 'STXingkai']);
    expect(PICKER_DEFAULT_COLOR).toBe('#000');
  });
});
