import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, ConsoleMessage, Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../demo/server/db/seed-data';
import { ADDED_CALLS } from '../../demo/server/spec-strict';
import { cameraArgs, type FaceMedia, faceMedia } from '../media/face';
import { fakeMicrophone, framesFor, pcmFramesSent, SILENCE } from '../media/microphone';
import { type SpeechMedia, speechMedia } from '../media/speech';
import { after, afterEach, before, describe, it, type Stage, startStage } from './harness';

// The everyday journeys against a back end that serves §7 as written (issue 53): the reference server's strict
// profile answers 404 to every call it adds to §7 (demo/server/spec-strict.ts) and takes face login and clock-in
// with the photo alone. Sign-in, the desktop and header, an upload, a face registered then used to sign in and to
// clock in from a still camera (§7 has no liveness), and a voice command: each works, and the only trouble the
// console shows is Chromium's own line for a 404 of an added call.

const LANDING = '/pages/base/pc_desktop_all/index.html';
const GRADE_APP = '/pages/grade/pc_grade_tm/index.html';

/** An added call's path as a pattern (`:md5` is any segment). */
const ADDED = ADDED_CALLS.map((call) => new RegExp(`^${call.path.replace(/:\w+/g, '[^/]+')}$`));
const isAddedCall = (url: string) => ADDED.some((pattern) => pattern.test(new URL(url).pathname));

/** The console's errors and warnings, but Chromium's line for a 404 of a call §7 does not have. */
function watchStrictProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    const text = message.text();
    if (text.includes('status of 401')) return;
    if (text.includes('status of 404') && isAddedCall(message.location().url)) return;
    problems.push(`${message.type()}: ${text}`);
  });
  return problems;
}

async function openPage(browser: Browser, stage: Stage, path: string) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const problems = watchStrictProblems(page);
  await page.goto(stage.url(path));
  return { page, problems };
}

async function signIn(page: Page, account: string): Promise<void> {
  const login = page.locator('ph-login');
  await login.getByLabel('账号', { exact: true }).fill(account);
  await login.getByLabel('密码', { exact: true }).fill(DEMO_PASSWORD);
  await login.getByRole('button', { name: '登录', exact: true }).click();
  // The clock-in terminal's account lands on its clock-in page (issue 69), everyone else on the school desktop.
  const landing = account === 'terminal' ? '/pages/base/pc_clockIn_all/index.html' : LANDING;
  await page.waitForURL((url) => url.pathname === landing);
}

describe('the everyday journeys against the §7-as-written profile (PH_SPEC_STRICT)', () => {
  let stage: Stage;
  let face: FaceMedia;
  let speech: SpeechMedia;
  let camera: Browser;
  let terminal: Browser;

  before(async () => {
    face = faceMedia();
    speech = speechMedia();
    stage = await startStage({ specStrict: true, faceMatcher: 'descriptor' });
    camera = await stage.launch(cameraArgs(face.faceVideo));
    terminal = await stage.launch(cameraArgs(face.terminalVideo));
  });
  afterEach(async () => {
    for (const browser of [stage.browser, camera, terminal]) {
      for (const context of browser?.contexts() ?? []) await context.close();
    }
  });
  after(async () => {
    await stage?.stop();
    face.dispose();
    speech.dispose();
  });

  it('signs in with the password and shows the desktop and the header', async () => {
    const { page, problems } = await openPage(stage.browser, stage, '/login');
    await signIn(page, 'teacher');
    await page.locator('[data-ph-component="ph-header"] [part~="welcome"]').filter({ hasText: '王老师' }).waitFor();
    await page.getByRole('button', { name: /^通知公告/ }).waitFor();

    // §6's icon order: this back end has no call to keep it, so this browser keeps it, said once, with no error and
    // no snap-back (issue 69: 接口不存在 and the icon back in place, on every move).
    const order = () =>
      page.$$eval('ul[data-group="XZBG"] > li', (items) => items.map((item) => item.getAttribute('data-app')));
    const before = await order();
    // Every toast that comes, counted as it comes: a toast lasts 2 s.
    await page.evaluate(() => {
      const host = document.querySelector('ph-toast-host')?.shadowRoot as ShadowRoot;
      const seen: string[] = [];
      Object.assign(window, { phToasts: seen });
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.addedNodes) if (node instanceof HTMLElement) seen.push(node.textContent ?? '');
      }).observe(host, { childList: true, subtree: true });
    });
    const first = page.locator(`li[data-app="${before[0]}"] button`);
    await first.focus();
    await page.keyboard.press('Alt+ArrowRight');
    const kept = page.locator('ph-toast-host [part~="toast"]').filter({ hasText: '本平台不保存图标顺序' });
    await kept.waitFor();
    const moved = [before[1], before[0], ...before.slice(2)];
    assert.deepEqual(await order(), moved);
    await first.focus();
    await page.keyboard.press('Alt+ArrowLeft');
    await page.waitForFunction((codes) => {
      const now = [...document.querySelectorAll('ul[data-group="XZBG"] > li')].map((li) => li.getAttribute('data-app'));
      return now.join() === codes.join();
    }, before);
    await page.keyboard.press('Alt+ArrowRight');
    await page.waitForFunction((codes) => {
      const now = [...document.querySelectorAll('ul[data-group="XZBG"] > li')].map((li) => li.getAttribute('data-app'));
      return now.join() === codes.join();
    }, moved);
    const toasts = await page.evaluate(() => (window as unknown as { phToasts: string[] }).phToasts);
    assert.deepEqual(
      toasts.filter((text) => text.trim() !== ''),
      [toasts.find((text) => text.includes('本平台不保存图标顺序'))],
      'one toast: kept in this browser',
    );
    await page.reload();
    await page.locator(`li[data-app="${before[0]}"]`).waitFor();
    assert.deepEqual(await order(), moved, 'kept in this browser over a reload');
    assert.deepEqual(problems, []);
  });

  it('uploads a file; "My files" says it is not available here, with no error', async () => {
    const files = mkdtempSync(join(tmpdir(), 'ph-strict-'));
    try {
      const bytes = randomBytes(3 * 1024 * 1024);
      const file = join(files, '教案.bin');
      writeFileSync(file, bytes);
      const { page, problems } = await openPage(stage.browser, stage, '/login');
      await signIn(page, 'teacher');
      await page.goto(stage.url('/demo/upload/index.html'));
      const uploaded = page.evaluate(
        () =>
          new Promise<string>((done) =>
            document.addEventListener('ph-uploader-success', (event) => done((event as CustomEvent).detail.md5)),
          ),
      );
      // The page's uploader starts what is chosen at once (auto-start).
      await page.getByLabel('选择文件', { exact: true }).setInputFiles(file);
      assert.equal(await uploaded, createHash('md5').update(bytes).digest('hex'));
      await page.getByText('本平台未提供“我的文件”').first().waitFor();
      assert.equal(await page.locator('ph-toast-host [role="alert"]').count(), 0, 'no error toast');
      assert.deepEqual(problems, []);
    } finally {
      rmSync(files, { recursive: true, force: true });
    }
  });

  it('registers a face, then signs in with it from a still camera on the work-chat page', async () => {
    const collect = await openPage(camera, stage, '/login');
    await signIn(collect.page, 'teacher');
    await collect.page.goto(stage.url('/demo/face/index.html'));
    const widget = collect.page.locator('ph-face');
    await collect.page.waitForFunction(() => {
      const button = document.querySelector('ph-face')?.shadowRoot?.querySelector('[part~="photograph"]');
      return button instanceof HTMLButtonElement && !button.disabled;
    });
    await widget.getByRole('button', { name: '拍照' }).click();
    await widget.getByRole('button', { name: '保存' }).click();
    await widget.getByText('人脸采集完成！').waitFor();
    assert.deepEqual(collect.problems, []);
    await collect.page.context().close();

    // §7 has no liveness: a still camera signs in, where the full profile asks for a movement (face.test.ts).
    const { page, problems } = await openPage(camera, stage, '/demo/work-chat/index.html');
    await page.getByRole('button', { name: '人脸登录' }).click();
    await page.waitForURL((url) => url.pathname === LANDING);
    await page.locator('[data-ph-component="ph-header"] [part~="welcome"]').filter({ hasText: '王老师' }).waitFor();
    assert.deepEqual(problems, []);
  });

  it('clocks the teacher in at a terminal from a still camera', async () => {
    const { page, problems } = await openPage(terminal, stage, '/login');
    await signIn(page, 'terminal');
    await page.goto(stage.url('/demo/face/index.html?mode=orther'));
    await page
      .locator('ph-face')
      .getByText(/^王老师，打卡成功（\d{4}-\d\d-\d\d \d\d:\d\d:\d\d）$/)
      .waitFor();
    assert.deepEqual(problems, []);
  });

  it('opens the grade app by voice', async () => {
    const wav = speech.wav('open grade management', 'strict-grade', SILENCE);
    const microphone = await stage.launch(fakeMicrophone(wav));
    const { page, problems } = await openPage(microphone, stage, '/login');
    await signIn(page, 'teacher');
    await page.goto(stage.url('/demo/voice/index.html?language=en'));
    const button = page.locator('ph-voice:not([disabled])').getByRole('button', { name: 'Voice command' });
    const box = await button.boundingBox();
    assert.ok(box);
    const streamed = pcmFramesSent(page, framesFor(wav));
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await streamed;
    await page.mouse.up();
    await page.waitForURL((url) => url.pathname === GRADE_APP);
    assert.deepEqual(problems, []);
  });
});
