import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COLOR_THEME_PRIMARY,
  COLOR_THEMES,
  canSwitchLayout,
  customTheme,
  DEFAULT_THEME_COLOR,
  PICTURE_THEME_PRIMARY,
  PICTURE_THEMES,
  parseTheme,
  themePrimaryColor,
  themeStylesheetUrl,
  themeSwatchColor,
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
    expect(themeValue('')).toBe('default');
    expect(themePrimaryColor('')).toBe('#457CD6');
  });

  it('knows the picture themes ink, lotus and cartoon', () => {
    expect(PICTURE_THEMES).toEqual(['ink', 'lotus', 'cartoon']);
    expect(PICTURE_THEMES).toEqual(Object.keys(PICTURE_THEME_PRIMARY));
    expect(parseTheme('lotus')).toEqual({ kind: 'picture', name: 'lotus' });
  });

  it('knows the colour themes red, blue, siro blue (stored as siroBlue), green and custom', () => {
    expect(COLOR_THEMES).toEqual(['red', 'blue', 'siroBlue', 'green', 'custom']);
    expect(COLOR_THEMES).toEqual([...Object.keys(COLOR_THEME_PRIMARY), 'custom']);
    expect(parseTheme('siroBlue')).toEqual({ kind: 'color', name: 'siroBlue' });
    expect(parseTheme('siro blue')).toEqual({ kind: 'color', name: 'siroBlue' });
    // Blue is a theme of its own, not the default under another name (issue 56).
    expect(themePrimaryColor('blue')).not.toBe(DEFAULT_THEME_COLOR);
  });

  it('gives every named theme its own primary colour', () => {
    const named = [...PICTURE_THEMES, 'red', 'blue', 'siroBlue', 'green'];
    const colors = named.map(themePrimaryColor);
    for (const color of colors) expect(color).toMatch(/^#[0-9A-F]{6}$/);
    expect(new Set([...colors, DEFAULT_THEME_COLOR]).size).toBe(named.length + 1);
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
    for (const name of [...PICTURE_THEMES, 'red', 'blue', 'siroBlue', 'green']) {
      expect(themeValue(parseTheme(name))).toBe(name);
    }
  });
});

describe('themeStylesheetUrl (§7 notes)', () => {
  it('points into the common plugin folder of platform version 1.6.0', () => {
    expect(themeStylesheetUrl('ink')).toBe('/common/plugins/common-ph/1.6.0/css/ink.css');
    expect(themeStylesheetUrl({ kind: 'color', name: 'green' })).toBe('/common/plugins/common-ph/1.6.0/css/green.css');
    expect(themeStylesheetUrl('siro blue')).toBe('/common/plugins/common-ph/1.6.0/css/siroBlue.css');
  });

  it('has no stylesheet for the default or a custom colour, and never builds a path from free text', () => {
    expect(themeStylesheetUrl('#123456')).toBeNull();
    expect(themeStylesheetUrl('')).toBeNull();
    fc.assert(
      fc.property(fc.string(), (value) => {
        const url = themeStylesheetUrl(value);
        return url === null || /^\/common\/plugins\/common-ph\/1\.6\.0\/css\/[A-Za-z]+\.css$/.test(url);
      }),
    );
  });
});

describe('canSwitchLayout (§4)', () => {
  it('is false for ink, lotus and cartoon and true otherwise', () => {
    for (const name of PICTURE_THEMES) expect(canSwitchLayout(name)).toBe(false);
    for (const name of ['', 'red', 'blue', 'siroBlue', 'green', '#112233']) expect(canSwitchLayout(name)).toBe(true);
  });
});

describe('agreement with the reference server', () => {
  it('names only themes whose stylesheet it serves, with the same primary colour', async () => {
    const { NAMED_THEMES } = await import('../../../demo/server/routes/assets/themes');
    for (const name of [...PICTURE_THEMES, 'red', 'blue', 'siroBlue', 'green', 'default']) {
      expect(NAMED_THEMES[themeValue(name)]).toBe(themePrimaryColor(name));
    }
  });
});

describe("the theme dialog's swatches (issue 56)", () => {
  it('are each their own: 预设, 蓝色 and 自订 never the same colour', () => {
    const swatches = ['default', 'blue', 'custom'].map((theme) => themeSwatchColor(theme, DEFAULT_THEME_COLOR));
    expect(new Set(swatches).size).toBe(3);
    expect(swatches).toEqual([DEFAULT_THEME_COLOR, themePrimaryColor('blue'), null]);
  });

  it.each([
    ['#12AB34', '#12AB34'],
    [' #abc ', '#abc'],
    ['#457cd6', null],
    ['', null],
    ['#12', null],
    ['red', null],
  ])('custom with %j typed shows %j (null: the picker look)', (typed, color) => {
    expect(themeSwatchColor('custom', typed)).toBe(color);
  });
});
