import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runInNewContext } from 'node:vm';
import { Window } from 'happy-dom';
import { atom, map } from 'nanostores';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createServer } from '../../demo/server/index';
import { siteFiles } from '../../demo/server/routes/site';
import { landingPath } from '../../src/core/routes/paths';
import { Client, startServer, type TestServer } from './helpers';

// The deploy-layout site (demo/site) served at `/`: the login page at the start URL, the landing pages of §2, the
// pages around login; none of it may stand in front of the server's own paths or reach outside its folder.

const repo = resolve(import.meta.dirname, '..', '..');
const siteRoot = join(repo, 'demo', 'site');

let t: TestServer;
let fixtures: string;
beforeAll(async () => {
  fixtures = mkdtempSync(join(tmpdir(), 'ph-site-'));
  mkdirSync(join(fixtures, 'dist'));
  writeFileSync(join(fixtures, 'dist', 'ph-widgets.js'), 'window.PH = {};\n');
  t = await startServer({
    staticRoots: [
      { prefix: '/dist/', root: join(fixtures, 'dist') },
      { prefix: '/demo/', root: join(repo, 'demo', 'pages') },
      { prefix: '/', root: siteRoot },
    ],
  });
});
afterAll(async () => {
  await t.stop();
  rmSync(fixtures, { recursive: true, force: true });
});

const plain = (path: string, init: RequestInit = {}) => fetch(t.url + path, { redirect: 'manual', ...init });

async function page(path: string): Promise<string> {
  const response = await plain(path);
  expect(response.status, path).toBe(200);
  expect(response.headers.get('content-type'), path).toBe('text/html; charset=utf-8');
  return response.text();
}

/** The path exactly as written (fetch would resolve `..` and re-encode): a raw HTTP/1.1 GET. */
function rawGet(path: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(t.url);
  return new Promise((resolvePromise, reject) => {
    const req = httpRequest({ host: hostname, port, path, method: 'GET' }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () => resolvePromise({ status: response.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const LANDINGS = [
  { device: 'pc', unitType: '2', path: '/pages/base/pc_desktop_all/index.html' },
  { device: 'h5', unitType: '2', path: '/pages/base/mobile_desktop_all/index.html' },
  { device: 'pc', unitType: '1', path: '/area/areaBase/pc_areaDesktop_all/index.html' },
  { device: 'h5', unitType: '1', path: '/area/areaBase/mobile_areaDesktop_all/index.html' },
] as const;

describe('the login page', () => {
  it('answers the start URL, /login, /authorize with the login page itself (200, no redirect)', async () => {
    for (const path of [
      '/',
      '/login',
      '/login/',
      '/login/index.html',
      '/login?redirect_uri=%2Fpages%2Fbase%2Fpc_desktop_all%2Findex.html',
      '/login/?redirect_uri=x',
      '/authorize?client_id=x',
      '/authorize/?client_id=demo-portal&redirect_uri=x',
    ]) {
      const html = await page(path);
      expect(html, path).toContain('<ph-login');
      expect(html, path).toContain('<script type="module" src="/dist/elements/ph-login.js"></script>');
      expect(html, path).toContain("loginTickitConifg: { apipath: '/api/sso/ticket/login' }");
      expect(html, path).toContain('示范实验学校');
    }
    const html = await page('/');
    expect(html).toMatch(/<ph-login[^>]*platforms='\[\{"provider":"qy"[^']*"provider":"mp"[^']*\]'/);
    expect(html).toMatch(/<ph-login[^>]*\sqr\s/);
    expect(html).not.toContain('no-auto-start');
    for (const language of ['zh-CN', 'en', 'zh-HK']) expect(html).toContain(`href="?language=${language}"`);
    expect((await plain('/', { method: 'HEAD' })).status).toBe(200);
  });

  it('serves the shared stylesheet and scripts with their types', async () => {
    const types: Record<string, string> = {
      '/shared/site.css': 'text/css; charset=utf-8',
      '/shared/landing.css': 'text/css; charset=utf-8',
      '/shared/site.js': 'text/javascript; charset=utf-8',
      '/shared/landing.js': 'text/javascript; charset=utf-8',
      '/shared/bind.js': 'text/javascript; charset=utf-8',
    };
    for (const [path, type] of Object.entries(types)) {
      const response = await plain(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toBe(type);
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
    }
  });
});

describe('the landing pages', () => {
  it('answer the production landing paths that core landingPath builds, with and without index.html', async () => {
    for (const landing of LANDINGS) {
      const built = landingPath({
        env: 'production',
        device: landing.device,
        unitType: landing.unitType,
        rootPath: 'pages',
        base: 'base',
        areaBase: 'areaBase',
      });
      expect(built).toBe(landing.path);
      const dir = landing.path.replace(/index\.html$/, '');
      for (const path of [landing.path, dir, dir.slice(0, -1)]) {
        const html = await page(path);
        expect(html, path).toContain('<script src="/dist/ph-widgets.js"></script>');
        expect(html, path).toContain('src="/shared/landing.js"');
        expect(html, path).toContain(`data-device="${landing.device}"`);
        for (const id of ['status', 'who', 'real-name', 'login-name', 'user-type', 'unit-name', 'children', 'logout']) {
          expect(html, `${path} #${id}`).toContain(`id="${id}"`);
        }
        expect(html).toMatch(/<ph-modal id="logout-confirm"/);
        expect(html).toContain('您确认要退出吗？');
        expect(html).toMatch(/<button id="logout-cancel" slot="footer"/);
        expect(html).toMatch(/<button id="logout-ok" slot="footer"/);
      }
    }
    expect((await plain('/pages/base/')).status).toBe(404);
    expect((await plain('/pages/base/pc_nothing_all/index.html')).status).toBe(404);
  });
});

describe('the pages around login', () => {
  it('answers the re-login, forgotten-password and bind pages', async () => {
    for (const path of ['/needtologinpagerelogin', '/needtologinpagerelogin/']) {
      const html = await page(path);
      expect(html).toContain('登录已失效，请重新登录');
      expect(html).toContain('<ph-login');
    }
    for (const path of ['/forgetPassword', '/forgetPassword/']) {
      const html = await page(path);
      expect(html).toContain('学校管理员');
      expect(html).toContain('href="/login"');
    }
    for (const path of ['/bind/', '/bind', '/bind/?id=p1&openid=o1&unionid=u1&deviceId=d1']) {
      const html = await page(path);
      expect(html).toContain('id="bind-form"');
      expect(html).toContain('src="/shared/bind.js"');
    }
  });
});

describe('the site leaves the server paths alone', () => {
  it('answers /api and /zuul with envelopes, not site pages', async () => {
    const client = new Client(t.url);
    const me = await client.get('/api/uaa/oauth/me');
    expect(me.status).toBe(401);
    expect(me.body.code).toBe('unauthorized');
    const unknown = await client.get('/api/login');
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('not_found');
    expect((await client.get('/zuul/api/nothing')).body.code).toBe('not_found');
    const list = await client.get<unknown[]>('/api/uaa/social_list');
    expect(list.body.code).toBe('ok');
    await client.login('teacher');
    expect((await client.get('/api/uaa/oauth/me')).body.code).toBe('ok');
  });

  it('keeps /dist/, /demo/, /static/, /common/, /sso/, manifests and language files', async () => {
    expect(await (await plain('/dist/ph-widgets.js')).text()).toContain('window.PH');
    expect(await (await plain('/demo/')).text()).toContain('pc_notice_tm');
    expect((await plain('/demo/pc_notice_tm/index.html')).status).toBe(200);
    expect((await plain('/static/logos/school.svg')).status).toBe(200);
    expect((await plain('/common/plugins/common-ph/1.6.0/css/blue.css')).status).toBe(200);
    expect((await plain('/common/plugins/common-ph/1.6.0/lang/en-ph.json')).status).toBe(200);
    expect((await plain('/pages/pc_grade_tm/lang/en-grade.json')).status).toBe(200);
    expect((await plain('/grade/manifest.json')).status).toBe(200);
    expect(await (await plain('/sso/login')).text()).toContain('<form');
  });

  it('does not leak files outside the site folder', async () => {
    for (const path of [
      '/..%2f..%2fpackage.json',
      '/..%2F..%2F..%2Fpackage.json',
      '/../../package.json',
      '/login/../../../package.json',
      '/login/..%2f..%2f..%2fpackage.json',
      '/shared/..%2f..%2f..%2fpackage.json',
      '/shared/%2e%2e/%2e%2e/%2e%2e/package.json',
      '/pages/base/pc_desktop_all/..%2f..%2f..%2f..%2fpackage.json',
      '/%2e%2e/%2e%2e/demo/server/main.ts',
      '/package.json',
      '/shared/.hidden',
    ]) {
      const answer = await rawGet(path);
      expect([400, 404], path).toContain(answer.status);
      expect(answer.body, path).not.toContain('"name": "ph-widgets"');
      expect(answer.body, path).not.toContain('createServer');
    }
  });
});

describe('the site folder', () => {
  const files = siteFiles(siteRoot);
  const html = files.filter((file) => file.endsWith('.html'));
  const scripts = files.filter((file) => file.endsWith('.js'));

  it('has every page, each with the empty favicon and the shared stylesheet', () => {
    expect(html).toEqual(
      expect.arrayContaining([
        'login/index.html',
        'needtologinpagerelogin/index.html',
        'forgetPassword/index.html',
        'bind/index.html',
        ...LANDINGS.map((landing) => landing.path.slice(1)),
      ]),
    );
    for (const file of html) {
      const text = readFileSync(join(siteRoot, file), 'utf8');
      expect(text, file).toContain('<link rel="icon" href="data:," />');
      expect(text, file).toContain('<link rel="stylesheet" href="/shared/site.css" />');
      expect(text, file).toContain('<meta name="viewport" content="width=device-width, initial-scale=1" />');
      expect(text, file).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write/);
    }
  });

  it('never writes HTML from script', () => {
    for (const file of scripts) {
      expect(readFileSync(join(siteRoot, file), 'utf8'), file).not.toMatch(
        /innerHTML|outerHTML|insertAdjacentHTML|document\.write/,
      );
    }
  });

  it('has every text in zh-CN, en and zh-HK, with the logout question of §2', () => {
    // Run the two classic scripts against a bare stand-in of the browser: they publish their tables.
    const noop = () => undefined;
    const document = {
      currentScript: null,
      addEventListener: noop,
      getElementById: () => null,
      querySelectorAll: () => [],
      documentElement: {},
      body: { dataset: {} },
    };
    const context: Record<string, unknown> = {
      document,
      location: { href: 'http://x/', search: '', pathname: '/' },
      URL,
      URLSearchParams,
      console,
    };
    context.window = context;
    for (const file of ['shared/site.js', 'shared/landing.js']) {
      runInNewContext(readFileSync(join(siteRoot, file), 'utf8'), context, { filename: file });
    }
    const site = context.PHSite as { texts: Record<string, Record<string, Record<string, string>>> };
    const landing = (context.PHLanding as { TEXT: Record<string, Record<string, string>> }).TEXT;
    const tables = { ...site.texts, landing };
    for (const [name, table] of Object.entries(tables)) {
      expect(Object.keys(table).sort(), name).toEqual(['en', 'zh-CN', 'zh-HK']);
      const keys = Object.keys(table['zh-CN'] ?? {}).sort();
      for (const language of ['en', 'zh-HK']) {
        expect(Object.keys(table[language] ?? {}).sort(), `${name} ${language}`).toEqual(keys);
      }
      for (const [language, texts] of Object.entries(table)) {
        for (const [key, value] of Object.entries(texts))
          expect(value.trim(), `${name}.${language}.${key}`).not.toBe('');
      }
    }
    expect(landing['zh-CN']?.logoutQuestion).toBe('您确认要退出吗？');
    expect(landing.en?.logoutQuestion).toBe('Are you sure you want to log out?');
    expect(landing['zh-HK']?.logoutQuestion).toBe('您確認要退出嗎？');
    expect(site.texts.login?.['zh-CN']?.title).toBe('示范实验学校 统一身份认证');
    expect(site.texts.login?.en?.title).toBe('Demo Experimental School sign-in');
    expect(site.texts.relogin?.['zh-CN']?.expired).toBe('登录已失效，请重新登录');
    expect(site.texts.relogin?.en?.expired).toBe('Your session has ended. Please sign in again.');
  });
});

describe('site root configuration', () => {
  it('refuses a site file that would shadow a server path', async () => {
    const bad = mkdtempSync(join(tmpdir(), 'ph-site-bad-'));
    const dataDir = mkdtempSync(join(tmpdir(), 'ph-site-data-'));
    try {
      mkdirSync(join(bad, 'api'));
      writeFileSync(join(bad, 'api', 'index.html'), '<!doctype html>');
      await expect(createServer({ dataDir, port: 0, staticRoots: [{ prefix: '/', root: bad }] })).rejects.toThrow(
        /api\/index\.html would shadow/,
      );
    } finally {
      rmSync(bad, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('without a site, / still goes to the demo index', async () => {
    const other = await startServer({ staticRoots: [{ prefix: '/demo/', root: join(repo, 'demo', 'pages') }] });
    try {
      const root = await fetch(`${other.url}/`, { redirect: 'manual' });
      expect(root.status).toBe(302);
      expect(root.headers.get('location')).toBe('/demo/');
      expect((await fetch(`${other.url}/login`, { redirect: 'manual' })).status).toBe(404);
    } finally {
      await other.stop();
    }
  });
});

// The page scripts, run in happy-dom against a stand-in of window.PH (the real one is exercised by the browser tiers):
// what each page shows and calls, and that server data is only ever text.

const windows: Window[] = [];
afterEach(async () => {
  await Promise.all(windows.splice(0).map((window) => window.happyDOM.close()));
});

interface OpenedPage {
  document: Document;
  /** Every location.assign of the page. */
  assigned: string[];
}

const settle = () => new Promise((resolvePromise) => setTimeout(resolvePromise, 20));

/**
 * The page's HTML without its scripts, then its scripts in document order: /shared/ files from the folder, inline
 * ones as written (modules too: they import nothing), data-* attributes kept; /dist/ bundles are replaced by `ph`.
 */
async function openSitePage(file: string, url: string, ph: unknown): Promise<OpenedPage> {
  const window = new Window({
    url,
    settings: { enableJavaScriptEvaluation: true, suppressInsecureJavaScriptEnvironmentWarning: true },
  });
  windows.push(window);
  const source = readFileSync(join(siteRoot, file), 'utf8');
  const scripts = [...source.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
  const document = window.document as unknown as Document;
  document.write(source.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, ''));
  const assigned: string[] = [];
  (window.location as unknown as { assign: (url: string) => void }).assign = (target) => {
    assigned.push(String(target));
  };
  if (ph) (window as unknown as { PH: unknown }).PH = ph;
  for (const [, attributes = '', body = ''] of scripts) {
    const src = /\ssrc="([^"]+)"/.exec(attributes)?.[1];
    if (src?.startsWith('/dist/')) continue;
    const script = document.createElement('script');
    for (const [, name = '', value = ''] of attributes.matchAll(/\s(data-[\w-]+)="([^"]*)"/g)) {
      script.setAttribute(name, value);
    }
    script.textContent = src ? readFileSync(join(siteRoot, src.slice(1)), 'utf8') : body;
    document.body.append(script);
  }
  await settle();
  return { document, assigned };
}

const HOSTILE = '<img src=x onerror="window.hacked=1">';

function parentSession() {
  const first = { id: 'c1', realName: `陈小明${HOSTILE}`, gradeName: '一年级', className: '1班', status: 1 };
  const second = { id: 'c2', realName: '陈小红', gradeName: '三年级', className: '2班', status: 1 };
  return {
    realName: '陈家长',
    loginName: 'parent',
    userType: 3,
    unitName: '示范实验学校',
    unitEnName: 'Demo Experimental School',
    unitType: '2',
    chirdenList: [first, second],
    currentChirden: first,
    chirdenId: 'c1',
  };
}

/** A stand-in PH whose fetchMe answers when the test says so. */
function standInPh(session: Record<string, unknown> | null, language = 'zh-CN') {
  let answer: (value: unknown) => void = () => undefined;
  const stores = { session: map<Record<string, unknown>>({}), loginStatus: atom('unknown') };
  const ph = {
    phinit: vi.fn(),
    initLanguage: vi.fn(async () => language),
    setLanguage: vi.fn(async (next: string) => next),
    notify: vi.fn(),
    request: vi.fn(),
    logout: vi.fn(async () => {
      // As core's logout: the session is emptied first, the status follows.
      stores.session.set({});
      stores.loginStatus.set('out');
      return true;
    }),
    fetchMe: vi.fn(
      () =>
        new Promise((resolvePromise) => {
          answer = resolvePromise;
        }),
    ),
    stores,
  };
  const answerMe = async () => {
    if (session) {
      stores.session.set(session);
      stores.loginStatus.set('in');
    } else stores.loginStatus.set('out');
    answer(session);
    await settle();
  };
  return { ph, answerMe };
}

const text = (document: Document, id: string) => document.getElementById(id)?.textContent ?? null;
const hidden = (document: Document, id: string) => (document.getElementById(id) as HTMLElement | null)?.hidden;

describe('landing page script', () => {
  it('shows a placeholder, then a parent with the children as text, and logs out after the confirmation', async () => {
    const { ph, answerMe } = standInPh(parentSession(), 'en');
    const href = 'http://school.example/pages/base/pc_desktop_all/index.html?language=en';
    const { document, assigned } = await openSitePage('pages/base/pc_desktop_all/index.html', href, ph);
    expect(ph.phinit).toHaveBeenCalledWith({
      code: 'desktop',
      appCode: 'base',
      env: 'production',
      device: 'pc',
      appPath: '/pages/base',
      languagePack: {},
    });
    expect(hidden(document, 'status')).toBe(false);
    expect(text(document, 'status')).toBe('Checking your sign-in…');
    expect(hidden(document, 'who')).toBe(true);
    expect(document.body.dataset.loginStatus).toBe('unknown');
    expect(document.documentElement.lang).toBe('en');

    await answerMe();
    expect(document.body.dataset.loginStatus).toBe('in');
    expect(hidden(document, 'status')).toBe(true);
    expect(hidden(document, 'who')).toBe(false);
    expect(text(document, 'real-name')).toBe('陈家长');
    expect(text(document, 'login-name')).toBe('parent');
    expect(text(document, 'user-type')).toBe('Parent');
    expect(text(document, 'unit-name')).toBe('Demo Experimental School');
    expect(hidden(document, 'children-section')).toBe(false);
    const items = [...document.querySelectorAll('#children > li')];
    expect(items.map((item) => item.getAttribute('data-child-id'))).toEqual(['c1', 'c2']);
    expect(items[0]?.querySelector('.child-name')?.textContent).toBe(`陈小明${HOSTILE}`);
    expect(items[1]?.querySelector('.child-grade')?.textContent).toBe('三年级');
    expect(items[1]?.querySelector('.child-class')?.textContent).toBe('2班');
    expect(items[0]?.getAttribute('aria-current')).toBe('true');
    expect(items[1]?.hasAttribute('aria-current')).toBe(false);
    expect(document.querySelector('img')).toBeNull();

    expect(text(document, 'logout')).toBe('Sign out');
    expect(text(document, 'logout-question')).toBe('Are you sure you want to log out?');
    expect(text(document, 'logout-cancel')).toBe('Cancel');
    expect(text(document, 'logout-ok')).toBe('OK');
    const modal = document.getElementById('logout-confirm') as HTMLElement & { open?: boolean };
    (document.getElementById('logout') as HTMLButtonElement).click();
    expect(modal.open).toBe(true);
    (document.getElementById('logout-cancel') as HTMLButtonElement).click();
    expect(modal.open).toBe(false);
    expect(ph.logout).not.toHaveBeenCalled();
    (document.getElementById('logout') as HTMLButtonElement).click();
    (document.getElementById('logout-ok') as HTMLButtonElement).click();
    await settle();
    expect(ph.logout).toHaveBeenCalledTimes(1);
    expect(assigned).toEqual(['/login']);
    expect(text(document, 'real-name')).toBe('陈家长');
  });

  it('names a teacher in traditional Chinese on the area mobile page, without a children list', async () => {
    const session = { ...parentSession(), realName: '周督导', loginName: 'areauser', userType: 2, chirdenList: [] };
    const { ph, answerMe } = standInPh(session, 'zh-HK');
    const href = 'http://school.example/area/areaBase/mobile_areaDesktop_all/index.html';
    const { document } = await openSitePage('area/areaBase/mobile_areaDesktop_all/index.html', href, ph);
    expect(ph.phinit).toHaveBeenCalledWith(
      expect.objectContaining({ code: 'areaDesktop', appCode: 'areaBase', device: 'h5', appPath: '/area/areaBase' }),
    );
    await answerMe();
    expect(text(document, 'user-type')).toBe('教師');
    expect(text(document, 'unit-name')).toBe('示范实验学校');
    expect(text(document, 'page-title')).toBe('區域桌面');
    expect(hidden(document, 'children-section')).toBe(true);
    expect(text(document, 'logout-question')).toBe('您確認要退出嗎？');
    expect(text(document, 'logout-ok')).toBe('確定');
  });

  it('sends a visitor without a session to /login with redirect_uri (§8)', async () => {
    const { ph, answerMe } = standInPh(null);
    const href = 'http://school.example/pages/base/mobile_desktop_all/index.html?x=1';
    const { document, assigned } = await openSitePage('pages/base/mobile_desktop_all/index.html', href, ph);
    await answerMe();
    expect(assigned).toEqual([`/login?redirect_uri=${encodeURIComponent(href)}`]);
    expect(hidden(document, 'who')).toBe(true);
    expect(text(document, 'logout-question')).toBe('您确认要退出吗？');
  });

  it('says so when the widgets are not built', async () => {
    const href = 'http://school.example/pages/base/pc_desktop_all/index.html';
    const { document, assigned } = await openSitePage('pages/base/pc_desktop_all/index.html', href, null);
    expect(text(document, 'status')).toContain('/dist/ph-widgets.js');
    expect(assigned).toEqual([]);
  });
});

describe('login page script', () => {
  it('calls phinit with the SSO ticket path, renders the language and keeps redirect_uri in the language links', async () => {
    const { ph } = standInPh(null, 'en');
    const href = 'http://school.example/login?redirect_uri=%2Fpages%2Fbase%2Fpc_desktop_all%2Findex.html';
    const { document, assigned } = await openSitePage('login/index.html', href, ph);
    expect(ph.phinit).toHaveBeenCalledWith({
      code: 'login',
      appCode: 'base',
      env: 'production',
      device: 'pc',
      languagePack: {},
      loginTickitConifg: { apipath: '/api/sso/ticket/login' },
    });
    expect(ph.initLanguage).toHaveBeenCalled();
    expect(document.title).toBe('Demo Experimental School sign-in');
    expect(document.documentElement.lang).toBe('en');
    expect(document.querySelector('h1')?.textContent?.replace(/\s+/g, ' ').trim()).toBe(
      'Demo Experimental School Sign-in',
    );
    const login = document.querySelector('ph-login');
    expect(JSON.parse(login?.getAttribute('platforms') ?? '[]')).toEqual([
      { provider: 'qy', name: 'WeCom', icon: '/static/img/wecom.svg' },
      { provider: 'mp', name: 'WeChat', icon: '/static/img/wechat.svg' },
    ]);
    expect(login?.hasAttribute('qr')).toBe(true);
    const links = [...document.querySelectorAll('.languages a')] as HTMLAnchorElement[];
    expect(links.map((link) => link.getAttribute('href'))).toEqual(
      ['zh-CN', 'en', 'zh-HK'].map(
        (language) => `/login?redirect_uri=%2Fpages%2Fbase%2Fpc_desktop_all%2Findex.html&language=${language}`,
      ),
    );
    expect(links.map((link) => link.getAttribute('aria-current'))).toEqual([null, 'true', null]);
    expect(document.querySelector('nav')?.getAttribute('aria-label')).toBe('Language');
    links[2]?.click();
    await settle();
    expect(ph.setLanguage).toHaveBeenCalledWith('zh-HK');
    expect(assigned).toEqual([`http://school.example${links[2]?.getAttribute('href')}`]);
  });

  it('the re-login page explains itself in the chosen language', async () => {
    const { ph } = standInPh(null, 'zh-HK');
    const { document } = await openSitePage('needtologinpagerelogin/index.html', 'http://school.example/x', ph);
    expect(text(document, 'expired')).toBe('登錄已失效，請重新登錄');
    expect(document.querySelector('ph-login')).not.toBeNull();
  });
});

describe('bind page script', () => {
  const href = 'http://school.example/bind/?id=p1&openid=o1&unionid=u1&deviceId=d1&language=en';

  it('checks the fields, posts social_bind, shows the server message, then goes to / on success', async () => {
    const { ph } = standInPh(null, 'en');
    ph.request
      .mockRejectedValueOnce(Object.assign(new Error(`Incorrect password${HOSTILE}`), { status: 400 }))
      .mockResolvedValueOnce({ status: 200, code: 'ok', data: {} });
    const { document, assigned } = await openSitePage('bind/index.html', href, ph);
    expect(ph.phinit).toHaveBeenCalledWith(expect.objectContaining({ code: 'bind', appCode: 'base' }));
    expect(text(document, 'bind-submit')).toBe('Link and sign in');
    const form = document.getElementById('bind-form') as HTMLFormElement;
    const username = document.getElementById('bind-username') as HTMLInputElement;
    const password = document.getElementById('bind-password') as HTMLInputElement;
    const submit = () => form.requestSubmit();

    submit();
    await settle();
    expect(ph.request).not.toHaveBeenCalled();
    expect(text(document, 'bind-username-error')).toBe('User name cannot be empty!');
    expect(text(document, 'bind-password-error')).toBe('Password cannot be empty!');
    expect(username.getAttribute('aria-invalid')).toBe('true');

    username.value = '  parent ';
    password.value = 'wrong';
    submit();
    await settle();
    expect(ph.request).toHaveBeenCalledWith({
      url: '/api/uaa/social_bind',
      method: 'post',
      data: { id: 'p1', username: 'parent', password: 'wrong' },
      noIntercept: true,
    });
    expect(text(document, 'bind-username-error')).toBe('');
    expect(text(document, 'bind-error')).toBe(`Incorrect password${HOSTILE}`);
    expect(document.querySelector('img')).toBeNull();
    expect((document.getElementById('bind-submit') as HTMLButtonElement).disabled).toBe(false);
    expect(assigned).toEqual([]);

    password.value = 'Demo@2026';
    submit();
    await settle();
    expect(ph.request).toHaveBeenCalledTimes(2);
    expect(assigned).toEqual(['/']);
  });

  it('says the link request is missing without an id, and posts nothing', async () => {
    const { ph } = standInPh(null, 'zh-CN');
    const { document } = await openSitePage('bind/index.html', 'http://school.example/bind/', ph);
    expect(text(document, 'bind-error')).toBe('缺少绑定参数，请返回登录页重新进行第三方登录。');
  });
});
