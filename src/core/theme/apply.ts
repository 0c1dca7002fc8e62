import { $session, type Layout } from '../session/state';
import { themeApplications } from './applications';
import { loadThemeCss, type ThemeCssOptions } from './css';
import { canSwitchLayout, parseTheme, type Theme, themePrimaryColor, themeValue } from './model';
import type { PickerFontFamily, PickerFontSize } from './picker';

// §4 applying a theme to the whole page at once. Every element declares its tokens on its own host (`:host`), and
// a declaration on the host from the page's stylesheet wins over the element's `:host` rule; so one <style> in the
// document that names every element host (and the page's root, for the page's own CSS) re-themes every element on
// the page, those added later included, without touching any of them. Named themes also bring their common-plugin
// stylesheet (§7 notes), whose text is cached in session storage.

/**
 * Hosts of every ph-* element and of the React components' shadow roots (`data-ph-portal`, and the
 * `<div data-ph-component>` of src/elements/common/shadow-host.tsx, as in the shell).
 */
export const ELEMENT_HOSTS = [
  'ph-login',
  'ph-header',
  'ph-footer',
  'ph-modal',
  'ph-picker',
  'ph-uploader',
  'ph-face',
  'ph-voice',
  'ph-toast-host',
  '[data-ph-portal]',
  '[data-ph-component]',
] as const;

export const THEME_STYLE_ID = 'ph-theme';

/** The font part of the §3 colour and font picker, applied with the theme (a preference of this browser). */
export interface FontChoice {
  fontSize?: PickerFontSize;
  fontFamily?: PickerFontFamily;
}

const FALLBACK_FAMILIES = '"PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", "WenQuanYi Micro Hei", sans-serif';

/** The token declarations of a theme and font choice, for the page root and every element host. */
export function themeTokensCss(theme: Theme | string, font: FontChoice = {}): string {
  const declarations = [`--ph-color-primary:${themePrimaryColor(theme)}`];
  if (font.fontSize) declarations.push(`--ph-font-size:${font.fontSize}`);
  if (font.fontFamily) declarations.push(`--ph-font-family:"${font.fontFamily}", ${FALLBACK_FAMILIES}`);
  return `:root,${ELEMENT_HOSTS.join(',')}{${declarations.join(';')}}`;
}

/** Writes the page's theme <style> (created once, in <head>): tokens first, then the theme's own stylesheet text. */
export function writeThemeStyle(doc: Document, css: string): HTMLStyleElement {
  let style = doc.getElementById(THEME_STYLE_ID) as HTMLStyleElement | null;
  if (!style) {
    style = doc.createElement('style');
    style.id = THEME_STYLE_ID;
    doc.head.append(style);
  }
  if (style.textContent !== css) style.textContent = css;
  return style;
}

/** The layout a theme allows: picture themes keep the top layout (§4). */
export function layoutForTheme(theme: Theme | string, wanted: Layout): Layout {
  return canSwitchLayout(theme) ? wanted : 'top';
}

export interface AppliedTheme {
  theme: Theme;
  font: FontChoice;
  layout: Layout;
}

/**
 * Applies a theme to the page now: tokens at once, the named theme's stylesheet when it has loaded (a failed load
 * keeps the tokens). The session remembers theme, colour and layout for the other widgets of the page.
 */
export async function applyTheme(
  choice: { theme: Theme | string; font?: FontChoice; layout?: Layout },
  doc: Document = globalThis.document,
  cssOptions?: ThemeCssOptions,
): Promise<AppliedTheme> {
  const theme = typeof choice.theme === 'string' ? parseTheme(choice.theme) : choice.theme;
  const font = choice.font ?? {};
  const layout = layoutForTheme(theme, choice.layout ?? $session.get().currentLayout);
  const tokens = themeTokensCss(theme, font);
  themeApplications.count += 1;
  $session.set({
    ...$session.get(),
    theme: themeValue(theme),
    themeColor: themePrimaryColor(theme),
    currentLayout: layout,
  });
  writeThemeStyle(doc, tokens);
  const sheet = await loadThemeCss(theme, cssOptions);
  // A later choice may have been applied while this stylesheet loaded: only the latest one is written.
  if (sheet && $session.get().theme === themeValue(theme)) writeThemeStyle(doc, `${tokens}\n${sheet}`);
  return { theme, font, layout };
}
