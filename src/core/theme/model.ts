import { CHROME_PATHS } from '../api/chrome-paths';
import { endpointPath } from '../api/wire';
import { isValidThemeColor } from '../validate/contact';
import { DEFAULT_THEME_COLOR } from './default-color';

// §3/§4 themes. A theme is the default colour, a picture theme with its own stylesheet and a fixed layout
// (ink, lotus, cartoon), a named colour theme, or a custom hex colour. Themes only change tokens (DESIGN §10).

export { DEFAULT_THEME_COLOR };
/** The stored value of the default theme. */
export const DEFAULT_THEME_NAME = 'default';
/** Picture themes and the primary colour their stylesheet starts from. */
export const PICTURE_THEME_PRIMARY = { ink: '#3B3B3B', lotus: '#C86B85', cartoon: '#F29F3D' } as const;
export type PictureThemeName = keyof typeof PICTURE_THEME_PRIMARY;
// Spelled out rather than computed: a module-level call would count as a side effect to the bundler and pull this
// module (which only the header's theme dialog needs) into every page's runtime.
export const PICTURE_THEMES: readonly PictureThemeName[] = ['ink', 'lotus', 'cartoon'];
/**
 * The colour themes of §3 besides `custom`, by stored name, with their primary colour. The spec's "siro blue" is
 * stored as `siroBlue` (stylesheet `siroBlue.css`): names are file names and URL segments, so no spaces.
 */
export const COLOR_THEME_PRIMARY = {
  red: '#C94A4A',
  // Its own blue, darker than the default's: a theme one can choose looks like what it is (issue 56).
  blue: '#2F5DA8',
  siroBlue: '#3A8FD9',
  green: '#2F9E6E',
} as const;
export type ColorThemeName = keyof typeof COLOR_THEME_PRIMARY;
export const COLOR_THEMES: readonly (ColorThemeName | 'custom')[] = ['red', 'blue', 'siroBlue', 'green', 'custom'];

export type Theme =
  | { kind: 'default' }
  | { kind: 'picture'; name: PictureThemeName }
  | { kind: 'color'; name: ColorThemeName }
  | { kind: 'custom'; color: string };

export const DEFAULT_THEME: Theme = { kind: 'default' };

function isPictureTheme(value: string): value is PictureThemeName {
  return Object.hasOwn(PICTURE_THEME_PRIMARY, value);
}

function isColorTheme(value: string): value is ColorThemeName {
  return Object.hasOwn(COLOR_THEME_PRIMARY, value);
}

/**
 * A stored or received theme value (the `theme` of GET /api/base/my_desktop/color): a theme name, the spec's
 * spelling `siro blue`, or a hex colour. Anything unknown or malformed falls back to the default theme.
 */
export function parseTheme(value: string | null | undefined): Theme {
  const text = (value ?? '').trim().replace(/^siro blue$/, 'siroBlue');
  if (isPictureTheme(text)) return { kind: 'picture', name: text };
  if (isColorTheme(text)) return { kind: 'color', name: text };
  if (isValidThemeColor(text) && text.toUpperCase() !== DEFAULT_THEME_COLOR) return { kind: 'custom', color: text };
  return DEFAULT_THEME;
}

/** The custom theme for a colour, or null when it is not a hex value starting with # (§5). */
export function customTheme(color: string): Theme | null {
  return isValidThemeColor(color) ? { kind: 'custom', color } : null;
}

function toTheme(theme: Theme | string): Theme {
  return typeof theme === 'string' ? parseTheme(theme) : theme;
}

/** The value stored and sent for a theme: its name, or its hex colour for a custom one. */
export function themeValue(theme: Theme | string): string {
  const value = toTheme(theme);
  switch (value.kind) {
    case 'default':
      return DEFAULT_THEME_NAME;
    case 'custom':
      return value.color;
    default:
      return value.name;
  }
}

/** The primary colour token (`--ph-color-primary`) of a theme. */
export function themePrimaryColor(theme: Theme | string): string {
  const value = toTheme(theme);
  switch (value.kind) {
    case 'color':
      return COLOR_THEME_PRIMARY[value.name];
    case 'picture':
      return PICTURE_THEME_PRIMARY[value.name];
    case 'custom':
      return value.color;
    default:
      return DEFAULT_THEME_COLOR;
  }
}

/**
 * The common-plugin stylesheet of a named theme (§7 notes), or null for the default and custom colours, which
 * need none (their tokens are set directly).
 */
export function themeStylesheetUrl(theme: Theme | string): string | null {
  const value = toTheme(theme);
  if (value.kind !== 'picture' && value.kind !== 'color') return null;
  return endpointPath(CHROME_PATHS.themeStylesheet, { file: `${value.name}.css` });
}

/** §4: the top/left layout switch is offered except for the picture themes, whose artwork fixes the layout. */
export function canSwitchLayout(theme: Theme | string): boolean {
  return toTheme(theme).kind !== 'picture';
}

/**
 * The colour of a theme's swatch in the theme dialog, each its own (issue 56): a theme's primary colour; for `custom`,
 * the colour typed when it is a custom one (the default's colour is not), else null for the picker's own look.
 */
export function themeSwatchColor(theme: string, custom: string): string | null {
  if (theme !== 'custom') return themePrimaryColor(theme);
  const typed = parseTheme(custom.trim());
  return typed.kind === 'custom' ? typed.color : null;
}
