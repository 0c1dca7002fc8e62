// `node --import tsx scripts/bench-face-queue.ts` (also run by `npm run bench`): a gate queue at one clock-in terminal
// (issue 54). One terminal page stays open in headless Chromium on a person camera (test/media/face.ts); 10 arrivals
// step in front one after another, each turning as asked, and step away once clocked in. Printed against the goals:
// the median seconds from a face in view to clocked in (arrivals after the first: the first waits for the camera and
// the countdown), the seconds from the button to signed in for face login, and the server's CPU per clock-in.
//
// The server's CPU per clock-in is the descriptor worker's time (each picture decoded, its faces found, described and
// hashed: single-threaded, so its time is its CPU), over the clock-ins and refusals of the queue. Beside it, the whole
// process (startStage: the server and this bench's browser driver) by process.cpuUsage() less an idle stretch of the
// same length. The synthetic person is the same pictures at every arrival, which the server would rightly refuse as a
// replay: the bench keeps no pictures (facePictureMemorySeconds 0); tests check the replay rule.
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../demo/server/db/seed-data';
import { ENDPOINTS } from '../src/core/api/wire';
import { startStage } from '../test/e2e/harness';
import { cameraArgs, personCamera, personPoses } from '../test/media/face';

const ARRIVALS = 10;
const LOGINS = 5;
const GOALS = { queueSeconds: 4, loginSeconds: 6, cpuMs: 600 };
/** An arrival not clocked in by then stops the bench with what the terminal says. */
const ARRIVAL_LIMIT_MS = 60_000;

const poses = personPoses();
const stage = await startStage({ faceMatcher: 'descriptor', facePictureMemorySeconds: 0 });
const browser = await stage.launch(cameraArgs());
await stage.server.context.faceMatcher.warmUp?.();

async function signedInPage(account: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  const login = await page.request.post(stage.url(ENDPOINTS.login), {
    headers: { 'X-PH-Device': 'pc' },
    data: { username: account, password: DEMO_PASSWORD },
  });
  if (!login.ok()) throw new Error(`${account} could not sign in: ${login.status()}`);
  return page;
}

// The teacher's face, registered from the camera's own picture.
{
  const page = await signedInPage('teacher');
  const saved = await page.request.post(stage.url(ENDPOINTS.faceCheck), {
    headers: { 'X-PH-Device': 'pc' },
    data: { faceImage: poses['0']!.split(',')[1]!, userId: 'u-teacher' },
  });
  if (!saved.ok()) throw new Error(`face registration failed: ${saved.status()} ${await saved.text()}`);
  await page.context().close();
}

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
interface BenchWindow {
  benchClockings: number;
  benchRefusals: number;
}
const notice = (page: Page) =>
  page.evaluate(() => {
    const root = document.querySelector('ph-face')?.shadowRoot;
    return `${root?.querySelector('section')?.dataset.status}: ${root?.textContent?.replace(/\s+/g, ' ').trim()}`;
  });

/** The queue: seconds from each arrival in view to its clock-in, and the server's CPU over it. */
interface Line {
  seconds: number[];
  busyCpuMs: number;
  wallMs: number;
  refused: number;
  /** The descriptor worker's pictures and time over the queue: the face work of the clock-ins. */
  pictures: number;
  describeMs: number;
}

/** The descriptor matcher's running totals (the stage runs `faceMatcher: 'descriptor'`). */
const described = () =>
  (stage.server.context.faceMatcher as unknown as { described: { pictures: number; ms: number } }).described;

async function queue(): Promise<Line> {
  const page = await signedInPage('terminal');
  await page.addInitScript('window.phPersonAway = true;');
  await personCamera(page, poses);
  await page.goto(stage.url('/demo/face/index.html?mode=orther'));
  // On the document, capturing: the element may not be on the page yet, and its events need not bubble.
  await page.evaluate(() => {
    const counts = window as unknown as BenchWindow;
    counts.benchClockings = 0;
    counts.benchRefusals = 0;
    document.addEventListener('ph-face-clocking', () => (counts.benchClockings += 1), true);
    document.addEventListener('ph-face-error', () => (counts.benchRefusals += 1), true);
  });
  await page.waitForFunction(() =>
    document.querySelector('ph-face')?.shadowRoot?.querySelector('[data-status="detecting"]'),
  );
  const seconds: number[] = [];
  const cpuBefore = cpuMs();
  const describedBefore = { ...described() };
  const started = Date.now();
  for (let arrival = 0; arrival < ARRIVALS; arrival += 1) {
    const done = seconds.length;
    const inView = Date.now();
    await page.evaluate(() => {
      (window as unknown as { phPersonAway: boolean }).phPersonAway = false;
    });
    // One clock-in, waited for in the page (no polling from here: the driver's CPU would count as the server's). A
    // refusal shows and the person, still in front, tries again by itself (counted by the page).
    try {
      await page.waitForFunction((count) => (window as unknown as BenchWindow).benchClockings > count, done, {
        timeout: ARRIVAL_LIMIT_MS,
      });
    } catch (error) {
      throw new Error(
        `arrival ${arrival + 1} not clocked in within ${ARRIVAL_LIMIT_MS / 1000} s: ${await notice(page)}`,
        {
          cause: error,
        },
      );
    }
    seconds.push((Date.now() - inView) / 1000);
    await page.evaluate(() => {
      (window as unknown as { phPersonAway: boolean }).phPersonAway = true;
    });
    await page.waitForFunction(() =>
      document.querySelector('ph-face')?.shadowRoot?.querySelector('[data-status="detecting"]'),
    );
  }
  const wallMs = Date.now() - started;
  const busyCpuMs = cpuMs() - cpuBefore;
  const refused = await page.evaluate(() => (window as unknown as BenchWindow).benchRefusals);
  await page.context().close();
  const pictures = described().pictures - describedBefore.pictures;
  const describeMs = described().ms - describedBefore.ms;
  return { seconds, busyCpuMs, wallMs, refused, pictures, describeMs };
}

/** Face login on the work-chat page: seconds from the button to the signed-in desktop. */
async function faceLogin(): Promise<number> {
  const page = await (await browser.newContext()).newPage();
  await personCamera(page, poses);
  await page.goto(stage.url('/demo/work-chat/index.html'));
  const button = page.getByRole('button', { name: '人脸登录' });
  await button.waitFor();
  const clicked = Date.now();
  await button.click();
  try {
    await page.waitForURL((url) => !url.pathname.includes('work-chat'), { timeout: 60_000 });
  } catch (error) {
    throw new Error(`face login not signed in within 60 s: ${await notice(page)}`, { cause: error });
  }
  const seconds = (Date.now() - clicked) / 1000;
  await page.context().close();
  return seconds;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
try {
  const line = await queue();
  // The same wall time with nothing to do: what the driver and the idle page cost, taken off the queue's CPU.
  const idleBefore = cpuMs();
  const idlePage = await signedInPage('terminal');
  await idlePage.addInitScript('window.phPersonAway = true;');
  await personCamera(idlePage, poses);
  await idlePage.goto(stage.url('/demo/face/index.html?mode=orther'));
  await idlePage.waitForTimeout(Math.min(line.wallMs, 30_000));
  const idleCpuMs = ((cpuMs() - idleBefore) * line.wallMs) / Math.max(1, Math.min(line.wallMs, 30_000));
  await idlePage.context().close();
  const logins: number[] = [];
  for (let run = 0; run < LOGINS; run += 1) logins.push(await faceLogin());

  const after = line.seconds.slice(1);
  const clockIns = ARRIVALS + line.refused;
  const perClockIn = line.describeMs / clockIns;
  const processPerClockIn = Math.max(0, line.busyCpuMs - idleCpuMs) / clockIns;
  const verdict = (value: number, goal: number) => (value <= goal ? 'goal met' : 'GOAL MISSED');
  console.log('face gate queue (one terminal, 10 person-camera arrivals, headless Chromium; issue 54):');
  console.log(
    `  face in view → clocked in, median after the first: ${median(after).toFixed(2)} s (goal ≤ ${GOALS.queueSeconds} s: ${verdict(median(after), GOALS.queueSeconds)}; runs: ${line.seconds.map((s) => s.toFixed(2)).join(', ')} s; refusals on the way: ${line.refused})`,
  );
  console.log(
    `  face login, button → signed in, median of ${LOGINS}: ${median(logins).toFixed(2)} s (goal ≤ ${GOALS.loginSeconds} s: ${verdict(median(logins), GOALS.loginSeconds)}; runs: ${logins.map((s) => s.toFixed(2)).join(', ')} s)`,
  );
  console.log(
    `  server CPU per clock-in: ${perClockIn.toFixed(0)} ms in the face worker (goal ≤ ${GOALS.cpuMs} ms: ${verdict(perClockIn, GOALS.cpuMs)}; ${(line.pictures / clockIns).toFixed(1)} pictures a clock-in, decoded, found, described and hashed; the whole process, server and this bench's browser driver, ${processPerClockIn.toFixed(0)} ms: ${line.busyCpuMs.toFixed(0)} ms over the queue less ${idleCpuMs.toFixed(0)} ms idle over the same time)`,
  );
} finally {
  await stage.stop();
}
