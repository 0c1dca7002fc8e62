import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

// What `npm run build` leaves for the reference server to deliver (issue 24): brotli and gzip copies of the scripts,
// for each ES entry the chunks it imports statically (modulepreload.json), and V8's compile hint on the runtime chunk.
const dist = resolve(import.meta.dirname, '..', '..', 'dist');
const runtime = readdirSync(join(dist, 'elements')).find((name) => /^runtime-[\w-]+\.js$/.test(name)) as string;

describe('the build, ready to deliver', () => {
  it('has brotli and gzip copies of the runtime chunk that decode to it, and none of the HTML', () => {
    const plain = readFileSync(join(dist, 'elements', runtime));
    expect(brotliDecompressSync(readFileSync(join(dist, 'elements', `${runtime}.br`)))).toEqual(plain);
    expect(gunzipSync(readFileSync(join(dist, 'elements', `${runtime}.gz`)))).toEqual(plain);
    expect(existsSync(join(dist, 'ph-widgets.js.br'))).toBe(true);
    expect(existsSync(join(dist, 'shell', 'index.html.br'))).toBe(false);
  });

  it("puts the IE 6–8 script beside the shell's page as it is written (ES3, not bundled), and the page loads it first", () => {
    const source = readFileSync(resolve(import.meta.dirname, '..', '..', 'src', 'shell', 'legacy-browser.js'), 'utf8');
    expect(readFileSync(join(dist, 'shell', 'legacy-browser.js'), 'utf8')).toBe(source);
    // And in the package, beside the classic bundle, for a platform's own pages (issue 69; dist/shell is not shipped).
    expect(readFileSync(join(dist, 'ph-widgets.legacy-browser.js'), 'utf8')).toBe(source);
    const pkg = JSON.parse(readFileSync(resolve(dist, '..', 'package.json'), 'utf8'));
    expect(pkg.exports['./ph-widgets.legacy-browser.js']).toBe('./dist/ph-widgets.legacy-browser.js');
    const page = readFileSync(join(dist, 'shell', 'index.html'), 'utf8');
    expect(/<script\b[^>]*>/.exec(page)?.[0]).toBe('<script async src="./legacy-browser.js">');
  });

  it('names the chunks each entry imports: the login page preloads the runtime, the shell its React chunk', () => {
    const elements = JSON.parse(readFileSync(join(dist, 'elements', 'modulepreload.json'), 'utf8'));
    expect(elements['ph-login.js']).toContain(runtime);
    const login = readFileSync(join(dist, 'elements', 'ph-login.js'), 'utf8');
    for (const chunk of elements['ph-login.js']) expect(existsSync(join(dist, 'elements', chunk))).toBe(true);
    for (const imported of login.matchAll(/from"\.\/([^"]+)"/g)) expect(elements['ph-login.js']).toContain(imported[1]);
    const shell = JSON.parse(readFileSync(join(dist, 'shell', 'modulepreload.json'), 'utf8'));
    expect(shell['shell.js']).toEqual([expect.stringMatching(/^react-[\w-]+\.js$/)]);
  });

  it('lists the hashed names of each served build folder, and no entry a page names (issue 36)', () => {
    const listed = (folder: string) =>
      JSON.parse(readFileSync(join(dist, folder, 'immutable.json'), 'utf8')) as string[];
    for (const folder of ['elements', 'shell', 'assets']) {
      for (const name of listed(folder)) expect(existsSync(join(dist, folder, name)), `${folder}/${name}`).toBe(true);
    }
    expect(listed('elements')).toContain(runtime);
    // The files the ES bundles load by URL share dist/assets (issue 68): the workers and the worklet by their hash.
    for (const worker of ['md5-worker', 'face-detector-worker', 'pcm-worklet']) {
      expect(listed('assets')).toContainEqual(expect.stringMatching(new RegExp(`^${worker}-[\\w-]+\\.js$`)));
    }
    expect(listed('assets')).not.toContain('face-api.esm.js');
    // ph-uploader.js has a dash and 8 letters, as a hashed name has: only the build knows it is an entry.
    for (const entry of ['ph-login.js', 'ph-uploader.js', 'modulepreload.json']) {
      expect(listed('elements')).not.toContain(entry);
    }
    expect(listed('shell')).toContainEqual(expect.stringMatching(/^react-[\w-]+\.js$/));
    expect(listed('shell')).not.toContain('shell.js');
  });

  it("asks V8 to compile the runtime chunk whole while it streams in, and no other chunk (they are each one page's)", () => {
    const HINT = '//# allFunctionsCalledOnLoad\n';
    expect(readFileSync(join(dist, 'elements', runtime), 'utf8').startsWith(HINT)).toBe(true);
    const others = readdirSync(join(dist, 'elements')).filter((name) => name.endsWith('.js') && name !== runtime);
    expect(others.filter((name) => readFileSync(join(dist, 'elements', name), 'utf8').includes(HINT))).toEqual([]);
  });

  it('asks V8 the same for the shell and its React chunk, which a desktop runs nearly whole (issue 70)', () => {
    const HINT = '//# allFunctionsCalledOnLoad\n';
    const scripts = readdirSync(join(dist, 'shell')).filter((name) => name.endsWith('.js'));
    const hinted = scripts.filter((name) => readFileSync(join(dist, 'shell', name), 'utf8').startsWith(HINT));
    expect(hinted.sort()).toEqual(
      scripts.filter((name) => name === 'shell.js' || /^react-[\w-]+\.js$/.test(name)).sort(),
    );
    expect(hinted).toHaveLength(2);
  });
});
