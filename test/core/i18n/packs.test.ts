import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { memoryLocation, phinit, setLocationAdapter } from '../../../src/core/config';
import {
  languageRoot,
  loadLanguagePack,
  pageLanguagePackUrl,
  sharedLanguagePackUrl,
} from '../../../src/core/i18n/packs';
import { $language, $languageTable, t } from '../../../src/core/i18n/translate';
import { $notices } from '../../../src/core/notify';
import { envelope, sendJson, startServer, type TestServer } from '../http/server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
  server.route('GET', '/common/plugins/common-ph/1.6.0/lang/en-ph.json', (_req, res) =>
    sendJson(res, 200, { hello: 'Hello (shared)', bye: 'Bye' }),
  );
  server.route('GET', '/pages/desktop/lang/en-base.json', (_req, res) => sendJson(res, 200, { hello: 'Hello (page)' }));
  server.route('GET', '/area/areaDesk/lang/en-base.json', (_req, res) => sendJson(res, 200, { area: 'Area' }));
});
afterAll(() => {
  setLocationAdapter(memoryLocation());
  return server.close();
});
let page = memoryLocation();
beforeEach(() => {
  server.received.length = 0;
  $languageTable.set({});
  $notices.set([]);
  // Language files come from the page's own root (issue 8 §14): the page is on the test server, the API elsewhere.
  page = memoryLocation(`${server.base}/pages/desktop/pc_desktop_all/index.html`);
  setLocationAdapter(page);
  phinit({ code: 'desktop', appCode: 'base', apiBase: 'http://api.elsewhere.test', env: 'production' });
});

const options = {
  language: 'en' as const,
  appCode: 'base',
  pageCode: 'desktop',
  rootPath: 'pages',
  env: 'production' as const,
  pathname: '/pages/desktop/pc_desktop_all/index.html',
};
const paths = () => server.received.map((entry) => entry.url.pathname);

describe('loadLanguagePack (§4)', () => {
  it('zh-CN loads nothing', async () => {
    await loadLanguagePack({ ...options, language: 'zh-CN' });
    expect(server.received).toHaveLength(0);
    expect($languageTable.get()).toEqual({});
  });

  it('a preloaded table becomes the active table and nothing is fetched', async () => {
    $languageTable.set({ old: 'x' });
    expect(await loadLanguagePack({ ...options, preloaded: { hello: 'Preloaded' } })).toEqual({ hello: 'Preloaded' });
    expect(server.received).toHaveLength(0);
  });

  it('shared file then page file, merged with the page winning, cached and without a timestamp', async () => {
    const table = await loadLanguagePack(options);
    expect(table).toEqual({ hello: 'Hello (page)', bye: 'Bye' });
    expect(paths().sort()).toEqual([
      '/common/plugins/common-ph/1.6.0/lang/en-ph.json',
      '/pages/desktop/lang/en-base.json',
    ]);
    expect(server.received.every((entry) => !entry.url.searchParams.has('_t'))).toBe(true);
    $language.set('en');
    expect(t('hello')).toBe('Hello (page)');
    $language.set('zh-CN');
  });

  it('the flag skips the shared file', async () => {
    expect(await loadLanguagePack({ ...options, skipShared: true })).toEqual({ hello: 'Hello (page)' });
    expect(paths()).toEqual(['/pages/desktop/lang/en-base.json']);
  });

  it('failures are ignored silently and the load still completes', async () => {
    const table = await loadLanguagePack({ ...options, language: 'zh-HK' });
    expect(table).toEqual({});
    expect(paths()).toHaveLength(2);
    expect($notices.get()).toEqual([]);
  });

  it('a file that is not a JSON object is ignored', async () => {
    expect(await loadLanguagePack({ ...options, fetcher: async () => 'oops' as never })).toEqual({});
    expect(await loadLanguagePack({ ...options, fetcher: () => Promise.reject(new Error('x')) })).toEqual({});
  });

  it('merges into the table of the same language (two pages of one document add their keys)', async () => {
    await loadLanguagePack({ ...options, fetcher: async () => ({ a: 'A' }) });
    expect(await loadLanguagePack({ ...options, fetcher: async () => ({ b: 'B' }) })).toEqual({ a: 'A', b: 'B' });
  });

  it('a pack never leaks into another language: zh-CN drops it, zh-HK starts from its own files', async () => {
    await loadLanguagePack(options);
    $language.set('en');
    expect(t('bye')).toBe('Bye');
    expect(await loadLanguagePack({ ...options, language: 'zh-CN' })).toEqual({});
    $language.set('zh-CN');
    expect(t('bye')).toBe('bye');
    await loadLanguagePack(options);
    const table = await loadLanguagePack({ ...options, language: 'zh-HK', fetcher: async () => ({ hello: '你好' }) });
    expect(table).toEqual({ hello: '你好' });
    expect($languageTable.get()).toEqual({ hello: '你好' });
  });

  it('an answer arriving after the user switched to another language is not applied', async () => {
    let release: () => void = () => {};
    const slow = new Promise<void>((resolve) => {
      release = resolve;
    });
    const late = loadLanguagePack({
      ...options,
      fetcher: async () => {
        await slow;
        return { hello: 'Hello (late)' };
      },
    });
    await loadLanguagePack({ ...options, language: 'zh-HK', fetcher: async () => ({ hello: '你好' }) });
    release();
    expect(await late).toEqual({ hello: 'Hello (late)' });
    expect($languageTable.get()).toEqual({ hello: '你好' });
    await loadLanguagePack({ ...options, language: 'zh-CN' });
    expect($languageTable.get()).toEqual({});
  });

  it('a 401 on a language file is ignored: no refresh, no login page (issue 8 §14)', async () => {
    server.route('GET', '/pages/desktop/lang/en-grade.json', (_req, res) => sendJson(res, 401, envelope(401)));
    server.route('GET', '/api/uaa/oauth/refresh', (_req, res) => sendJson(res, 200, envelope(200)));
    const table = await loadLanguagePack({ ...options, appCode: 'grade', skipShared: true });
    expect(table).toEqual({});
    expect(paths()).toEqual(['/pages/desktop/lang/en-grade.json']);
    expect(page.visited).toEqual([]);
    expect($notices.get()).toEqual([]);
  });

  it('development pages with area in the code read under area', async () => {
    const table = await loadLanguagePack({ ...options, env: 'development', pageCode: 'areaDesk', skipShared: true });
    expect(table).toEqual({ area: 'Area' });
  });
});

describe('language root segment (§7 notes)', () => {
  it('production: first segment of the path, else the configured root', () => {
    expect(languageRoot({ ...options, pathname: '/custom/desktop/index.html' })).toBe('custom');
    expect(languageRoot({ ...options, pathname: '/' })).toBe('pages');
    expect(languageRoot({ ...options, pathname: '/pc_desktop_all.html' })).toBe('pages');
  });

  it('development: the configured root, except area/Area page codes', () => {
    expect(languageRoot({ ...options, env: 'development', pathname: '/custom/x' })).toBe('pages');
    expect(languageRoot({ ...options, env: 'development', pageCode: 'myArea' })).toBe('area');
    expect(languageRoot({ ...options, env: 'development', pageCode: 'areaDesktop' })).toBe('area');
  });

  it('production always answers a segment of the path or the root', () => {
    const segment = fc.stringMatching(/^[a-z][a-z0-9_-]{0,8}$/);
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 4 }), (segments) => {
        const root = languageRoot({ ...options, pathname: `/${segments.join('/')}` });
        expect(root).toBe(segments[0] ?? 'pages');
      }),
    );
  });

  it('file urls', () => {
    expect(sharedLanguagePackUrl('zh-HK')).toBe('/common/plugins/common-ph/1.6.0/lang/zh-HK-ph.json');
    expect(pageLanguagePackUrl('pages', 'desktop', 'base', 'en')).toBe('/pages/desktop/lang/en-base.json');
  });
});
