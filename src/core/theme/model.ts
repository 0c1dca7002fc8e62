import { PLATFORM_VERSION } from '../api/wire';
import { isValidThemeColor } from '../validate/contact';

// §3/§4 themes. A theme is the default colour, a picture theme with its own stylesheet and a fixed layout
// (ink, lotus, cartoon), a named colour theme, or a custom hex colour. Themes only change tokens (DESIGN §10).

export const DEFAULT_THEME_COLOR = '#457CD6';
export const PICTURE_THEMES = ['ink', 'lotus', 'cartoon'] as const;
export type PictureThemeName = (typeof PICTURE_THEMES)[number];
/** The colour themes of §3 besides `custom`, with the primary colour each stands for. */
export const COLOR_THEME_PRIMARY = {
  red: '#D54941',
  blue: DEFAULT_THEME_COLOR,
  'siro blue': '#2C8DE0',
  green: '#2BA471',
} as const;
export type ColorThemeName = keyof typeof COLOR_THEME_PRIMARY;
export const COLOR_THEMES = [...(Object.keys(COLOR_THEME_PRIMARY) as ColorThemeName[]), 'custom'] as const;

export type Theme =
  | { kind: 'default' }
  | { kind: 'picture'; name: PictureThemeName }
  | { kind: 'color'; name: ColorThemeName }
  | { kind: 'custom'; color: string };

export const DEFAULT_THEME: Theme = { kind: 'default' };

function isPictureTheme(value: string): value is PictureThemeName {
  return (PICTURE_THEMES as readonly string[]).includes(value);
}

function isColorTheme(value: string): value is ColorThemeName {
  return Object.hasOwn(COLOR_THEME_PRIMARY, value);
}

/** A stored or received theme value; anything unknown or malformed falls back to the default theme. */
export function parseTheme(value: string | null | undefined): Theme {
  const text = (value ?? '').trim();
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

/** The value stored and sent for a theme: its name, its hex colour, or the default colour. */
export function themeValue(theme: Theme | string): string {
  const value = toTheme(theme);
  switch (value.kind) {
    case 'default':
      return DEFAULT_THEME_COLOR;
    case 'custom':
      return value.color;
    default:
      return value.name;
  }
}

/** The primary colour token of a theme; picture themes start from the default and restyle in their stylesheet. */
export function themePrimaryColor(theme: Theme | string): string {
  const value = toTheme(theme);
  if (value.kind === 'color') return COLOR_THEME_PRIMARY[value.name];
  if (value.kind === 'custom') return value.color;
  return DEFAULT_THEME_COLOR;
}

/**
 * The common-plugin stylesheet of a named theme (§7 notes), or null for the default and custom colours, which
 * need none. Spaces become hyphens in the file name: `siro blue` → `siro-blue.css`.
 */
export function themeStylesheetUrl(theme: Theme | string): string | null {
  const value = toTheme(theme);
  if (value.kind !== 'picture' && value.kind !== 'color') return null;
  return `/common/plugins/common-ph/${PLATFORM_VERSION}/css/${value.name.replace(/ /g, '-')}.css`;
}

/** §4: the top/left layout switch is offered except for the picture themes, whose artwork fixes the layout. */
export function canSwitchLayout(theme: Theme | string): boolean {
  return toTheme(theme).kind !== 'picture';
}
