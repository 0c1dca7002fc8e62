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
    expect(planThemeSave('red', 'sync')).toEqual({ payload: { type: 'color', theme: 'red' }, syncAll: true });
    expect(planThemeSave('red', 'save')).toEqual({ payload: { type: 'color', theme: 'red' }, syncAll: false });
  });
});

describe('themePayload (§7 POST /api/base/desktop/settheme)', () => {
  it('sends colour themes and custom colours with type color', () => {
    expect(themePayload('siro blue')).toEqual({ type: 'color', theme: 'siro blue' });
    expect(themePayload({ kind: 'custom', color: '#FF8800' })).toEqual({ type: 'color', theme: '#FF8800' });
  });

  it('sends the default colour and the picture themes with type default_color', () => {
    expect(themePayload({ kind: 'default' })).toEqual({ type: 'default_color', theme: '#457CD6' });
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
