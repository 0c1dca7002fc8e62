import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runInNewContext } from 'node:vm';
import { Window } from 'happy-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_NLS_APP_KEYS } from '../../demo/server/config';
import { createServer } from '../../demo/server/index';
import { siteFiles } from '../../demo/server/routes/site';
import { SITE_BAR_MARK, siteBar, withSiteBar } from '../../demo/server/routes/site-bar';
import { LANGUAGE_NAMES, LANGUAGES } from '../../src/core/i18n/language';
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
      // The element and the page's start are loaded after the first paint (the server's data-ph-after-paint).
      expect(html, path).toContain('const scripts = ["/dist/elements/ph-login.js","/shared/login.js"];');
      expect(html, path).toContain('示范实验学校');
    }
    const html = await page('/');
    expect(html).toMatch(/<ph-login[^>]*platforms='\[\{"provider":"qy"[^']*"provider":"mp"[^']*\]'/);
    expect(html).toMatch(/<ph-login[^>]*\sqr\s/);
    expect(html).not.toContain('no-auto-start');
    for (const language of ['zh-CN', 'en', 'zh-HK']) expect(html).toContain(`href="?language=${language}"`);
    expect((await plain('/', { method: 'HEAD' })).status).toBe(200);
    const start = await (await plain('/shared/login.js')).text();
    expect(start).toContain("loginTickitConifg: { apipath: '/api/sso/ticket/login' }");
  });

  it('paints from its HTML alone (issue 70, LCP): the shared sheet inside the page, no script that holds the parser', async () => {
    const html = await page('/');
    expect(html).toContain('<style data-inlined-from="/shared/site.css">');
    expect(html).toContain('.site-bar');
    expect(html).not.toMatch(/<link[^>]*stylesheet/);
    // Nothing holds the first paint, so the page says what must be parsed first: the whole form, up to the footer
    // (painted early, the centred form moved up as the rest arrived: CLS 0.3).
    expect(html).toContain('<link rel="expect" href="#site-footer" blocking="render" />');
    expect(html).toMatch(/<footer [^>]*id="site-footer"/);
    const head = html.slice(0, html.indexOf('<body'));
    const scripts = [...head.matchAll(/<script\b[^>]*\bsrc=[^>]*>/g)].map(([tag]) => tag);
    expect(scripts.length).toBeGreaterThan(1);
    expect(scripts.filter((tag) => !/\s(defer|async)[\s>]|type="module"/.test(tag))).toEqual([]);
  });

  it('serves the shared stylesheet and scripts with their types', async () => {
    const types: Record<string, string> = {
      '/shared/site.css': 'text/css; charset=utf-8',
      '/shared/site.js': 'text/javascript; charset=utf-8',
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
        expect(html, path).toContain('<script type="module" src="/dist/shell/shell.js"></script>');
        expect(html, path).toContain('<link rel="stylesheet" href="/dist/shell/shell.css" />');
        expect(html, path).toContain(`data-device="${landing.device}"`);
        expect(html, path).toContain(`data-code="${landing.unitType === '1' ? 'areaDesktop' : 'desktop'}"`);
        expect(html, path).not.toContain('data-env=');
      }
    }
    for (const landing of LANDINGS) {
      // The development forms of §2 (/pc_desktop_all.html …) run the same shell in development mode.
      const built = landingPath({
        env: 'development',
        device: landing.device,
        unitType: landing.unitType,
        rootPath: 'pages',
        base: 'base',
        areaBase: 'areaBase',
      });
      const html = await page(built);
      expect(html, built).toContain('<script type="module" src="/dist/shell/shell.js"></script>');
      expect(html, built).toContain(`data-device="${landing.device}"`);
    }
    expect((await plain('/pages/base/')).status).toBe(404);
    expect((await plain('/pages/base/pc_nothing_all/index.html')).status).toBe(404);
  });
});

describe('the pages around login', () => {
  it("prefers a module page the site has (grade's) to the server's stand-in", async () => {
    expect(await page('/pages/grade/pc_grade_tm/index.html')).toContain('成绩录入');
    expect(await page('/pages/notice/pc_notice_tm/index.html')).toContain('(a demo module page)');
  });

  it('gives the grade page that voice lands on a voice button in its header, on the demo gateway (issue 56)', async () => {
    const grade = await page('/pages/grade/pc_grade_tm/index.html');
    expect(grade).toContain('<ph-header><ph-voice slot="end"></ph-voice></ph-header>');
    expect(grade).toMatch(/voice: \{\s*recognizer: 'nls',\s*nlsUrl: '\/nls-gateway\/ws\/v1'/);
    for (const key of Object.values(DEMO_NLS_APP_KEYS)) expect(grade).toContain(`'${key}'`);
  });

  it('answers the re-login, forgotten-password, help and bind pages', async () => {
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
    for (const path of ['/help', '/help/', '/help/?redUrl=%2Fdemo%2F&accessToken=t0k&unitId=unit-school']) {
      const html = await page(path);
      expect(html).toContain('data-text="page.help.step2"');
      expect(html).toContain('PH.helpPageAddress(location.href)');
      // The way back starts hidden: the page shows it only for a redUrl on this site.
      expect(html).toMatch(/<a id="back"[^>]* hidden>/);
      expect(html).not.toContain('t0k');
    }
    for (const path of ['/bind/', '/bind', '/bind/?id=p1&openid=o1&unionid=u1&deviceId=d1']) {
      const html = await page(path);
      expect(html).toContain('id="bind-form"');
      expect(html).toContain('src="/shared/bind.js"');
    }
  });
});

describe('the top bar of the site pages', () => {
  /** The pages around login and the clock-in page: each shows the unit's name and the language links. */
  const BAR_PAGES = ['/', '/needtologinpagerelogin', '/forgetPassword', '/help/', '/bind/', '/pc_clockIn_all.html'];

  it('is written once: the server puts the one bar where a page asks for it, in the HTML it sends', async () => {
    for (const path of BAR_PAGES) {
      const html = await page(path);
      expect(html, path).not.toContain(SITE_BAR_MARK);
      expect(html.split('<header class="site-bar">'), path).toHaveLength(2);
      expect(html, path).toContain(siteBar('示范实验学校', '    '));
    }
    for (const file of siteFiles(siteRoot).filter((name) => name.endsWith('.html'))) {
      expect(readFileSync(join(siteRoot, file), 'utf8'), file).not.toContain('class="site-bar"');
    }
  });

  it("names the page's unit and links every language by its own name, as text", () => {
    const bar = siteBar('<b>Tom & Jerry</b> 学校');
    expect(bar).toContain('<span class="site-unit" data-unit-name>&lt;b&gt;Tom &amp; Jerry&lt;/b&gt; 学校</span>');
    expect(bar).toContain('aria-label="语言" data-label="page.languages"');
    expect(
      [...bar.matchAll(/<a href="\?language=([\w-]+)" lang="\1" hreflang="\1">([^<]+)<\/a>/g)].map((m) => m.slice(1)),
    ).toEqual(LANGUAGES.map((language) => [language, LANGUAGE_NAMES[language]]));
    const page = `<html lang="zh-CN" data-unit="&quot;一中&quot;"><body>\n  ${SITE_BAR_MARK}\n</body></html>`;
    expect(withSiteBar(page)).toContain(`\n  ${siteBar('"一中"', '  ')}\n`);
    expect(withSiteBar('<html><body><main></main></body></html>')).toBe('<html><body><main></main></body></html>');
  });
});

describe("the units' help center (issue 56)", () => {
  it('is a page of this site: the footer links a path the server answers, not a host that does not exist', async () => {
    const answer = await new Client(t.url).get<{ decorationSet: string }>(
      '/api/uaa/oauth/login/unit_config?unitId=unit-school',
    );
    const helpCenter = JSON.parse(answer.body.data.decorationSet).footerMsg.helpCenter as string;
    expect(helpCenter).toBe('/help/');
    expect(await page(`${helpCenter}?redUrl=%2Flogin&unitId=unit-school`)).toContain(
      '<h1 data-text="page.help.heading">',
    );
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
        'help/index.html',
        'bind/index.html',
        ...LANDINGS.map((landing) => landing.path.slice(1)),
      ]),
    );
    for (const file of html) {
      const text = readFileSync(join(siteRoot, file), 'utf8');
      expect(text, file).toContain('<link rel="icon" href="data:," />');
      const landing = LANDINGS.some((entry) => entry.path === `/${file}`);
      const sheet = landing ? '/dist/shell/shell.css' : '/shared/site.css';
      expect(text, file).toMatch(new RegExp(`<link rel="stylesheet" href="${sheet}"( data-ph-inline)? />`));
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

describe('the legacy IE message (§2)', () => {
  const LEGACY = readFileSync(join(repo, 'src', 'shell', 'legacy-browser.js'), 'utf8');
  /** The login pages, the landing pages, module pages (a stand-in, the grade app's, the legacy demo) and the shell's. */
  const PAGES = [
    '/login',
    '/bind',
    '/forgetPassword',
    '/help/',
    '/needtologinpagerelogin',
    ...LANDINGS.map((landing) => landing.path),
    '/pages/notice/pc_notice_tm/index.html',
    '/pages/grade/pc_grade_tm/index.html',
    '/demo/pc_notice_tm/index.html',
  ];

  /** Runs the legacy script in a DOM that says it is IE (documentMode, user agent), then the page's onload. */
  function runAs(documentMode: number | undefined, userAgent: string) {
    const dom = new Window();
    dom.document.body.innerHTML = '<div id="root"></div>';
    Object.defineProperty(dom.document, 'documentMode', { value: documentMode });
    const window: { onload?: () => void; phLegacyBrowser?: boolean } = {};
    runInNewContext(LEGACY, { window, document: dom.document, navigator: { userAgent } });
    window.onload?.();
    const body = dom.document.body.innerHTML;
    dom.close();
    return { body, legacy: window.phLegacyBrowser === true };
  }

  it('is the first script of every page, a classic one that IE 6–8 run at once and others do not wait for', async () => {
    const shell = readFileSync(join(repo, 'src', 'shell', 'index.html'), 'utf8');
    for (const [path, html] of [
      ...(await Promise.all(PAGES.map(async (path) => [path, await page(path)] as const))),
      ['src/shell/index.html', shell] as const,
    ]) {
      const first = /<script\b[^>]*>/.exec(html)?.[0];
      expect(first, path).toMatch(/^<script async src="(\/dist\/shell|\.)\/legacy-browser\.js">$/);
    }
  });

  it('replaces the page with the Chinese message and a download link in IE 6–8 only', () => {
    for (const [mode, agent] of [
      [undefined, 'Mozilla/4.0 (compatible; MSIE 6.0; Windows NT 5.1)'],
      [7, 'Mozilla/4.0 (compatible; MSIE 7.0; Windows NT 6.0)'],
      [8, 'Mozilla/4.0 (compatible; MSIE 8.0; Windows NT 6.1; Trident/4.0)'],
    ] as const) {
      const result = runAs(mode, agent);
      expect(result.legacy, agent).toBe(true);
      expect(result.body).toContain('您的浏览器版本过低，请升级到新版浏览器后再访问。');
      expect(result.body).toContain('<a href="https://www.google.cn/chrome/">下载新版浏览器</a></p>');
      expect(result.body).not.toContain('root');
    }
    for (const [mode, agent] of [
      [9, 'Mozilla/5.0 (compatible; MSIE 9.0; Windows NT 6.1; Trident/5.0)'],
      [11, 'Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0) like Gecko'],
      [undefined, 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36'],
    ] as const) {
      expect(runAs(mode, agent), agent).toEqual({ body: '<div id="root"></div>', legacy: false });
    }
  });

  it('is written in what IE 8 parses: no trailing comma in a call, no arrow, no let or const, no template', () => {
    const code = LEGACY.replace(/\/\*[\s\S]*?\*\//g, '');
    expect(code).not.toMatch(/,\s*\)|=>|\blet\b|\bconst\b|`/);
  });
});
