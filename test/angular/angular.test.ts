import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type AppServer, freePort, runNode, startServer, VITE } from '../consumer/apps';
import { countLoads, dialogThenSignIn, uploadAndReadMd5 } from '../consumer/journey';
import { after, before, describe, it, type Stage, startStage, watchedPage } from '../e2e/harness';

// `npm run test:angular`, a lane of its own (issue 68 item 8): an Angular 21 app (test/angular/app: the application
// builder, the default router with no route for the landing page) installs its packages from the npm registry
// (its committed lockfile) and ph-widgets from the packed tarball, is built with `ng build`, and runs the journey in
// Chromium: a sign-in with the default setup navigates once and does not loop, a property opens a dialog, an upload
// is hashed in the MD5 worker that angular.json's one assets line serves. Too slow for `npm test` (an install of
// about 300 packages and a build of a minute or two on two cores): the lane prints its install and build times.
const repo = resolve(import.meta.dirname, '..', '..');
mkdirSync(join(repo, '.cache'), { recursive: true });
const work = mkdtempSync(join(repo, '.cache', 'angular-'));
const app = join(work, 'app');
const upload = { path: join(work, 'upload.bin'), bytes: randomBytes(3 * 1024 * 1024) };
const UPLOAD_MD5 = createHash('md5').update(upload.bytes).digest('hex');

function npm(args: string[], cwd: string): string {
  const result = spawnSync('npm', [...args, '--no-audit', '--no-fund'], { cwd, encoding: 'utf8' });
  assert.equal(result.status, 0, `npm ${args.join(' ')}:\n${result.stdout}${result.stderr}`);
  return `${result.stdout}${result.stderr}`;
}

let stage: Stage;
let preview: AppServer;
const timings: Record<string, number> = {};
async function timed<T>(name: string, step: () => T | Promise<T>): Promise<T> {
  const started = Date.now();
  try {
    return await step();
  } finally {
    timings[name] = Math.round((Date.now() - started) / 1000);
  }
}

before(async () => {
  assert.ok(existsSync(join(repo, 'dist/elements/ph-login.js')), 'dist/ is missing: run `npm run build` first');
  cpSync(join(import.meta.dirname, 'app'), app, { recursive: true });
  writeFileSync(upload.path, upload.bytes);
  const [packed] = JSON.parse(
    execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work, '--loglevel=error'], {
      cwd: repo,
      encoding: 'utf8',
    }),
  ) as { filename: string }[];
  await timed('install', () => {
    npm(['ci', '--prefer-offline', '--loglevel=error'], app);
    npm(['install', '--no-save', '--prefer-offline', '--loglevel=error', join(work, packed!.filename)], app);
  });
  await timed('ng build', () => runNode(join(app, 'node_modules/@angular/cli/bin/ng.js'), ['build'], app));
  stage = await startStage();
  // A static server with the single-page fallback and the proxy of docs/guide/angular.md (ng serve's proxy.conf.json
  // in development): Vite's preview server over Angular's output.
  writeFileSync(
    join(app, 'preview.config.mjs'),
    [
      `const platform = ${JSON.stringify(new URL(stage.server.url).origin)};`,
      "const proxy = Object.fromEntries(['/api', '/zuul', '/common'].map((path) => [path, platform]));",
      "export default { root: 'dist/browser', build: { outDir: '.' }, preview: { proxy }, logLevel: 'error' };",
    ].join('\n'),
  );
  const port = await freePort();
  preview = await startServer(
    VITE,
    ['preview', '--config', 'preview.config.mjs', '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
    app,
    `http://127.0.0.1:${port}/`,
  );
});

after(async () => {
  await preview?.stop();
  await stage?.stop();
  rmSync(work, { recursive: true, force: true });
  console.log(`angular lane: ${JSON.stringify(timings)} (seconds)`);
});

describe('an Angular 21 app with the default router, through the elements', () => {
  it('copies ph-widgets/dist/assets by its one assets line', () => {
    const assets = readdirSync(join(app, 'dist/browser/assets'));
    for (const file of readdirSync(join(app, 'node_modules/ph-widgets/dist/assets'))) {
      if (file !== 'immutable.json') assert.ok(assets.includes(file), file);
    }
  });

  it('signs in with the default setup in one navigation and no loop, opens a dialog by a property, uploads', async () => {
    const { page, problems } = await watchedPage(stage);
    const loads = countLoads(page);
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
        documents.push(new URL(request.url()).pathname);
      }
    });
    // The landing page is this app again (the preview server's fallback), whose router has no route for it: the
    // element finds the session, is where §4 would send it, and stays.
    await dialogThenSignIn(page, preview.url, 'Angular dialog');
    assert.equal(loads.count, 2, 'the first load, and the one navigation after the sign-in');
    assert.deepEqual(documents, ['/', '/pages/base/pc_desktop_all/index.html']);
    // Angular's router, finding no route for the landing page, puts the address back to its last good one ('/')
    // without a load: the app's to route, not the widgets' to chase.
    assert.equal(new URL(page.url()).pathname, '/');

    assert.equal(await uploadAndReadMd5(page, upload.path), UPLOAD_MD5);
    const workers = await page.evaluate(() =>
      performance.getEntriesByType('resource').filter((entry) => /\/assets\/md5-worker-[\w-]+\.js$/.test(entry.name)),
    );
    assert.equal(workers.length, 1, 'the MD5 worker was served from assets/');
    // The default router has no route for the landing page, and says so: the app's to fix, not the widgets'.
    assert.deepEqual(
      problems.filter((problem) => !problem.includes('NG04002')),
      [],
    );
    await page.close();
  });
});
