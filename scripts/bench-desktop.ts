// `node --import tsx scripts/bench-desktop.ts` (also run by `npm run bench`), issue 10 › Bench: the school landing page
// signed in as `teacher`, on loopback, in headless Chromium. Navigation start → icons interactive (every icon button
// in the DOM, a frame painted and a task run after it) with 300 apps (the server's desktopApps option) against the
// seeded desktop, both measured now, alternately, each in a fresh browser context (cold cache); and the scripts the
// page loaded (gzip -9): the shell's own chunks against React + ReactDOM alone, built in this run.
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import type { MenuGroup } from '../src/core/api/types';
import { ENDPOINTS } from '../src/core/api/wire';
import { type Stage, startStage } from '../test/e2e/harness';
import { reactAloneGzip } from './react-alone.mjs';

const SCHOOL = '/pages/base/pc_desktop_all/index.html';
const LARGE = 300;
const RUNS = 5;
const PASSWORD = 'Demo@2026';

interface Run {
  iconsMs: number;
  /** The icon buttons all in the DOM (before the frame and the task after it). */
  inDomMs: number;
  /** my_app_icon's answer received (resource timing). */
  appIconsMs: number;
  domContentLoadedMs: number;
  loadMs: number;
  scripts: Map<string, number>;
}

/** Resolves `window.benchIconsReady` with performance.now() once `want` icon buttons exist and were painted. */
const readyScript = (want: number) => `(() => {
  window.benchIconsReady = new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (document.querySelectorAll('.app-icon button').length < ${want}) return;
      observer.disconnect();
      window.benchInDom = performance.now();
      requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0));
    });
    observer.observe(document, { childList: true, subtree: true });
  });
})()`;

/** The icons the desktop shows the teacher: every app of the nine groups but the hidden ones (updateStatus 0). */
async function visibleIcons(stage: Stage, browser: Browser): Promise<number> {
  const context = await browser.newContext();
  await signIn(stage, context.request);
  const answer = await context.request.get(stage.url(ENDPOINTS.appIcons), { headers: { 'X-PH-Device': 'pc' } });
  const groups = (await answer.json()).data as MenuGroup[] | null;
  if (!groups) throw new Error(`my_app_icon answered ${answer.status()}: ${await answer.text()}`);
  await context.close();
  return groups.flatMap((group) => group.iconVMs).filter((app) => Number(app.updateStatus) !== 0).length;
}

async function signIn(stage: Stage, request: Awaited<ReturnType<Browser['newContext']>>['request']) {
  const answer = await request.post(stage.url(ENDPOINTS.login), {
    headers: { 'X-PH-Device': 'pc' },
    data: { username: 'teacher', password: PASSWORD },
  });
  if (!answer.ok()) throw new Error(`teacher could not sign in: ${answer.status()}`);
}

async function measure(stage: Stage, want: number, checkClickable = false): Promise<Run> {
  const context = await stage.browser.newContext({ viewport: { width: 1366, height: 900 } });
  await signIn(stage, context.request);
  const page = await context.newPage();
  await page.addInitScript(readyScript(want));
  const scripts = new Map<string, number>();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body().catch(() => null);
    if (body) scripts.set(new URL(response.url()).pathname, gzipSync(body, { level: 9 }).length);
  });
  await page.goto(stage.url(SCHOOL));
  const iconsMs = Number(await page.evaluate('window.benchIconsReady'));
  const timing = await page.evaluate((path) => {
    const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const icons = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((item) =>
      item.name.includes(path),
    );
    return {
      domContentLoadedMs: entry.domContentLoadedEventEnd,
      loadMs: entry.loadEventEnd,
      appIconsMs: icons?.responseEnd ?? 0,
      inDomMs: Number((window as unknown as { benchInDom: number }).benchInDom),
    };
  }, ENDPOINTS.appIcons);
  // Interactive for real: an icon is visible, stable, enabled and receives the pointer (a trial click). The first:
  // the header's reminder box may lie over the bottom-right corner of the page.
  if (checkClickable) await page.locator('.app-icon button').first().click({ trial: true, timeout: 5000 });
  const count = await page.locator('.app-icon button').count();
  if (count !== want) throw new Error(`expected ${want} icons, found ${count}`);
  await context.close();
  return { iconsMs, ...timing, scripts };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const ms = (value: number) => `${value.toFixed(0).padStart(8)} ms`;
const ratio = (value: number, base: number) => `${(value / base).toFixed(2).padStart(5)}x`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1).padStart(8)} KB`;

const seeded = await startStage();
const large = await startStage({ desktopApps: LARGE });
try {
  const wantSeeded = await visibleIcons(seeded, seeded.browser);
  const wantLarge = await visibleIcons(large, large.browser);
  // One warm-up each (the server's first answers, Chromium's first compile), then alternate.
  await measure(seeded, wantSeeded);
  await measure(large, wantLarge);
  const few: Run[] = [];
  const many: Run[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    few.push(await measure(seeded, wantSeeded));
    many.push(await measure(large, wantLarge, run === 0));
  }
  const baseIcons = median(few.map((run) => run.iconsMs));
  const manyIcons = median(many.map((run) => run.iconsMs));
  console.log(
    `\nDesktop: navigation start → icons interactive (teacher, ${SCHOOL}, loopback, cold cache, median of ${RUNS}; goal < 1 s)`,
  );
  console.log(`${ms(baseIcons)}  1.00x  seeded desktop, ${wantSeeded} icons (baseline)`);
  console.log(
    `${ms(manyIcons)}  ${ratio(manyIcons, baseIcons)}  ${LARGE}-app desktop, ${wantLarge} icons (runs: ${many.map((run) => run.iconsMs.toFixed(0)).join(', ')} ms)`,
  );
  const loadMs = median(many.map((run) => run.loadMs));
  const readyMs = median(many.map((run) => run.domContentLoadedMs));
  console.log(`${ms(readyMs)}  ${ratio(readyMs, baseIcons)}  ${LARGE}-app page: DOMContentLoaded`);
  console.log(`${ms(loadMs)}  ${ratio(loadMs, baseIcons)}  ${LARGE}-app page: load event`);
  const answered = median(many.map((run) => run.appIconsMs));
  const inDom = median(many.map((run) => run.inDomMs));
  console.log(`${ms(answered)}  ${ratio(answered, baseIcons)}  ${LARGE}-app page: my_app_icon answered`);
  console.log(`${ms(inDom)}  ${ratio(inDom, baseIcons)}  ${LARGE}-app page: every icon button in the DOM`);
  console.log(
    `${ms(median(few.map((run) => run.appIconsMs)))}  ${ratio(median(few.map((run) => run.appIconsMs)), baseIcons)}  seeded page: my_app_icon answered`,
  );

  const react = await reactAloneGzip();
  const scripts = [...(many[0]?.scripts ?? new Map<string, number>())];
  const reactChunks = scripts.filter(([path]) => /\/react-[\w-]+\.js$/.test(path));
  const own = scripts.filter(([path]) => !/\/react-[\w-]+\.js$/.test(path));
  const sum = (rows: [string, number][]) => rows.reduce((total, [, bytes]) => total + bytes, 0);
  console.log('\nShell page scripts (gzip -9, as the 300-app page loaded them), ratio to React + ReactDOM alone');
  console.log(`${kb(react)}  1.00x  React + ReactDOM alone, built in this run (baseline)`);
  for (const [path, bytes] of scripts) console.log(`${kb(bytes)}  ${ratio(bytes, react)}  ${path}`);
  console.log(`${kb(sum(reactChunks))}  ${ratio(sum(reactChunks), react)}  the React chunk(s)`);
  console.log(`${kb(sum(own))}  ${ratio(sum(own), react)}  the shell's own chunks (${own.length})`);
  console.log(`${kb(sum(scripts))}  ${ratio(sum(scripts), react)}  everything the page loaded (${scripts.length})`);
} finally {
  await large.stop();
  await seeded.stop();
}
