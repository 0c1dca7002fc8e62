// `npm run shots:face [-- OUT_DIR]`: screenshots of <ph-face>'s screens on the demo face page, in zh-CN, en and zh-HK
// at 1366, 1024, 820 and 375 px (DEVELOPERS.md: look at what you build): collect with the framing advice, a clock-in
// terminal asking for a turn, its success line, and its refusal of a photo held up. Needs `npm run build` first.
// Writes PNGs to OUT_DIR (/tmp/ph-shots/face by default), named `{language}-{width}-{scene}.png`, and prints each
// path. Not a test: it asserts nothing, it only shows.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../demo/server/db/seed-data';
import { ENDPOINTS } from '../src/core/api/wire';
import { startStage } from '../test/e2e/harness';
import { cameraArgs, faceMedia, personCamera, personPoses } from '../test/media/face';

const outDir = resolve(process.argv[2] ?? '/tmp/ph-shots/face');
const LANGUAGES = ['zh-CN', 'en', 'zh-HK'] as const;
const WIDTHS = [1366, 1024, 820, 375] as const;
const HEIGHT = { 1366: 768, 1024: 768, 820: 1180, 375: 812 } as const;

mkdirSync(outDir, { recursive: true });
const poses = personPoses();
const media = faceMedia();
const stage = await startStage({ faceMatcher: 'descriptor', facePictureMemorySeconds: 0 });
const personBrowser = await stage.launch(cameraArgs());
const photoBrowser = await stage.launch(cameraArgs(media.faceVideo));

async function signedInPage(browser: Browser, account: string, width: (typeof WIDTHS)[number]): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: HEIGHT[width] }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const login = await page.request.post(stage.url(ENDPOINTS.login), {
    headers: { 'X-PH-Device': 'pc' },
    data: { username: account, password: DEMO_PASSWORD },
  });
  if (!login.ok()) throw new Error(`${account} could not sign in: ${login.status()}`);
  return page;
}

const faceStatus = (page: Page, status: string) =>
  page.waitForFunction(
    (wanted) => document.querySelector('ph-face')?.shadowRoot?.querySelector(`[data-status="${wanted}"]`),
    status,
    { timeout: 60_000 },
  );

async function shoot(page: Page, name: string): Promise<void> {
  const file = join(outDir, `${name}.png`);
  await page.screenshot({ path: file });
  console.log(file);
}

// The teacher's face, registered from the camera's own picture, so that the terminal clocks her in.
{
  const page = await signedInPage(personBrowser, 'teacher', 1366);
  const saved = await page.request.post(stage.url(ENDPOINTS.faceCheck), {
    headers: { 'X-PH-Device': 'pc' },
    data: { faceImage: poses['0']!.split(',')[1]!, userId: 'u-teacher' },
  });
  if (!saved.ok()) throw new Error(`face registration failed: ${saved.status()}`);
  await page.context().close();
}

try {
  for (const language of LANGUAGES) {
    for (const width of WIDTHS) {
      const name = (scene: string) => `${language}-${width}-${scene}`;
      // Collect: the admin registers a face (none yet), the live picture with its advice.
      const collect = await signedInPage(personBrowser, 'admin', width);
      await personCamera(collect, poses);
      await collect.goto(stage.url(`/demo/face/index.html?language=${language}`));
      await faceStatus(collect, 'ready');
      await collect.waitForTimeout(600);
      await shoot(collect, name('collect'));
      await collect.context().close();
      // The terminal: a person asked to turn, then clocked in.
      const terminal = await signedInPage(personBrowser, 'terminal', width);
      await personCamera(terminal, poses);
      await terminal.goto(stage.url(`/demo/face/index.html?mode=orther&language=${language}`));
      await faceStatus(terminal, 'acting');
      await shoot(terminal, name('terminal-turn'));
      await faceStatus(terminal, 'success');
      await shoot(terminal, name('terminal-success'));
      await terminal.context().close();
      // A photo held up to the terminal: refused, the live picture kept under the message.
      const photo = await signedInPage(photoBrowser, 'terminal', width);
      await photo.goto(stage.url(`/demo/face/index.html?mode=orther&language=${language}`));
      await faceStatus(photo, 'failed');
      await shoot(photo, name('terminal-refused'));
      await photo.context().close();
    }
  }
} finally {
  await stage.stop();
  media.dispose();
}
