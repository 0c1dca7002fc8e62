import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, rmSync, writeSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { chromium, type Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../demo/server/db/seed-data';
import { CHROMIUM, chromiumArgs } from '../../scripts/chromium.mjs';
import { ENDPOINTS } from '../../src/core/api/wire';
import { openPage, type Stage, startStage, watchProblems } from './harness';

// A person uploads through /demo/upload/ (the classic script's <ph-uploader>) against the reference server: a
// 50 MB file with progress, pause and resume; a reload in the middle; and the server process killed (SIGKILL)
// in the middle of a chunked upload, restarted on the same data directory, the upload resumed.

const PAGE = '/demo/upload/index.html';
const MB = 1024 * 1024;
const repo = resolve(import.meta.dirname, '..', '..');
const files = mkdtempSync(join(tmpdir(), 'ph-e2e-files-'));

/** A file of pseudo-random bytes on disk (1 MB blocks, each different), and its MD5. */
function makeFile(name: string, megabytes: number): { path: string; md5: string } {
  const path = join(files, name);
  const hash = createHash('md5');
  const out = openSync(path, 'w');
  let block = createHash('sha512').update(name).digest();
  try {
    for (let index = 0; index < megabytes; index++) {
      const bytes = Buffer.alloc(MB);
      for (let offset = 0; offset < MB; offset += block.length) {
        block = createHash('sha512').update(block).digest();
        block.copy(bytes, offset);
      }
      hash.update(bytes);
      writeSync(out, bytes);
    }
  } finally {
    closeSync(out);
  }
  return { path, md5: hash.digest('hex') };
}

/** The MD5 of a stored file, downloaded through its link in the page's list (relative to the page). */
async function downloadedMd5(page: Page, link: string | null): Promise<string> {
  const download = await page.request.get(new URL(link ?? '', page.url()).href);
  assert.equal(download.status(), 200);
  return createHash('md5')
    .update(await download.body())
    .digest('hex');
}

/** Signed out, the page sends the person to /login and back: they sign in there with a demo account. */
async function signIn(page: Page, account = 'teacher'): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/login');
  await page.locator('ph-login').getByLabel('账号', { exact: true }).fill(account);
  await page.locator('ph-login').getByLabel('密码', { exact: true }).fill('Demo@2026');
  await page.locator('ph-login').getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL((url) => url.pathname === PAGE);
  await page.getByText(/已登录：/).waitFor();
}

/** Upload bar of the file in per cent. */
const uploadPercent = (page: Page) =>
  page
    .locator('ph-uploader [part~="upload-progress"]')
    .first()
    .evaluate((bar) => (bar as HTMLProgressElement).value);

/** Waits until the first file's upload bar reaches that many per cent. */
const uploadedAtLeast = (page: Page, percent: number) =>
  page.waitForFunction((least) => {
    const bar = document.querySelector('ph-uploader')?.shadowRoot?.querySelector('[part~="upload-progress"]');
    return ((bar as HTMLProgressElement | null)?.value ?? 0) >= least;
  }, percent);

const chunkUploads = (page: Page) => {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith(ENDPOINTS.chunkUpload)) sent.push(request.url());
  });
  return sent;
};

after(() => rmSync(files, { recursive: true, force: true }));

describe('uploading through /demo/upload/', () => {
  let stage: Stage;
  before(async () => {
    stage = await startStage();
  });
  after(async () => {
    await stage.stop();
  });

  it('a 50 MB file: progress shows, pause holds, resume finishes; the server has it with the right MD5', async () => {
    const file = makeFile('公开课.mp4', 50);
    const { page, problems } = await openPage(stage, PAGE);
    await signIn(page);
    await page.getByLabel('选择文件', { exact: true }).setInputFiles(file.path);
    // Pausing drops the bytes of the chunks in flight: the bar holds what the server has stored, so the pause waits
    // for a stored chunk, not only for the bar (which counts chunks still being sent, and once paused at 0 %).
    const chunkStored = page.waitForResponse(
      (response) => new URL(response.url()).pathname.endsWith(ENDPOINTS.chunkUpload) && response.ok(),
    );
    await page.getByRole('button', { name: '开始：公开课.mp4' }).click();
    await chunkStored;
    await uploadedAtLeast(page, 10);
    await page.getByRole('button', { name: '暂停：公开课.mp4' }).click();
    await page.locator('ph-uploader [part~="file-state"]', { hasText: '已暂停' }).waitFor();
    const paused = await uploadPercent(page);
    assert.ok(paused > 0 && paused < 100, `paused at ${paused} %`);
    // Nothing moves while paused: the next request the page makes is the one resume causes.
    const sent = chunkUploads(page);
    assert.equal(await uploadPercent(page), paused);
    assert.equal(sent.length, 0);

    await page.getByRole('button', { name: '继续：公开课.mp4' }).click();
    const stored = page.locator('#stored li');
    await stored.waitFor({ timeout: 120_000 });
    assert.equal(await stored.getAttribute('data-md5'), file.md5);
    assert.equal(await downloadedMd5(page, await stored.locator('a').getAttribute('href')), file.md5);
    assert.ok(sent.length < 25, `${sent.length} chunks sent after the pause (the file has 25)`);
    assert.deepEqual(problems, []);
    await page.close();
  });

  it('in a browser without workers, the classic page loads its uploader and MD5 engine scripts, and hashes right', async () => {
    const file = makeFile('作业讲评.mp4', 3);
    const page = await stage.browser.newPage();
    const problems = watchProblems(page);
    // No Worker (an old embedded browser, or a CSP without worker-src): the hash runs on the page, its engines
    // coming from ph-widgets.md5-engine.js beside the classic bundle, as the uploader from ph-widgets.uploader.js.
    await page.addInitScript(() => Reflect.deleteProperty(window, 'Worker'));
    const scripts: string[] = [];
    page.on('request', (request) => {
      const name = new URL(request.url()).pathname.split('/').at(-1) ?? '';
      if (name.endsWith('.js')) scripts.push(name);
    });
    const login = await page.request.post(stage.url(ENDPOINTS.login), {
      headers: { 'X-PH-Device': 'pc' },
      data: { username: 'teacher', password: DEMO_PASSWORD },
    });
    assert.equal(login.ok(), true);
    await page.goto(stage.url(PAGE));
    await page.getByText(/已登录：/).waitFor();
    assert.deepEqual(scripts, ['ph-widgets.js', 'ph-widgets.uploader.js']);
    await page.getByLabel('选择文件', { exact: true }).setInputFiles(file.path);
    await page.getByRole('button', { name: '开始：作业讲评.mp4' }).click();
    const stored = page.locator('#stored li');
    await stored.waitFor();
    // Our MD5 (sent with every chunk and the merge, which the server checks) is the file's.
    assert.equal(await stored.getAttribute('data-md5'), file.md5);
    assert.deepEqual(scripts, ['ph-widgets.js', 'ph-widgets.uploader.js', 'ph-widgets.md5-engine.js']);
    assert.deepEqual(problems, []);
    await page.close();
  });

  it('after a reload in the middle, choosing the same file sends only the chunks the server lacks', async () => {
    const file = makeFile('record.mp4', 24);
    const { page, problems } = await openPage(stage, PAGE);
    await signIn(page);
    await page.getByLabel('选择文件', { exact: true }).setInputFiles(file.path);
    await page.getByRole('button', { name: '开始：record.mp4' }).click();
    await uploadedAtLeast(page, 40);
    await page.reload();
    await page.getByText(/已登录：/).waitFor();
    const sent = chunkUploads(page);
    await page.getByLabel('选择文件', { exact: true }).setInputFiles(file.path);
    await page.getByRole('button', { name: '开始：record.mp4' }).click();
    const stored = page.locator('#stored li');
    await stored.waitFor({ timeout: 60_000 });
    assert.equal(await stored.getAttribute('data-md5'), file.md5);
    assert.ok(sent.length > 0 && sent.length <= 9, `${sent.length} of 12 chunks sent after the reload`);
    assert.deepEqual(problems, []);
    await page.close();
  });
});

/** A free TCP port (the restarted server must come back on the same origin: IndexedDB and cookies are per origin). */
async function freePort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const { port } = probe.address() as { port: number };
  await new Promise((done) => probe.close(done));
  return port;
}

/** The reference server as its own process (`demo/server/main.ts`), resolved once it listens. */
async function serverProcess(port: number, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'demo/server/main.ts'], {
    cwd: repo,
    env: { ...process.env, PORT: String(port), PH_DATA_DIR: dataDir, PH_LOG: '0', PH_FACE_MATCHER: 'digest' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((ready, fail) => {
    child.stdout?.on('data', (data: Buffer) => {
      if (data.toString().includes('reference server:')) ready();
    });
    child.once('exit', (code) => fail(new Error(`the server exited with ${code}`)));
  });
  return child;
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('the server killed in the middle of a chunked upload', () => {
  it('comes back on the same data directory; the upload resumes, the merged MD5 matches, no chunk is left', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ph-e2e-fault-'));
    const port = await freePort();
    let server = await serverProcess(port, dataDir);
    const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: chromiumArgs() });
    try {
      const file = makeFile('lesson.mp4', 30);
      const page = await browser.newPage();
      await page.goto(`http://127.0.0.1:${port}${PAGE}`);
      await signIn(page);
      await page.getByLabel('选择文件', { exact: true }).setInputFiles(file.path);
      await page.getByRole('button', { name: '开始：lesson.mp4' }).click();
      await uploadedAtLeast(page, 30);
      server.kill('SIGKILL');
      await new Promise((done) => server.once('exit', done));
      server = await serverProcess(port, dataDir);
      const sent = chunkUploads(page);
      // The failed requests are retried with backoff and reach the new process; should the retries have run out
      // meanwhile, the person presses Retry.
      const retry = page.getByRole('button', { name: '重试：lesson.mp4' });
      void retry
        .waitFor({ timeout: 60_000 })
        .then(() => retry.click())
        .catch(() => {});
      const stored = page.locator('#stored li');
      await stored.waitFor({ timeout: 90_000 });
      assert.equal(await stored.getAttribute('data-md5'), file.md5);
      assert.ok(sent.length < 15, `${sent.length} of 15 chunks sent after the restart`);
      assert.equal(await downloadedMd5(page, await stored.locator('a').getAttribute('href')), file.md5);
      assert.deepEqual(filesUnder(join(dataDir, 'chunks')), []);
      await page.close();
    } finally {
      await browser.close();
      server.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
