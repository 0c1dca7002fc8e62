import { Window } from 'happy-dom';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CHART_THEMES,
  type ChartTheme,
  chartsUrls,
  IGNORED_APP_CODES,
  isIgnoredAppCode,
  loadCharts,
  loadUiFramework,
  uiFrameworkUrls,
} from '../../../src/core/loaders';

const windows: Window[] = [];
function dom(): Document {
  const window = new Window({
    url: 'http://school.example/pages/base/',
    settings: {
      disableJavaScriptFileLoading: true,
      disableCSSFileLoading: true,
      handleDisabledFileLoadingAsSuccess: true,
    },
  });
  windows.push(window);
  return window.document as unknown as Document;
}
const heads = (doc: Document) =>
  [...doc.head.children].map((element) => element.getAttribute('src') ?? element.getAttribute('href'));

afterEach(async () => {
  await Promise.all(windows.splice(0).map((window) => window.happyDOM.close()));
});

describe('plugin URLs (§9)', () => {
  it('serves the UI framework 2.5.6 from the common plugin folder', () => {
    expect(uiFrameworkUrls()).toEqual({
      script: '/common/plugins/element-ui/2.5.6/index.js',
      style: '/common/plugins/element-ui/2.5.6/theme-chalk/index.css',
    });
  });

  it('serves charts 4.0.5 with its four themes', () => {
    expect(CHART_THEMES).toEqual(['infographic', 'macarons', 'roma', 'shine']);
    expect(chartsUrls()).toEqual({ script: '/common/plugins/echarts/4.0.5/echarts.min.js' });
    expect(chartsUrls({ theme: 'roma' }).theme).toBe('/common/plugins/echarts/4.0.5/theme/roma.js');
  });

  it('takes a configured base and version', () => {
    expect(chartsUrls({ base: '/cdn', version: '5.0.0' }).script).toBe('/cdn/echarts/5.0.0/echarts.min.js');
  });
});

describe('plugin loaders', () => {
  it('loads the UI framework stylesheet and script', async () => {
    const doc = dom();
    await loadUiFramework({ document: doc });
    expect(heads(doc).sort()).toEqual([
      '/common/plugins/element-ui/2.5.6/index.js',
      '/common/plugins/element-ui/2.5.6/theme-chalk/index.css',
    ]);
  });

  it('loads the chart theme after the library, once', async () => {
    const doc = dom();
    await loadCharts({ document: doc, theme: 'shine' });
    await loadCharts({ document: doc, theme: 'shine' });
    expect(heads(doc)).toEqual([
      '/common/plugins/echarts/4.0.5/echarts.min.js',
      '/common/plugins/echarts/4.0.5/theme/shine.js',
    ]);
  });

  it('refuses an unknown chart theme instead of building a URL from it', async () => {
    const doc = dom();
    await expect(loadCharts({ document: doc, theme: '../../evil' as ChartTheme })).rejects.toThrow(RangeError);
    expect(heads(doc)).toEqual([]);
  });
});

describe('ignored app codes (§9)', () => {
  it('are desktop and comment', () => {
    expect(IGNORED_APP_CODES).toEqual(['desktop', 'comment']);
    expect(isIgnoredAppCode('desktop')).toBe(true);
    expect(isIgnoredAppCode('comment')).toBe(true);
    expect(isIgnoredAppCode('score')).toBe(false);
    expect(isIgnoredAppCode('Desktop')).toBe(false);
  });
});
