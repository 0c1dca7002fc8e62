import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { createCipheriv, createHash } from 'node:crypto';
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, rmSync, writeSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page, Response, Route } from 'playwright-core';
import { DEMO_PASSWORD } from '../../demo/server/db/seed-data';
import { ok } from '../../demo/server/envelope';
import { ENDPOINTS } from '../../src/core/api/wire';
import {
  after,
  before,
  describe,
  it,
  launchChromium,
  openPage,
  type Stage,
  startStage,
  watchProblems,
} from './harness';

// A person uploads through /demo/upload/ (the classic script's <ph-uploader>) against the reference server: a
// 50 MB file with progress, pause and resume; a reload in the middle; and the server process killed (SIGKILL)
// in the middle of a chunked upload, restarted on the same data directory, the upload resumed.

const PAGE = '/demo/upload/index.html';
const MB = 1024 * 1024;
const repo = resolve(import.meta.dirname, '..', '..');
const files = mkdtempSync(join(tmpdir(), 'ph-e2e-files-'));

/**
 * A file of pseudo-random bytes on disk (1 MB blocks, each different), and its MD5. The bytes are AES-CTR's key stream
 * for a key made from the name: a SHA-512 per 64 bytes took 4.5 CPU seconds for the 50 MB file, this 0.1.
 */
function makeFile(name: string, megabytes: number): { path: string; md5: string } {
  const path = join(files, name);
  const hash = createHash('md5');
  const stream = createCipheriv('aes-256-ctr', createHash('sha256').update(name).digest(), Buffer.alloc(16));
  const out = openSync(path, 'w');
  try {
    for (let index = 0; index < megabytes; index++) {
      const bytes = stream.update(Buffer.alloc(MB));
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

/**
 * The file's row in "My files", the table the page reads from the server: it appears once the upload is stored, on the
 * first page (newest first; files of the same minute read in name order, issue 56). Answers the row.
 */
async function newestStored(page: Page, md5: string) {
  const row = page.locator(`#stored tbody tr[data-md5="${md5}"]`);
  await row.waitFor();
  return row;
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

const isChunkUpload = (url: URL) => url.pathname.endsWith(ENDPOINTS.chunkUpload);

interface ChunkGate {
  /** Resolves once the chunks let through have been answered: the server has stored exactly those. */
  stored: Promise<void>;
  /** Stops holding; the held requests stay with the page, which cancels them (a pause, a reload). */
  drop(): Promise<void>;
  /** Stops holding and sends the held requests on, to whatever answers then. */
  sendHeld(): Promise<void>;
}

/**
 * Lets the first `count` chunk uploads reach the server and holds every later one in the browser, unsent, so that
 * "in the middle" of an upload is a fixed point — the server has exactly `count` chunks when the test pauses,
 * reloads or kills it — and not a race against how fast loopback stores the rest.
 */
async function holdChunksAfter(page: Page, count: number): Promise<ChunkGate> {
  const held: Route[] = [];
  let passed = 0;
  let answered = 0;
  let allStored = () => {};
  const stored = new Promise<void>((resolve) => {
    allStored = resolve;
  });
  const onResponse = (response: Response) => {
    if (isChunkUpload(new URL(response.url())) && response.ok() && ++answered === count) allStored();
  };
  const hold = (route: Route) => {
    if (passed < count) {
      passed += 1;
      return route.continue();
    }
    held.push(route);
  };
  page.on('response', onResponse);
  await page.route(isChunkUpload, hold);
  const drop = async () => {
    page.off('response', onResponse);
    await page.unroute(isChunkUpload, hold);
  };
  return {
    stored,
    drop,
    async sendHeld() {
      await drop();
      await Promise.all(held.map((route) => route.continue().catch(() => {})));
    },
  };
}

/** The chunk uploads the server answers with success from now on. */
const storedChunks = (page: Page) => {
  const stored: string[] = [];
  page.on('response', (response) => {
    if (isChunkUpload(new URL(response.url())) && response.ok()) stored.push(response.url());
  });
  return stored;
};

const chunkUploads = (page: Page) => {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (isChunkUpload(new URL(request.url()))) sent.push(request.url());
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
    // Pausing drops the bytes of the chunks in flight: the bar holds what the server has stored. The server gets 5 of
    // the 25 chunks before the pause, the others are held in the browser (and cancelled by it).
    const gate = await holdChunksAfter(page, 5);
    // The page's uploader starts what is chosen at once (auto-start, issue 56): no start button to press.
    await page.getByLabel('选择文件', { exact: true }).setInputFiles(file.path);
    await gate.stored;
    await uploadedAtLeast(page, 20);
    await page.getByRole('button', { name: '暂停：公开课.mp4' }).click();
    await page.locator('ph-uploader [part~="file-state"]', { hasText: '已暂停' }).waitFor();
    await gate.drop();
    const paused = await uploadPercent(page);
    assert.equal(paused, 20, 'paused at the 5 stored chunks of 25');
    // Nothing moves while paused: the next request the page makes is the one resume causes.
    const sent = chunkUploads(page);
    assert.equal(await uploadPercent(page), paused);
    assert.equal(sent.length, 0);

    await page.getByRole('button', { name: '继续：公开课.mp4' }).click();
    const stored = await newestStored(page, file.md5);
    assert.equal(await downloadedMd5(page, await stored.locator('a').getAttribute('href')), file.md5);
    assert.equal(sent.length, 20, 'the 20 chunks the server lacked, and only those, sent after the pause');
    assert.deepEqual(problems, []);
    await page.close();
  });

  it('offers "choose a folder" and dropping on a computer, not on a phone, whose browser would pick single files (issues 35, 69)', async () => {
    const phone = await stage.browser.newContext({
      viewport: { width: 375, height: 812 },
      isMobile: true,
      hasTouch: true,
      userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36',
    });
    const computer = await stage.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const pickers: Record<string, number> = {};
    const prompts: Record<string, boolean> = {};
    for (const [name, context] of [
      ['phone', phone],
      ['computer', computer],
    ] as const) {
      const signedIn = await context.request.post(stage.url(ENDPOINTS.login), {
        headers: { 'X-PH-Device': 'pc' },
        data: { username: 'teacher', password: DEMO_PASSWORD },
      });
      assert.equal(signedIn.status(), 200);
      const page = await context.newPage();
      await page.goto(stage.url(PAGE));
      await page.getByLabel('选择文件', { exact: true }).waitFor();
      pickers[name] = await page.getByLabel('选择文件夹', { exact: true }).count();
      // Nor does a phone say "drop files here", which a touch screen cannot do (issue 69).
      prompts[name] = await page.locator('[part~="dropzone"] .prompt').isVisible();
      await context.close();
    }
    assert.deepEqual(pickers, { phone: 0, computer: 1 });
    assert.deepEqual(prompts, { phone: false, computer: true });
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
      if (name.startsWith('ph-widgets') && name.endsWith('.js')) scripts.push(name);
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
    // Our MD5 (sent with every chunk and the merge, which the server checks) is the file's.
    await newestStored(page, file.md5);
    assert.deepEqual(scripts, ['ph-widgets.js', 'ph-widgets.uploader.js', 'ph-widgets.md5-engine.js']);
    assert.deepEqual(problems, []);
    await page.close();
  });

  it('after a reload in the middle, choosing the same file sends only the chunks the server lacks', async () => {
    const file = makeFile('record.mp4', 24);
    const { page, problems } = await openPage(stage, PAGE);
    await signIn(page);
    // The server gets 5 of the 12 chunks; the reload cancels the others, held in the browser.
    const gate = await holdChunksAfter(page, 5);
    await page.getByLabel('选择文件', { exact: true }).setInputFiles(file.path);
    await gate.stored;
    await page.reload();
    await gate.drop();
    await page.getByText(/已登录：/).waitFor();
    const sent = chunkUploads(page);
    await page.getByLabel('选择文件', { exact: true }).setInputFiles(file.path);
    await newestStored(page, file.md5);
    assert.equal(sent.length, 7, 'the 7 chunks the server lacked, and only those, sent after the reload');
    assert.deepEqual(problems, []);
    await page.close();
  });

  it('"My files" is read from the server: it outlives the page, and another person of the unit has their own (issue 35)', async () => {
    const file = makeFile('单元测验.pdf', 1);
    const { page, problems } = await openPage(stage, PAGE);
    await signIn(page);
    await page.getByLabel('选择文件', { exact: true }).setInputFiles(file.path);
    await newestStored(page, file.md5);
    // A new visit in English: the list comes from the server, with the size and the day, in the page's language.
    await page.goto(stage.url(`${PAGE}?language=en`));
    await page.getByRole('heading', { name: 'My files' }).waitFor();
    const row = await newestStored(page, file.md5);
    const [name, size, day] = await row.locator('td').allTextContents();
    assert.deepEqual([name, size], ['单元测验.pdf', '1 MB']);
    assert.match(day ?? '', /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}/);
    // The staff member, of the same school, sees their own files, none of the teacher's.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByText('Checking your session…').waitFor();
    await page.goto(stage.url(`${PAGE}?language=zh-CN`));
    await signIn(page, 'staff');
    await page.locator('#stored-status', { hasText: '还没有上传过文件。' }).waitFor();
    assert.equal(await page.locator('#stored tbody tr').count(), 0);
    // Choosing the same file is their instant upload: from then on it is theirs too.
    await page.getByLabel('选择文件', { exact: true }).setInputFiles(file.path);
    const theirs = await newestStored(page, file.md5);
    assert.match((await theirs.textContent()) ?? '', /（秒传）/);
    assert.deepEqual(problems, []);
    await page.close();
  });

  it('"My files" is a table: sorted by name, size or day from the keyboard, 30 a page, names as text (issue 56)', async () => {
    // 51 files, as the issue saw: three of the newest minute (answered out of name order) and one named like markup.
    const minute = Date.UTC(2026, 10, 2, 8, 0);
    const list = Array.from({ length: 51 }, (_, at) => {
      const name = at < 3 ? ['c.pdf', 'a.pdf', 'b.pdf'][at] : at === 3 ? '<b>粗体</b>.txt' : `作业${at}.docx`;
      const md5 = createHash('md5').update(String(at)).digest('hex');
      const keptAt = at < 3 ? minute + (40 - at * 10) * 1000 : minute - at * 60_000;
      return { fileId: md5, md5, name, size: 1000 * (at + 1), url: `/api/storage/file/${md5}`, keptAt };
    });
    const { page, problems } = await openPage(stage, PAGE);
    await page.route(
      (url) => url.pathname === ENDPOINTS.myFiles,
      (route) => route.fulfill({ json: ok({ list, total: list.length }) }),
    );
    await signIn(page);
    const rows = page.locator('#stored tbody tr');
    const names = async () => (await rows.locator('td:first-child a').allTextContents()).slice(0, 4);
    await page.getByText('第 1 / 2 页').waitFor();
    assert.equal(await rows.count(), 30);
    assert.deepEqual(await names(), ['a.pdf', 'b.pdf', 'c.pdf', '<b>粗体</b>.txt'], 'the same minute in name order');
    assert.equal(await page.locator('#stored b').count(), 0, 'a name is text, never markup');
    const day = page.locator('#stored th[data-column="day"]');
    assert.equal(await day.getAttribute('aria-sort'), 'descending');
    // Through PH.safeUrl: the stored file's url as an absolute URL of this site.
    const href = new URL(list[1]?.url ?? '', page.url()).href;
    assert.equal(await rows.first().locator('a').getAttribute('href'), href, 'each row links its download');

    // The headers are buttons: Tab reaches them, Enter and Space sort.
    const byName = page.getByRole('button', { name: '名称', exact: true });
    await byName.focus();
    await page.keyboard.press('Enter');
    const name = page.locator('#stored th[data-column="name"]');
    assert.equal(await name.getAttribute('aria-sort'), 'ascending');
    assert.equal(await day.getAttribute('aria-sort'), 'none');
    await page.keyboard.press('Space');
    assert.equal(await name.getAttribute('aria-sort'), 'descending');
    await page.getByRole('button', { name: '大小', exact: true }).press('Enter');
    assert.equal((await names())[0], '作业50.docx', 'the largest first');

    await page.getByRole('button', { name: '下一页', exact: true }).click();
    await page.getByText('第 2 / 2 页').waitFor();
    assert.equal(await rows.count(), 21);
    assert.equal(await page.getByRole('button', { name: '下一页', exact: true }).isDisabled(), true);
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
    const browser = await launchChromium();
    try {
      const file = makeFile('lesson.mp4', 30);
      const page = await browser.newPage();
      await page.goto(`http://127.0.0.1:${port}${PAGE}`);
      await signIn(page);
      // The server stores 5 of the 15 chunks and is killed; the held others then fail against the dead port.
      const gate = await holdChunksAfter(page, 5);
      await page.getByLabel('选择文件', { exact: true }).setInputFiles(file.path);
      await gate.stored;
      server.kill('SIGKILL');
      await new Promise((done) => server.once('exit', done));
      const storedAfterKill = storedChunks(page);
      await gate.sendHeld();
      server = await serverProcess(port, dataDir);
      // The failed requests are retried with backoff and reach the new process; should the retries have run out
      // meanwhile, the person presses Retry.
      const retry = page.getByRole('button', { name: '重试：lesson.mp4' });
      void retry
        .waitFor()
        .then(() => retry.click())
        .catch(() => {});
      const stored = await newestStored(page, file.md5);
      // Only the new process can have stored a chunk since the kill: the 10 it lacked, each once.
      assert.equal(storedAfterKill.length, 10, 'the 10 chunks the server lacked stored after the restart');
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
