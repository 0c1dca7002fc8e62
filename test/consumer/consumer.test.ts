import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import { after, before, describe, it, openPage, type Stage, startStage, watchedPage } from '../e2e/harness';
import { type AppServer, freePort, NEXT, runNode, startServer, VITE, webpackBuild } from './apps';
import { installConsumer, type PackedPackage } from './install';
import { countLoads, dialogThenSignIn, openAndEscape, PASSWORD, signIn, uploadAndReadMd5 } from './journey';

// ph-widgets as people install it (issues 15 and 68): the tarball `npm pack` makes, a publish dry run of it, and a
// workspace that installs it with `npm ci` (with React and TypeScript) for apps of the frameworks people use: a
// React 19 + Vite app through ph-widgets/react (project/), a Vue 3 + Vite app with vue-router and its catch-all
// (vue/), a Next.js App Router app whose home page is README's React example as written (next/), a webpack 5 app
// through the elements (webpack/, in zh-HK by ?language=zh-HK). Each runs one journey in the one Chromium of the reference server's stage: render, a property, a dialog, sign in and stay, an
// upload whose MD5 the page is told, no console error. Besides: tsc over the declarations, every entry imported in
// plain Node, every React component rendered with react-dom/server and hydrated, the classic script on a plain page.
// The workspace lies under <repo>/.cache, so that the apps' tools (Vite, Vue, Next.js: devDependencies of this
// repository, installed once) are found by walking up, while ph-widgets and React come from its own install.
// `npm test` builds dist/ first, so the tarball is packed without running `prepack` (the same build) again.
const repo = resolve(import.meta.dirname, '..', '..');
mkdirSync(join(repo, '.cache'), { recursive: true });
const work = mkdtempSync(join(repo, '.cache', 'consumer-'));
const app = join(work, 'react-vite');
const vueApp = join(work, 'vue');
const nextApp = join(work, 'next');
const webpackApp = join(work, 'webpack');
/** A file above 1 MB, so that it is hashed in the MD5 worker the app's bundler had to find. */
const upload = { path: join(work, 'upload.bin'), bytes: randomBytes(3 * 1024 * 1024) };
const UPLOAD_MD5 = createHash('md5').update(upload.bytes).digest('hex');

interface PackResult {
  filename: string;
  entryCount: number;
  size: number;
  files: { path: string }[];
}

function npm(args: string[], cwd: string): string {
  return execFileSync('npm', [...args, '--loglevel=error'], {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Every file an `exports` target names, with `*` filled by each element folder of the sources. */
function exportTargets(manifest: { exports: Record<string, string | Record<string, string>> }, tags: string[]) {
  return Object.values(manifest.exports)
    .flatMap((target) => (typeof target === 'string' ? [target] : Object.values(target)))
    .flatMap((target) => (target.includes('*') ? tags.map((tag) => target.replaceAll('ph-*', tag)) : [target]))
    .map((target) => target.replace(/^\.\//, ''));
}

/** The tags dist/custom-elements.json lists. */
function manifestTags(): string[] {
  return JSON.parse(readFileSync(join(repo, 'dist/custom-elements.json'), 'utf8')).modules.flatMap(
    (module: { declarations: { tagName?: string }[] }) => module.declarations.flatMap((d) => d.tagName ?? []),
  );
}

function tsc(project: string) {
  const result = spawnSync(process.execPath, [join(work, 'node_modules/typescript/bin/tsc'), '-p', project], {
    cwd: app,
    encoding: 'utf8',
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** README's React example, as written: the Next.js app's home page. */
function readmeReactExample(): string {
  const readme = readFileSync(join(repo, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('**A React app**'));
  const example = /```tsx\n([\s\S]*?)```/.exec(section)?.[1];
  assert.ok(example, "README has no React example after '**A React app**'");
  return example;
}

let packed: PackResult;
let manifest: PackedPackage & {
  exports: Record<string, string | Record<string, string>>;
  private?: boolean;
  'web-types'?: string;
};
let installed: string;
let stage: Stage;
/** The Vue and Next.js apps' builds, one after the other, started once the stage has its port (Next.js's rewrites name it). */
let builds: Promise<unknown>;
const servers: AppServer[] = [];

before(async () => {
  assert.ok(existsSync(join(repo, 'dist/react/index.js')), 'dist/ is missing: run `npm run build` first');
  [packed] = JSON.parse(npm(['pack', '--ignore-scripts', '--json', '--pack-destination', work], repo));
  manifest = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8'));
  cpSync(join(import.meta.dirname, 'project'), app, { recursive: true });
  cpSync(join(import.meta.dirname, 'vue'), vueApp, { recursive: true });
  cpSync(join(import.meta.dirname, 'next'), nextApp, { recursive: true });
  cpSync(join(import.meta.dirname, 'webpack'), webpackApp, { recursive: true });
  writeFileSync(join(nextApp, 'app/page.tsx'), readmeReactExample());
  writeFileSync(upload.path, upload.bytes);
  installed = installConsumer(work, join(work, packed.filename), manifest, [
    'typescript',
    '@types/react',
    '@types/react-dom',
  ]);
  // Before the stage starts: its static roots list the files they serve when it does.
  await Promise.all([runNode(VITE, ['build'], app), webpackBuild(webpackApp)]);
  cpSync(join(webpackApp, 'index.html'), join(webpackApp, 'dist/index.html'));
  stage = await startStage({
    staticRoots: [
      { prefix: '/consumer/', root: join(app, 'dist') },
      { prefix: '/consumer-webpack/', root: join(webpackApp, 'dist') },
      { prefix: '/consumer-workspace/', root: work },
    ],
  });
  const platform = new URL(stage.server.url).origin;
  builds = (async () => {
    await runNode(VITE, ['build'], vueApp);
    await runNode(NEXT, ['build'], nextApp, {
      PH_PLATFORM: platform,
      PH_WORKSPACE_ROOT: repo,
      NEXT_TELEMETRY_DISABLED: '1',
    });
  })();
  // Awaited by the tests that need them; a failure is theirs to report.
  builds.catch(() => {});
});

after(async () => {
  for (const server of servers) await server.stop();
  await stage?.stop();
  rmSync(work, { recursive: true, force: true });
});

describe('the tarball', () => {
  it('holds dist/, README, LICENSE, CHANGELOG and package.json only, and every file exports names', () => {
    const files = packed.files.map((file) => file.path);
    const outside = files.filter((path) => !path.startsWith('dist/'));
    assert.deepEqual(outside.sort(), ['CHANGELOG.md', 'LICENSE', 'README.md', 'package.json']);
    assert.deepEqual(
      files.filter((path) => path.startsWith('dist/shell/') || path.startsWith('dist/types/shell/')),
      [],
      'the demo shell is not part of the package',
    );
    // The reference server's caching list is its own business (scripts/immutable-files-plugin.mjs).
    assert.deepEqual(
      files.filter((path) => path.endsWith('immutable.json')),
      [],
    );
    const tags = manifestTags();
    assert.ok(tags.includes('ph-login') && tags.includes('ph-modal'));
    const missing = exportTargets(manifest, tags).filter((target) => !files.includes(target));
    assert.deepEqual(missing, [], 'exports names files that are not in the tarball');
    assert.ok(files.includes('dist/custom-elements.json'));
    assert.ok(files.includes('dist/vscode.html-custom-data.json') && files.includes('dist/jsx.d.ts'));
    // JetBrains IDEs read the file package.json's "web-types" names, in the installed package.
    assert.ok(files.includes('dist/web-types.json') && manifest['web-types'] === './dist/web-types.json');
    assert.deepEqual(
      files.filter((path) => path.startsWith('dist/docs/')),
      [],
      'the docs site is served by npm start, not shipped',
    );
  });

  it('installs with no warning, and its package.json has no install script (issue 68)', () => {
    assert.doesNotMatch(installed, /npm warn/i, installed);
    const installedManifest = JSON.parse(readFileSync(join(work, 'node_modules/ph-widgets/package.json'), 'utf8'));
    const scripts = Object.keys(installedManifest.scripts ?? {});
    assert.deepEqual(
      scripts.filter((name) => ['preinstall', 'install', 'postinstall', 'prepare'].includes(name)),
      [],
    );
  });

  it('ph-widgets/react imports React and ReactDOM rather than bundling them, core from dist/core, as a client module', () => {
    const folder = join(work, 'node_modules/ph-widgets/dist/react');
    const files = (readdirSync(folder, { recursive: true }) as string[]).filter((name) => name.endsWith('.js'));
    const code = files.map((name) => readFileSync(join(folder, name), 'utf8'));
    const imports = new Set(code.flatMap((text) => [...text.matchAll(/\bfrom\s*['"]([^'"]+)['"]/g)].map((m) => m[1])));
    for (const name of ['react', 'react-dom', 'react-dom/client', 'react/jsx-runtime'])
      assert.ok(imports.has(name), name);
    assert.ok(
      [...imports].some((name) => /^(\.\.\/)+dist\/core\/[\w/-]+\.js$/.test(name ?? '')),
      'core from dist/core',
    );
    // A line every copy of React carries (its internals' name) is absent here, and present in the element runtime.
    assert.ok(code.every((text) => !text.includes('__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE')));
    // React Server Components (Next.js's App Router) take it as a client module.
    assert.ok(code[files.indexOf('index.js')]?.startsWith('"use client";'));
  });

  it('imports every entry in plain Node, where window, document and customElements are missing', () => {
    const entries = ['core', 'react', 'server', 'ph-widgets.js', ...manifestTags().map((tag) => `elements/${tag}`)];
    const script = [
      "for (const name of ['window', 'document', 'customElements']) if (name in globalThis) throw new Error(name);",
      ...entries.map((entry) => `await import('ph-widgets/${entry}');`),
      "console.log('imported');",
    ].join('\n');
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: work,
      encoding: 'utf8',
    });
    assert.equal(output.trim(), 'imported');
  });

  it('ph-widgets/server renders the login form in Node with the React the project installed', () => {
    const script =
      "import { prerender } from 'ph-widgets/server'; console.log(prerender('ph-login', { qr: '' }, 'en'));";
    const html = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: work, encoding: 'utf8' });
    assert.match(html, /^<template shadowrootmode="open"><style data-ph-prerender="en">/);
    assert.match(html, /<label for="[^"]+">Account<\/label>/);
    assert.match(html, /<slot name="qr">/);
  });

  it('ships source maps that carry their sources (src/ is not in the package)', () => {
    const maps = packed.files.map((file) => file.path).filter((path) => path.endsWith('.map'));
    assert.ok(maps.length > 0);
    const blind = maps.filter((path) => {
      const map = JSON.parse(readFileSync(join(work, 'node_modules/ph-widgets', path), 'utf8'));
      return map.sources.length !== map.sourcesContent?.filter((text: unknown) => typeof text === 'string').length;
    });
    assert.deepEqual(blind, []);
  });

  it('passes `npm publish --dry-run` once `private` is taken off a copy of its package.json', () => {
    const copy = join(work, 'publish');
    execFileSync('tar', ['-xzf', join(work, packed.filename), '-C', work]);
    cpSync(join(work, 'package'), copy, { recursive: true });
    const published = JSON.parse(readFileSync(join(copy, 'package.json'), 'utf8'));
    assert.equal(published.private, true, 'the package itself stays private');
    delete published.private;
    writeFileSync(join(copy, 'package.json'), JSON.stringify(published, null, 2));
    const result = spawnSync('npm', ['publish', '--dry-run', '--ignore-scripts', '--offline', '--loglevel=notice'], {
      cwd: copy,
      encoding: 'utf8',
    });
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stderr, /Publishing to .* \(dry-run\)/);
    assert.match(result.stderr, new RegExp(`total files:\\s+${packed.entryCount}`));
  });
});

describe('a TypeScript consumer', () => {
  it('type-checks the typed element events, React props and every bare tag in TSX from the declarations', () => {
    const { status, output } = tsc('tsconfig.json');
    assert.equal(status, 0, output);
    const bareTags = readFileSync(join(app, 'src/bare-tags.tsx'), 'utf8');
    const unused = manifestTags().filter((tag) => !bareTags.includes(`<${tag}`));
    assert.deepEqual(unused, [], 'src/bare-tags.tsx uses every tag');
  });

  it('is told about each deliberate mistake, where it is', () => {
    const { status, output } = tsc('tsconfig.errors.json');
    assert.notEqual(status, 0);
    const errors = [...output.matchAll(/type-errors\.tsx\((\d+),\d+\): error (TS\d+)/g)].map(
      ([, line, code]) => `${line} ${code}`,
    );
    // Lines 10 and 11: a bare tag in TSX (ph-widgets/jsx) is checked like the wrappers.
    assert.deepEqual(
      errors,
      ['7 TS2339', '8 TS2322', '9 TS2322', '10 TS2322', '11 TS2339', '12 TS2322', '13 TS2339'],
      output,
    );
    assert.match(output, /Property 'accessToken' does not exist/);
    assert.match(output, /"popup"/);
  });
});

/** The text of the JavaScript files Vite's manifest says `entry` loads at once, and of those it loads later. */
function viteClosure(dist: string, entry: string): { atStart: string[]; later: string[] } {
  const viteManifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string; imports?: string[]; dynamicImports?: string[] }
  >;
  const atStart = new Set<string>();
  const later = new Set<string>();
  const visit = (key: string, lazy: boolean) => {
    const chunk = viteManifest[key];
    if (!chunk || atStart.has(chunk.file) || (lazy && later.has(chunk.file))) return;
    (lazy ? later : atStart).add(chunk.file);
    for (const next of chunk.imports ?? []) visit(next, lazy);
    for (const next of chunk.dynamicImports ?? []) visit(next, true);
  };
  visit(entry, false);
  const read = (files: Set<string>) => [...files].map((file) => readFileSync(join(dist, file), 'utf8'));
  return { atStart: read(atStart), later: read(new Set([...later].filter((file) => !atStart.has(file)))) };
}

describe('a React 19 + Vite app through ph-widgets/react', () => {
  it('signs in and stays, opens a dialog by its prop, and uploads through PhUploader with its MD5 worker', async () => {
    const { page, problems } = await openPage(stage, '/consumer/');
    const loads = countLoads(page);
    const login = page.locator('[data-ph-component="ph-login"]');
    await login.getByRole('button', { name: '登录', exact: true }).waitFor();
    await openAndEscape(page, 'Help', 'Help');

    await signIn(page, login);
    await login.locator('[part~="signed-in-name"]').filter({ hasText: '已登录：teacher' }).waitFor();
    await page.locator('#signed-in').filter({ hasText: /^u-/ }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/consumer/');
    assert.equal(loads.count, 0, 'no navigation, no reload');

    assert.equal(await uploadAndReadMd5(page, upload.path), UPLOAD_MD5);
    const workers = await page.evaluate(() =>
      performance.getEntriesByType('resource').filter((entry) => /md5-worker-[\w-]+\.js$/.test(entry.name)),
    );
    assert.equal(workers.length, 1, 'the MD5 worker the bundler copied was loaded');
    assert.deepEqual(problems, []);
    await page.close();
  });

  it("bundles one react-dom, the app's (the uploader a chunk loaded later)", () => {
    const { atStart, later } = viteClosure(join(app, 'dist'), 'index.html');
    // Each copy of react-dom's client names its renderer once (in any quotes the minifier chose).
    const renderers = /rendererPackageName:["'`]react-dom["'`]/g;
    const copies = [...atStart, ...later].reduce((sum, text) => sum + (text.match(renderers)?.length ?? 0), 0);
    assert.equal(copies, 1);
    // The uploader's drop zone is in a chunk the page loads when a PhUploader first renders.
    const dropZone = /part:["'`]dropzone["'`]/;
    assert.ok(later.some((text) => dropZone.test(text)) && !atStart.some((text) => dropZone.test(text)));
  });

  it('mixes a React component and an element over one state', async () => {
    const { page, problems } = await openPage(stage, '/consumer/mixed.html');
    assert.equal(
      await page.evaluate(() =>
        (window as unknown as { consumer: { sharesStores(): boolean } }).consumer.sharesStores(),
      ),
      true,
    );
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('button', { name: 'Element dialog' }).click();
    const elementDialog = page.locator('#element-modal').getByRole('dialog', { name: 'Element' });
    await elementDialog.getByRole('button', { name: 'Close' }).click();
    await elementDialog.waitFor({ state: 'detached' });
    assert.deepEqual(problems, []);
    await page.close();
  });

  it('renders every React component with react-dom/server, and the browser hydrates it with no warning', async () => {
    const script = [
      "import { renderToString } from 'react-dom/server';",
      "import { createElement } from 'react';",
      "import { AllComponents } from './react-vite/src/all-components.js';",
      'process.stdout.write(renderToString(createElement(AllComponents)));',
    ].join('\n');
    const markup = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: work,
      encoding: 'utf8',
    });
    for (const tag of ['ph-header', 'ph-login', 'ph-uploader', 'ph-face', 'ph-voice', 'ph-picker', 'ph-footer']) {
      assert.match(markup, new RegExp(`data-ph-component="${tag}"`));
    }
    const page = join(app, 'dist/hydrate.html');
    writeFileSync(page, readFileSync(page, 'utf8').replace('<!--ssr-->', markup));
    const { page: browser, problems } = await openPage(stage, '/consumer/hydrate.html');
    await browser.waitForFunction(() => (window as unknown as { hydration?: { done: boolean } }).hydration?.done);
    await browser
      .locator('[data-ph-component="ph-login"]')
      .getByRole('button', { name: '登录', exact: true })
      .waitFor();
    const recoverable = await browser.evaluate(
      () => (window as unknown as { hydration: { recoverable: string[] } }).hydration.recoverable,
    );
    assert.deepEqual(recoverable, []);
    assert.deepEqual(problems, []);
    await browser.close();
  });
});

describe('a Vue 3 + Vite app with vue-router and its catch-all, through the elements', () => {
  let preview: AppServer;
  before(async () => {
    await builds;
    const port = await freePort();
    preview = await startServer(
      VITE,
      ['preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
      vueApp,
      `http://127.0.0.1:${port}/`,
      { PH_PLATFORM: new URL(stage.server.url).origin },
    );
    servers.push(preview);
  });

  it('opens a dialog by a property, signs in with the default setup in one navigation and no loop, and uploads', async () => {
    const { page, problems } = await watchedPage(stage);
    const loads = countLoads(page);
    // §4 sends the user to the landing page, which this app's router does not know: its catch-all brings the user
    // home, where the element finds the session and, having just been there, stays.
    await dialogThenSignIn(page, preview.url, 'Vue dialog');
    assert.equal(loads.count, 2, 'the first load, and the one navigation after the sign-in');
    assert.equal(new URL(page.url()).pathname, '/');

    assert.equal(await uploadAndReadMd5(page, upload.path), UPLOAD_MD5);
    assert.deepEqual(problems, []);
    await page.close();
  });
});

describe("a Next.js App Router app (README's React example as its home page)", () => {
  let next: AppServer;
  before(async () => {
    await builds;
    const port = await freePort();
    next = await startServer(
      NEXT,
      ['start', '--hostname', '127.0.0.1', '--port', String(port)],
      nextApp,
      `http://127.0.0.1:${port}/`,
      { NEXT_TELEMETRY_DISABLED: '1' },
    );
    servers.push(next);
  });

  it("builds README's example as written, and its page hydrates with the login form", async () => {
    const { page, problems } = await watchedPage(stage);
    await page.goto(next.url);
    await page.locator('[data-ph-component="ph-login"]').getByRole('button', { name: '登录', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Help' }).click();
    await page.getByRole('dialog', { name: 'Help' }).waitFor();
    assert.deepEqual(problems, []);
    await page.close();
  });

  it('signs in and stays, opens a dialog by its prop, and uploads through PhUploader', async () => {
    const { page, problems } = await watchedPage(stage);
    const loads = countLoads(page);
    await page.goto(new URL('/journey', next.url).href);
    const login = page.locator('[data-ph-component="ph-login"]');
    await login.getByRole('button', { name: '登录', exact: true }).waitFor();
    await openAndEscape(page, 'Open the dialog', 'Next dialog');

    await signIn(page, login);
    await login.locator('[part~="signed-in-name"]').filter({ hasText: '已登录：teacher' }).waitFor();
    await page.locator('#signed-in').filter({ hasText: /^u-/ }).waitFor();
    assert.equal(loads.count, 1, 'the first load only');

    assert.equal(await uploadAndReadMd5(page, upload.path), UPLOAD_MD5);
    assert.deepEqual(problems, []);
    await page.close();
  });
});

const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
const shippedAssets = () => join(work, 'node_modules/ph-widgets/dist/assets');

/** Each file in `dir` (and below it) by its SHA-256, so that files are compared whatever a bundler named them. */
function byContent(dir: string): Map<string, string> {
  const names = (readdirSync(dir, { recursive: true }) as string[]).filter(
    (name) => !statSync(join(dir, name)).isDirectory() && !/\.(br|gz)$/.test(name) && !name.endsWith('immutable.json'),
  );
  return new Map(names.map((name) => [sha256(join(dir, name)), name]));
}

describe('a webpack 5 app through the elements, with no configuration for them', () => {
  it('emits every file the widgets load by URL: the workers, the worklet, face-api and its WebAssembly', () => {
    const shipped = byContent(shippedAssets());
    assert.ok(shipped.size >= 7, 'dist/assets holds the workers, the worklet, face-api and the .wasm files');
    const emitted = byContent(join(webpackApp, 'dist'));
    assert.deepEqual(
      [...shipped].filter(([hash]) => !emitted.has(hash)).map(([, name]) => name),
      [],
    );
  });

  it('honours ?language=zh-HK, signs in and stays, and hashes an upload in the MD5 worker webpack emitted', async () => {
    const { page, problems } = await openPage(stage, '/consumer-webpack/?language=zh-HK');
    const loads = countLoads(page);
    const login = page.locator('ph-login');
    await login.getByRole('textbox', { name: '賬號' }).fill('teacher');
    await login.getByRole('textbox', { name: '密碼' }).fill(PASSWORD);
    await login.getByRole('button', { name: '登入', exact: true }).click();
    await login.locator('[part~="signed-in-name"]').filter({ hasText: '已登入：teacher' }).waitFor();
    assert.equal(loads.count, 0, 'no navigation, no reload');

    assert.equal(await uploadAndReadMd5(page, upload.path), UPLOAD_MD5);
    // The MD5 worker under the name webpack gave it (found by its content).
    const worker = readdirSync(shippedAssets()).find((name) => /^md5-worker-[\w-]+\.js$/.test(name)) ?? '';
    const emittedWorker = byContent(join(webpackApp, 'dist')).get(sha256(join(shippedAssets(), worker)));
    assert.ok(emittedWorker, 'webpack emitted the MD5 worker');
    const loaded = await page.evaluate(
      (name) => performance.getEntriesByType('resource').filter((entry) => entry.name.endsWith(`/${name}`)).length,
      emittedWorker,
    );
    assert.equal(loaded, 1, 'the MD5 worker webpack emitted was loaded');
    assert.deepEqual(problems, []);
    await page.close();
  });
});

describe('a plain page', () => {
  it("shows a ph-modal from the tarball's dist/ph-widgets.js loaded by a script tag", async () => {
    const { page, problems } = await openPage(stage, '/consumer-workspace/react-vite/classic.html');
    await page.locator('#notice').getByRole('dialog', { name: '经典脚本' }).waitFor();
    assert.equal(
      await page.evaluate(() => (window as unknown as { PH: { version: string } }).PH.version),
      manifest.version,
    );
    assert.deepEqual(problems, []);
    await page.close();
  });
});
