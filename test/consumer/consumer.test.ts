import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, it, openPage, type Stage, startStage } from '../e2e/harness';
import { installConsumer, type PackedPackage } from './install';

// ph-widgets as people install it (issue 15): the tarball `npm pack` makes, a publish dry run of it, and a consumer
// project (test/consumer/project) installed from it with `npm ci`: a Vite + React 19 app that signs in against the
// reference server in Chromium, tsc over the package's declarations, and a plain page with the classic script.
// `npm test` builds dist/ first, so the tarball is packed without running `prepack` (the same build) again.
const repo = resolve(import.meta.dirname, '..', '..');
const work = mkdtempSync(join(tmpdir(), 'ph-consumer-'));
const app = join(work, 'app');
const PASSWORD = 'Demo@2026';
const SCHOOL_LANDING = '/pages/base/pc_desktop_all/index.html';

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
  const result = spawnSync(process.execPath, [join(app, 'node_modules/typescript/bin/tsc'), '-p', project], {
    cwd: app,
    encoding: 'utf8',
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

let packed: PackResult;
let manifest: PackedPackage & {
  exports: Record<string, string | Record<string, string>>;
  private?: boolean;
  'web-types'?: string;
};

before(() => {
  assert.ok(existsSync(join(repo, 'dist/react/index.js')), 'dist/ is missing: run `npm run build` first');
  [packed] = JSON.parse(npm(['pack', '--ignore-scripts', '--json', '--pack-destination', work], repo));
  manifest = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8'));
  cpSync(join(import.meta.dirname, 'project'), app, { recursive: true });
  installConsumer(app, join(work, packed.filename), manifest, [
    'vite',
    'typescript',
    '@types/react',
    '@types/react-dom',
  ]);
});

after(() => rmSync(work, { recursive: true, force: true }));

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

  it('ph-widgets/react imports React and ReactDOM rather than bundling them, and core from dist/core', () => {
    const code = readFileSync(join(app, 'node_modules/ph-widgets/dist/react/index.js'), 'utf8');
    const imports = [...code.matchAll(/\bfrom\s*"([^"]+)"/g)].map((match) => match[1]);
    assert.ok(imports.includes('react') && imports.includes('react-dom') && imports.includes('../core/index.js'));
    // A line every copy of React carries (its internals' name) is absent here, and present in the element runtime.
    assert.ok(!code.includes('__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE'));
  });

  it('ph-widgets/server renders the login form in Node with the React the project installed', () => {
    const script =
      "import { prerender } from 'ph-widgets/server'; console.log(prerender('ph-login', { qr: '' }, 'en'));";
    const html = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: app, encoding: 'utf8' });
    assert.match(html, /^<template shadowrootmode="open"><style data-ph-prerender="en">/);
    assert.match(html, /<label for="[^"]+">Account<\/label>/);
    assert.match(html, /<slot name="qr">/);
  });

  it('ships source maps that carry their sources (src/ is not in the package)', () => {
    const maps = packed.files.map((file) => file.path).filter((path) => path.endsWith('.map'));
    assert.ok(maps.length > 0);
    const blind = maps.filter((path) => {
      const map = JSON.parse(readFileSync(join(app, 'node_modules/ph-widgets', path), 'utf8'));
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
    assert.deepEqual(errors, ['7 TS2339', '8 TS2322', '9 TS2322', '10 TS2322', '11 TS2339'], output);
    assert.match(output, /Property 'accessToken' does not exist/);
    assert.match(output, /"popup"/);
  });
});

describe('the built consumer pages', () => {
  let stage: Stage;
  before(async () => {
    execFileSync(process.execPath, [join(app, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error'], {
      cwd: app,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    stage = await startStage({
      staticRoots: [
        { prefix: '/consumer/', root: join(app, 'dist') },
        { prefix: '/consumer-project/', root: app },
      ],
    });
  });
  after(async () => {
    await stage?.stop();
  });

  it('a Vite + React 19 app mixes the React components and an element over one state, and signs in as teacher', async () => {
    const { page, problems } = await openPage(stage, '/consumer/');
    const login = page.locator('[data-ph-component="ph-login"]');
    await login.getByRole('button', { name: '登录', exact: true }).waitFor();
    assert.equal(
      await page.evaluate(() =>
        (window as unknown as { consumer: { sharesStores(): boolean } }).consumer.sharesStores(),
      ),
      true,
    );

    // The React dialog, then the element: the element follows the language the app set through core.
    await page.getByRole('button', { name: 'Help' }).click();
    await page.getByRole('dialog', { name: 'Help' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Help' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('button', { name: 'Element dialog' }).click();
    const elementDialog = page.locator('#element-modal').getByRole('dialog', { name: 'Element' });
    await elementDialog.getByRole('button', { name: 'Close' }).waitFor();
    await elementDialog.getByRole('button', { name: 'Close' }).click();
    await elementDialog.waitFor({ state: 'detached' });

    await login.getByRole('textbox', { name: 'Account' }).fill('teacher');
    await login.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
    await login.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === SCHOOL_LANDING);
    await page.locator('body[data-login-status="in"]').waitFor();
    await page.locator('[data-ph-component="ph-header"] [part~="welcome"]').filter({ hasText: '王老师' }).waitFor();
    const signedIn = await page.evaluate(() => sessionStorage.getItem('consumer.signedIn'));
    const userId = await page.evaluate(
      () =>
        (window as unknown as { PH: { stores: { session: { get(): { userId: string } } } } }).PH.stores.session.get()
          .userId,
    );
    assert.ok(signedIn, 'onSuccess was called with the login data');
    assert.equal(signedIn, userId);
    assert.deepEqual(problems, []);
    await page.close();
  });

  it("a plain page shows a ph-modal from the tarball's dist/ph-widgets.js loaded by a script tag", async () => {
    const { page, problems } = await openPage(stage, '/consumer-project/classic.html');
    await page.locator('#notice').getByRole('dialog', { name: '经典脚本' }).waitFor();
    assert.equal(
      await page.evaluate(() => (window as unknown as { PH: { version: string } }).PH.version),
      manifest.version,
    );
    assert.deepEqual(problems, []);
    await page.close();
  });
});
