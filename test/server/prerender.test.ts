import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTagAttributes, withPrerenderedElements } from '../../demo/server/prerender';
import { startServer, type TestServer } from './helpers';

// The reference server puts each inline <ph-login>'s first render (ph-widgets/server, from the served build) into the
// pages it sends. Here the build's module is a stand-in that says what it was asked, so that these tests are about the
// server's part: which tags, which attributes, which language; test/build/server-render.test.ts covers the renderer.

const repo = resolve(import.meta.dirname, '..', '..');

describe('startTagAttributes', () => {
  it.each([
    [' id="login" qr', { id: 'login', qr: '' }],
    [` platforms='[{"provider":"qy"}]'`, { platforms: '[{"provider":"qy"}]' }],
    [' heading=教师 MODE="dialog"', { heading: '教师', mode: 'dialog' }],
    [' heading="a &amp; b &lt;c&gt; &quot;d&quot; &#39;e&#39;"', { heading: `a & b <c> "d" 'e'` }],
    [' qr qr="second"', { qr: '' }],
    ['\n  no-auto-start\n  heading = "x"\n', { 'no-auto-start': '', heading: 'x' }],
    ['', {}],
  ])('%j', (text, expected) => {
    expect(startTagAttributes(text)).toEqual(expected);
  });
});

describe('withPrerenderedElements', () => {
  const calls: [Record<string, string>, string][] = [];
  const stub = (_tag: 'ph-login', attributes: Record<string, string>, language: string) => {
    calls.push([attributes, language]);
    return attributes.mode === 'dialog' ? null : `<template shadowrootmode="open">${language}</template>`;
  };

  it('renders each inline element right after its start tag, and passes over comments, scripts and styles', () => {
    calls.length = 0;
    const html = [
      '<!-- a <ph-login> in a comment -->',
      '<script>document.body.innerHTML = "<ph-login></ph-login>";</script>',
      '<style>ph-login{display:block}</style>',
      '<ph-login id="a" qr></ph-login>',
      '<ph-login mode="dialog"></ph-login>',
      '<ph-login id="b"><template shadowrootmode="open">kept</template></ph-login>',
      '<PH-LOGIN heading="x>y"></PH-LOGIN>',
    ].join('\n');
    const sent = withPrerenderedElements(html, 'en', stub).split('\n');
    expect(sent).toEqual([
      '<!-- a <ph-login> in a comment -->',
      '<script>document.body.innerHTML = "<ph-login></ph-login>";</script>',
      '<style>ph-login{display:block}</style>',
      '<ph-login id="a" qr><template shadowrootmode="open">en</template></ph-login>',
      '<ph-login mode="dialog"></ph-login>',
      '<ph-login id="b"><template shadowrootmode="open">kept</template></ph-login>',
      '<PH-LOGIN heading="x>y"><template shadowrootmode="open">en</template></PH-LOGIN>',
    ]);
    expect(calls).toEqual([
      [{ id: 'a', qr: '' }, 'en'],
      [{ mode: 'dialog' }, 'en'],
      [{ heading: 'x>y' }, 'en'],
    ]);
  });

  it('leaves the elements after the classic bundle loaded as a blocking script, which defines them while parsing', () => {
    const page = (head: string) =>
      withPrerenderedElements(`<ph-login id="a"></ph-login>${head}<ph-login id="b"></ph-login>`, 'zh-CN', stub);
    const rendered = (html: string) => (html.match(/<template/g) ?? []).length;
    expect(rendered(page('<script src="/dist/ph-widgets.js"></script>'))).toBe(1);
    expect(rendered(page('<SCRIPT SRC="https://cdn.example/ph-widgets.js?v=2"></SCRIPT>'))).toBe(1);
    expect(rendered(page('<script defer src="/dist/ph-widgets.js"></script>'))).toBe(2);
    expect(rendered(page('<script async src="/dist/ph-widgets.js"></script>'))).toBe(2);
    expect(rendered(page('<script type="module" src="/dist/elements/ph-login.js"></script>'))).toBe(2);
    expect(rendered(page('<script src="/shared/site.js"></script>'))).toBe(2);
    expect(rendered(page('<script src="/dist/my-ph-widgets.js.map.js"></script>'))).toBe(2);
  });
});

describe('pages sent by the server', () => {
  let t: TestServer;
  let fixtures: string;
  beforeAll(async () => {
    fixtures = mkdtempSync(join(tmpdir(), 'ph-prerender-'));
    mkdirSync(join(fixtures, 'dist', 'server'), { recursive: true });
    writeFileSync(
      join(fixtures, 'dist', 'server', 'index.js'),
      [
        'export const prerender = (tag, attributes, language) =>',
        "  '<template shadowrootmode=\"open\">' + [tag, JSON.stringify(attributes), language].join(' ') + '</template>';",
      ].join('\n'),
    );
    mkdirSync(join(fixtures, 'nobuild'));
    t = await startServer({
      staticRoots: [
        { prefix: '/dist/', root: join(fixtures, 'dist') },
        { prefix: '/', root: join(repo, 'demo', 'site') },
      ],
    });
  });
  afterAll(async () => {
    await t.stop();
    rmSync(fixtures, { recursive: true, force: true });
  });

  const html = async (path: string) => {
    // Unencoded, so that the length the server declares can be held against the page it changed.
    const response = await fetch(t.url + path, { headers: { accept: 'text/html', 'accept-encoding': 'identity' } });
    const body = await response.text();
    const length = response.headers.get('content-length');
    if (length !== null) expect(Number(length)).toBe(Buffer.byteLength(body));
    return body;
  };

  it('gives the login page its form in the language of the URL, else zh-CN', async () => {
    const attributes = JSON.stringify({
      id: 'login',
      platforms:
        '[{"provider":"qy","name":"企业微信","icon":"/static/img/wecom.svg"},{"provider":"mp","name":"微信","icon":"/static/img/wechat.svg"}]',
      qr: '',
    });
    const page = await html('/');
    expect(page).toContain(
      `qr\n        ><template shadowrootmode="open">ph-login ${attributes} zh-CN</template></ph-login>`,
    );
    expect(page.match(/shadowrootmode/g)).toHaveLength(1);
    expect(await html('/?language=en')).toContain(` en</template></ph-login>`);
    expect(await html('/?language=zh-HK')).toContain(` zh-HK</template></ph-login>`);
    expect(await html('/?language=fr')).toContain(` zh-CN</template></ph-login>`);
  });

  it('renders the other pages with an inline login form, and leaves the rest as they are', async () => {
    expect(await html('/needtologinpagerelogin/')).toContain('<ph-login id="login"><template shadowrootmode="open">');
    expect(await html('/forgetPassword/')).not.toContain('shadowrootmode');
    const script = await fetch(`${t.url}/shared/site.js`);
    expect(await script.text()).not.toContain('shadowrootmode');
  });

  it('sends pages unchanged when the served build has no server renderer', async () => {
    const bare = await startServer({
      staticRoots: [
        { prefix: '/dist/', root: join(fixtures, 'nobuild') },
        { prefix: '/', root: join(repo, 'demo', 'site') },
      ],
    });
    try {
      const page = await (await fetch(`${bare.url}/`, { headers: { accept: 'text/html' } })).text();
      expect(page).not.toContain('shadowrootmode');
      expect(page).toContain('<ph-login');
    } finally {
      await bare.stop();
    }
  });
});
