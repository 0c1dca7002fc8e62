import { loadScript, loadStyle } from './assets';

// §9 plugins served from the common plugin folder: the UI framework (2.5.6) and the charts library (4.0.5) with
// its four themes. The spec names versions only; the folder and file names below follow each library's own
// distribution layout (element-ui's lib/ and echarts' dist/ and theme/).

export const COMMON_PLUGIN_BASE = '/common/plugins';
export const UI_FRAMEWORK_VERSION = '2.5.6';
export const CHARTS_VERSION = '4.0.5';
export const CHART_THEMES = ['infographic', 'macarons', 'roma', 'shine'] as const;
export type ChartTheme = (typeof CHART_THEMES)[number];

/** §9 ignored app codes: not application modules of their own, skipped wherever apps are enumerated. */
export const IGNORED_APP_CODES = ['desktop', 'comment'] as const;

export function isIgnoredAppCode(code: string): boolean {
  return (IGNORED_APP_CODES as readonly string[]).includes(code);
}

export function isChartTheme(value: string): value is ChartTheme {
  return (CHART_THEMES as readonly string[]).includes(value);
}

export interface PluginOptions {
  /** The common plugin folder; COMMON_PLUGIN_BASE unless configured. */
  base?: string;
  version?: string;
  document?: Document;
}

export function uiFrameworkUrls(options: PluginOptions = {}): { script: string; style: string } {
  const root = `${options.base ?? COMMON_PLUGIN_BASE}/element-ui/${options.version ?? UI_FRAMEWORK_VERSION}`;
  return { script: `${root}/index.js`, style: `${root}/theme-chalk/index.css` };
}

export function chartsUrls(options: PluginOptions & { theme?: ChartTheme } = {}): { script: string; theme?: string } {
  const root = `${options.base ?? COMMON_PLUGIN_BASE}/echarts/${options.version ?? CHARTS_VERSION}`;
  const script = `${root}/echarts.min.js`;
  return options.theme ? { script, theme: `${root}/theme/${options.theme}.js` } : { script };
}

/** Loads the UI framework's stylesheet and script (together, once each). */
export async function loadUiFramework(options: PluginOptions = {}): Promise<void> {
  const urls = uiFrameworkUrls(options);
  await Promise.all([loadStyle(urls.style, options.document), loadScript(urls.script, options.document)]);
}

/** Loads the charts library, then the theme script, which registers itself on the library and so must follow. */
export async function loadCharts(options: PluginOptions & { theme?: ChartTheme } = {}): Promise<void> {
  if (options.theme !== undefined && !isChartTheme(options.theme))
    throw new RangeError(`Unknown chart theme ${options.theme}`);
  const urls = chartsUrls(options);
  await loadScript(urls.script, options.document);
  if (urls.theme) await loadScript(urls.theme, options.document);
}
