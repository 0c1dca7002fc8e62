import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INLINE_STYLE_LIMIT } from '../../demo/server/inline-styles';
import { compressFile } from '../../scripts/compress-dist.mjs';
import { startServer, type TestServer } from './helpers';

// How the reference server delivers the built widgets (issue 24): the brotli or gzip copy made at build time
// (scripts/compress-dist.mjs) with Content-Encoding and Vary, and module preload links for the chunks a page's module
// scripts import (modulepreload.json of the build, scripts/module-preloads-plugin.mjs).
let t: TestServer;
let dir: string;
const runtime = `export const text = ${JSON.stringify(randomBytes(6000).toString('hex'))};\n`;
const inline = 'window.started = true;';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ph-delivery-'));
  const elements = join(dir, 'dist', 'elements');
  mkdirSync(elements, { recursive: true });
  mkdirSync(join(dir, 'demo'));
  writeFileSync(join(elements, 'runtime-abc.js'), runtime);
  writeFileSync(join(elements, 'modal-def.js'), 'import "./runtime-abc.js";\n');
  writeFileSync(join(elements, 'ph-login.js'), 'import "./modal-def.js";\n');
  writeFileSync(
    join(elements, 'modulepreload.json'),
    JSON.stringify({ 'ph-login.js': ['modal-def.js', 'runtime-abc.js'], 'ph-face.js': ['runtime-abc.js'] }),
  );
  // The build's list of hashed names (scripts/immutable-files-plugin.mjs): ph-login.js, an entry, is not in it.
  writeFileSync(join(elements, 'immutable.json'), JSON.stringify(['modal-def.js', 'runtime-abc.js']));
  await compressFile(join(elements, 'runtime-abc.js'));
  writeFileSync(
    join(dir, 'demo', 'page.html'),
    `<!doctype html><html><head><title>p</title>
    <script type="module" src="/dist/elements/ph-login.js"></script>
    <script type="module" src="/dist/elements/ph-face.js"></script>
    <script>${inline}</script></head><body></body></html>`,
  );
  // A page whose modules load after its first paint (issue 70): two marked, one not.
  writeFileSync(
    join(dir, 'demo', 'after.html'),
    `<!doctype html><html><head><title>a</title>
    <script type="module" src="/dist/elements/ph-login.js" data-ph-after-paint></script>
    <script type="module" src="/dist/elements/ph-face.js"></script>
    <script type="module" src="./page.js" data-ph-after-paint></script>
    <script type="module" src="./x<!--<script.js" data-ph-after-paint></script>
    </head><body><p>first screen</p></body></html>`,
  );
  // Text the server sends as it is (a stylesheet of the demo folder) or changes per request (a page), over 1 KB.
  writeFileSync(join(dir, 'demo', 'site.css'), `${'.rule { color: #123456; }\n'.repeat(200)}`);
  writeFileSync(
    join(dir, 'demo', 'long.html'),
    `<!doctype html><html><head><title>long</title>
    <script type="module" src="/dist/elements/ph-login.js"></script></head>
    <body>${'<p>一段很长的页面文字 A long page.</p>'.repeat(100)}</body></html>`,
  );
  // Stylesheets a page links (issue 70): small ones are sent inside it, others stay links.
  mkdirSync(join(dir, 'demo', 'sheets'));
  writeFileSync(join(dir, 'demo', 'sheets', 'small.css'), '/* why */\n.small { color: red; }\n');
  writeFileSync(join(dir, 'demo', 'sheets', 'large.css'), `.large { color: blue; }\n${' '.repeat(INLINE_STYLE_LIMIT)}`);
  writeFileSync(join(dir, 'demo', 'sheets', 'picture.css'), '.picture { background: url(./a.png); }\n');
  writeFileSync(
    join(dir, 'demo', 'sheets', 'styled.html'),
    `<!doctype html><html><head><title>s</title>
    <link rel="stylesheet" href="./small.css" media="screen" data-ph-inline />
    <link rel="stylesheet" href="/demo/sheets/small.css" />
    <link rel="stylesheet" href="/demo/sheets/large.css" data-ph-inline />
    <link rel="stylesheet" href="picture.css" data-ph-inline />
    <link rel="stylesheet" href="https://cdn.example/other.css" data-ph-inline />
    <link rel="stylesheet" href="/demo/sheets/missing.css" data-ph-inline />
    <link rel="stylesheet" href="/demo/sheets/../../../etc/passwd" data-ph-inline />
    </head><body><p>text</p></body></html>`,
  );
  t = await startServer({
    staticRoots: [
      { prefix: '/dist/', root: join(dir, 'dist'), preCompressed: true },
      { prefix: '/demo/', root: join(dir, 'demo') },
    ],
  });
});
afterAll(async () => {
  await t.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** The raw answer, bytes as sent (fetch would decode them). */
function raw(path: string, acceptEncoding?: string) {
  return new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((done, fail) => {
    const headers = acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {};
    get(t.url + path, { headers }, (response) => {
      const parts: Buffer[] = [];
      response.on('data', (part: Buffer) => parts.push(part));
      response.on('end', () => done({ headers: response.headers, body: Buffer.concat(parts) }));
    }).on('error', fail);
  });
}

describe('pre-compressed scripts', () => {
  it('sends the brotli copy to a browser that accepts it, then gzip, else the plain file; always Vary', async () => {
    const br = await raw('/dist/elements/runtime-abc.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.body.length).toBeLessThan(runtime.length * 0.7);
    expect(brotliDecompressSync(br.body).toString()).toBe(runtime);

    const gz = await raw('/dist/elements/runtime-abc.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(runtime);

    const plain = await raw('/dist/elements/runtime-abc.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
    expect(plain.body.toString()).toBe(runtime);
  });

  it('lets browsers keep a hashed file for a year, its copies too; every other file is asked for again (issue 36)', async () => {
    for (const encoding of ['br', 'gzip', undefined]) {
      const hashed = await raw('/dist/elements/runtime-abc.js', encoding);
      expect(hashed.headers['cache-control'], String(encoding)).toBe('public, max-age=31536000, immutable');
    }
    expect((await raw('/dist/elements/modal-def.js')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    for (const path of ['/dist/elements/ph-login.js', '/dist/elements/immutable.json', '/demo/page.html']) {
      const answer = await raw(path);
      expect(answer.headers['cache-control'], path).toBe('no-cache');
      expect(answer.headers.etag, path).toBeTruthy();
    }
  });

  it('compresses the text it sends without copies, pages after their preload links; small answers go plain (issue 36)', async () => {
    const page = await raw('/demo/long.html', 'gzip, deflate, br');
    expect(page.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(page.body).toString();
    expect(html).toContain('<link rel="modulepreload" href="/dist/elements/runtime-abc.js" />');
    expect(html).toContain('一段很长的页面文字');
    expect(page.body.length).toBeLessThan(html.length / 4);
    const gz = await raw('/demo/long.html', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(html);
    const plain = await raw('/demo/long.html');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(html);

    const css = await raw('/demo/site.css', 'br');
    expect(css.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(css.body).toString()).toBe('.rule { color: #123456; }\n'.repeat(200));
    const small = await raw('/demo/page.html', 'br');
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('sends a built file without copies as it is, compressed on the way when the browser accepts it', async () => {
    const answer = await raw('/dist/elements/ph-login.js', 'br, gzip');
    expect(answer.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(answer.body).toString()).toBe('import "./modal-def.js";\n');
    expect((await raw('/dist/elements/ph-login.js')).body.toString()).toBe('import "./modal-def.js";\n');
  });
});

describe('module preload links', () => {
  it("puts each chunk a module script imports before it, once per page, and the CSP still admits the page's inline script", async () => {
    const page = await raw('/demo/page.html');
    const html = page.body.toString();
    const links = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)" \/>/g)].map((match) => match[1]);
    expect(links).toEqual(['/dist/elements/modal-def.js', '/dist/elements/runtime-abc.js']);
    expect(html.indexOf('runtime-abc.js')).toBeLessThan(html.indexOf('src="/dist/elements/ph-login.js"'));
    expect(Number(page.headers['content-length'])).toBe(page.body.length);
    const hash = createHash('sha256').update(inline, 'utf8').digest('base64');
    expect(String(page.headers['content-security-policy'])).toContain(`'sha256-${hash}'`);
  });
});

describe('module scripts after the first paint (issue 70: the first screen is the HTML)', () => {
  it('sends the marked module scripts as one loader, in their order, with their chunks, and leaves the others', async () => {
    const page = await raw('/demo/after.html');
    const html = page.body.toString();
    expect(html).not.toMatch(/<script[^>]*data-ph-after-paint/);
    expect(html).not.toContain('src="/dist/elements/ph-login.js"');
    const loaders = [...html.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)].map(
      (match) => match[1] as string,
    );
    expect(loaders).toHaveLength(1);
    const loader = loaders[0] as string;
    // A script address cannot change how the inline script is parsed (<!--, <script, </script): "<" is \u003c.
    expect(loader).toContain(
      'const scripts = ["/dist/elements/ph-login.js","./page.js","./x\\u003c!--\\u003cscript.js"];',
    );
    expect(loader).toContain('const chunks = ["/dist/elements/modal-def.js","/dist/elements/runtime-abc.js"];');
    expect(loader).toContain("observe({ type: 'paint', buffered: true })");
    expect(loader).toContain('for (const script of scripts) await import(script);');
    // The unmarked module keeps its tag and its preload; the marked ones get none in the HTML (they come after the paint).
    expect(html).toContain('<script type="module" src="/dist/elements/ph-face.js"></script>');
    const links = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)" \/>/g)].map((match) => match[1]);
    expect(links).toEqual(['/dist/elements/runtime-abc.js']);
    expect(html.indexOf('<script type="module">')).toBeLessThan(html.indexOf('ph-face.js'));
    const hash = createHash('sha256').update(loader, 'utf8').digest('base64');
    expect(String(page.headers['content-security-policy'])).toContain(`'sha256-${hash}'`);
    expect(Number(page.headers['content-length'])).toBe(page.body.length);
  });
});

describe('stylesheets inside the page (issue 70: the first paint waits for no second request)', () => {
  it('sends a small sheet of a served folder inside the page where the page asks, and leaves every other link as it is', async () => {
    const page = await raw('/demo/sheets/styled.html');
    const html = page.body.toString();
    expect(html).toContain(
      '<style data-inlined-from="/demo/sheets/small.css" media="screen">\n\n.small { color: red; }\n</style>',
    );
    expect(html).not.toContain('/* why */');
    expect(html).not.toContain('href="./small.css"');
    // Unmarked, the same sheet stays a link.
    expect(html).toContain('<link rel="stylesheet" href="/demo/sheets/small.css" />');
    for (const kept of [
      '/demo/sheets/large.css',
      'picture.css',
      'https://cdn.example/other.css',
      '/demo/sheets/missing.css',
      '/demo/sheets/../../../etc/passwd',
    ]) {
      expect(html).toContain(`<link rel="stylesheet" href="${kept}" data-ph-inline />`);
    }
    expect(html.indexOf('.small')).toBeLessThan(html.indexOf('large.css'));
    expect(Number(page.headers['content-length'])).toBe(page.body.length);
  });
});
