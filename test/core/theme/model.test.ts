import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COLOR_THEMES,
  canSwitchLayout,
  customTheme,
  DEFAULT_THEME_COLOR,
  PICTURE_THEMES,
  parseTheme,
  themePrimaryColor,
  themeStylesheetUrl,
  themeValue,
} from '../../../src/core/theme';

const hex6 = fc
  .array(fc.constantFrom(...'0123456789abcdefABCDEF'), { minLength: 6, maxLength: 6 })
  .map((chars) => `#${chars.join('')}`)
  .filter((color) => color.toUpperCase() !== DEFAULT_THEME_COLOR);

describe('theme model (§3)', () => {
  it('defaults to #457CD6', () => {
    expect(DEFAULT_THEME_COLOR).toBe('#457CD6');
    for (const value of ['', null, undefined, 'default', '#457CD6', '#457cd6', 'purple', '#12', 'url(x)']) {
      expect(parseTheme(value)).toEqual({ kind: 'default' });
    }
    expect(themeValue('')).toBe('#457CD6');
  });

  it('knows the picture themes ink, lotus and cartoon', () => {
    expect(PICTURE_THEMES).toEqual(['ink', 'lotus', 'cartoon']);
    expect(parseTheme('lotus')).toEqual({ kind: 'picture', name: 'lotus' });
  });

  it('knows the colour themes red, blue, siro blue, green and custom', () => {
    expect(COLOR_THEMES).toEqual(['red', 'blue', 'siro blue', 'green', 'custom']);
    expect(parseTheme('siro blue')).toEqual({ kind: 'color', name: 'siro blue' });
    expect(themePrimaryColor('red')).toMatch(/^#[0-9A-F]{6}$/);
    expect(themePrimaryColor('blue')).toBe(DEFAULT_THEME_COLOR);
  });

  it('reads any other hex colour as a custom theme, and round-trips it', () => {
    fc.assert(
      fc.property(hex6, (color) => {
        expect(parseTheme(color)).toEqual({ kind: 'custom', color });
        expect(themeValue(parseTheme(color))).toBe(color);
        expect(themePrimaryColor(color)).toBe(color);
      }),
    );
  });

  it('accepts a custom colour only as a hex value starting with #', () => {
    expect(customTheme('#abc')).toEqual({ kind: 'custom', color: '#abc' });
    expect(customTheme('abc')).toBeNull();
    expect(customTheme('#abc;}body{display:none')).toBeNull();
  });

  it('round-trips every named theme through its stored value', () => {
    for (const name of [...PICTURE_THEMES, 'red', 'blue', 'siro blue', 'green']) {
      expect(themeValue(parseTheme(name))).toBe(name);
    }
  });
});

describe('themeStylesheetUrl (§7 notes)', () => {
  it('points into the common plugin folder of platform version 1.6.0', () => {
    expect(themeStylesheetUrl('ink')).toBe('/common/plugins/common-ph/1.6.0/css/ink.css');
    expect(themeStylesheetUrl({ kind: 'color', name: 'green' })).toBe('/common/plugins/common-ph/1.6.0/css/green.css');
    expect(themeStylesheetUrl('siro blue')).toBe('/common/plugins/common-ph/1.6.0/css/siro-blue.css');
  });

  it('has no stylesheet for the default or a custom colour, and never builds a path from free text', () => {
    expect(themeStylesheetUrl('#123456')).toBeNull();
    expect(themeStylesheetUrl('')).toBeNull();
    fc.assert(
      fc.property(fc.string(), (value) => {
        const url = themeStylesheetUrl(value);
        return url === null || /^\/common\/plugins\/common-ph\/1\.6\.0\/css\/[a-z-]+\.css$/.test(url);
      }),
    );
  });
});

describe('canSwitchLayout (§4)', () => {
  it('is false for ink, lotus and cartoon and true otherwise', () => {
    for (const name of PICTURE_THEMES) expect(canSwitchLayout(name)).toBe(false);
    for (const name of ['', 'red', 'blue', 'siro blue', 'green', '#112233']) expect(canSwitchLayout(name)).toBe(true);
  });
});
