// `node --import tsx scripts/bench-lighthouse.ts` (also run by `npm run bench`), issue 36: Lighthouse 12's default
// mobile run (simulated slow 4G, 4× CPU slowdown, a 412 px screen) of every page a user opens, on the reference server,
// signed in as after the login page (the session cookie, and the widgets' record of the sign-in in localStorage); the
// median of three runs per page against the issue's goals. Lighthouse is a bench tool, not a
// dependency of the product: it is installed once into node_modules/.cache (185 MB, 150 packages) when missing.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type BrowserContext, chromium } from 'playwright-core';
import { DEMO_PASSWORD } from '../demo/server/db/seed-data';
import { ENDPOINTS } from '../src/core/api/wire';
import { type Stage, startStage } from '../test/e2e/harness';
import { CHROMIUM, chromiumArgs } from './chromium.mjs';

const LIGHTHOUSE = '12.8.2';
const CACHE = resolve(import.meta.dirname, '..', 'node_modules', '.cache', 'ph-bench-lighthouse');
const RUNS = Number(process.env.PH_BENCH_LIGHTHOUSE_RUNS || 3);
const LARGE = 300;

interface BenchPage {
  name: string;
  path: string;
  /** Signed in as this account (after the login page: its cookie and the stored record), or signed out. */
  account: string | null;
  /** The 300-app desktop's goal is performance 90, every other page's 95. */
  large?: boolean;
}

const ONLY = process.env.PH_BENCH_LIGHTHOUSE_ONLY;
/** A folder to keep every run's full report in (JSON), to read its long tasks and call chains. */
const SAVE = process.env.PH_BENCH_LIGHTHOUSE_SAVE;
const ALL_PAGES: BenchPage[] = [
  { name: 'login', path: '/', account: null },
  { name: 'school desktop, teacher', path: '/pages/base/pc_desktop_all/', account: 'teacher' },
  { name: 'school desktop, parent', path: '/pages/base/pc_desktop_all/', account: 'parent' },
  { name: 'school desktop, student', path: '/pages/base/pc_desktop_all/', account: 'student' },
  { name: 'area desktop', path: '/area/areaBase/pc_areaDesktop_all/', account: 'areauser' },
  { name: 'mobile_desktop_all, teacher', path: '/pages/base/mobile_desktop_all/', account: 'teacher' },
  { name: 'mobile_areaDesktop_all', path: '/area/areaBase/mobile_areaDesktop_all/', account: 'areauser' },
  { name: 'module page pc_notice_tm', path: '/pages/notice/pc_notice_tm/index.html', account: 'teacher' },
  { name: 'legacy demo /demo/pc_notice_tm/', path: '/demo/pc_notice_tm/', account: 'teacher' },
  { name: 'work-chat', path: '/demo/work-chat/', account: null },
  { name: 'upload', path: '/demo/upload/', account: 'teacher' },
  { name: 'face', path: '/demo/face/', account: 'teacher' },
  { name: 'voice', path: '/demo/voice/', account: 'teacher' },
  { name: `${LARGE}-app desktop, teacher`, path: '/pages/base/pc_desktop_all/', account: 'teacher', large: true },
];

const PAGES = ONLY ? ALL_PAGES.filter((page) => page.name.includes(ONLY)) : ALL_PAGES;

const GOALS = { performance: 95, largePerformance: 90, accessibility: 100, cls: 0.02, tbtMs: 150, lcpMs: 2500 };

interface Figures {
  performance: number;
  accessibility: number;
  tbtMs: number;
  cls: number;
  lcpMs: number;
}

// The few parts of Lighthouse's API used here (its own types live in the cache, outside this project).
type Audit = { numericValue?: number };
type Result = {
  lhr: { categories: Record<string, { score: number | null }>; audits: Record<string, Audit>; runtimeError?: object };
};
type RunLighthouse = (url: string, flags: object) => Promise<Result | undefined>;
type Launcher = { launch(options: object): Promise<{ port: number; kill(): void }> };

/** Lighthouse and chrome-launcher from the cache, installed there first when missing. */
async function loadLighthouse(): Promise<{ lighthouse: RunLighthouse; launcher: Launcher }> {
  const entry = join(CACHE, 'node_modules', 'lighthouse', 'core', 'index.js');
  if (!existsSync(entry)) {
    console.log(`Installing Lighthouse ${LIGHTHOUSE} for the bench into ${CACHE} (once)…`);
    execFileSync(
      'npm',
      [
        'install',
        '--prefix',
        CACHE,
        '--no-save',
        '--no-audit',
        '--no-fund',
        '--loglevel=error',
        `lighthouse@${LIGHTHOUSE}`,
      ],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
  }
  const lighthouse = (await import(pathToFileURL(entry).href)).default as RunLighthouse;
  const launcher = (await import(
    pathToFileURL(join(CACHE, 'node_modules', 'chrome-launcher', 'dist', 'index.js')).href
  )) as Launcher;
  return { lighthouse, launcher };
}

interface SignIn {
  /** The session cookie (Lighthouse sends it as a header on every request of the page). */
  cookie: string;
  /** What the widgets store in localStorage `user` when someone signs in on the login page. */
  user: Record<string, unknown>;
}

/** A fresh sign-in of `account`. */
async function signIn(stage: Stage, account: string): Promise<SignIn> {
  const answer = await fetch(stage.url(ENDPOINTS.login), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-PH-Device': 'pc' },
    body: JSON.stringify({ username: account, password: DEMO_PASSWORD }),
  });
  if (!answer.ok) throw new Error(`${account} could not sign in: ${answer.status}`);
  const cookie = answer.headers.getSetCookie().find((line) => line.startsWith('ph_access_token='));
  if (!cookie) throw new Error(`${account}: no session cookie`);
  const {
    accessToken: _token,
    expiresIn: _expires,
    ...user
  } = ((await answer.json()) as { data: Record<string, unknown> }).data;
  return { cookie: cookie.split(';')[0] as string, user };
}

/**
 * Before a run, the browser as a visitor's who signed in on the login page (or nobody): no cookies, an empty HTTP
 * cache, and the origin's localStorage holding only the record of that sign-in. Lighthouse's own storage reset would
 * clear that record too, so the runs go without it (`disableStorageReset`) and this stands in. Playwright lets go of
 * the browser before Lighthouse runs: attached, it would turn on DevTools domains in the page Lighthouse measures.
 */
async function prepare(port: number, origin: string, user: SignIn['user'] | null): Promise<void> {
  const controller = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const browser = controller.contexts()[0];
    if (!browser) throw new Error('no default browser context to prepare the run in');
    await prepareContext(browser, origin, user);
  } finally {
    await controller.close();
  }
}

async function prepareContext(browser: BrowserContext, origin: string, user: SignIn['user'] | null): Promise<void> {
  await browser.clearCookies();
  const page = await browser.newPage();
  const session = await browser.newCDPSession(page);
  await session.send('Network.clearBrowserCache');
  await page.goto(`${origin}/demo/demo.css`);
  await page.evaluate((record) => {
    localStorage.clear();
    sessionStorage.clear();
    if (record) localStorage.setItem('user', JSON.stringify(record));
  }, user);
  await page.close();
}

async function measure(run: RunLighthouse, port: number, url: string, cookie: string | null): Promise<Figures> {
  const result = await run(url, {
    port,
    logLevel: 'error',
    output: 'json',
    onlyCategories: ['performance', 'accessibility'],
    disableStorageReset: true,
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  });
  if (!result || result.lhr.runtimeError) {
    throw new Error(`Lighthouse failed on ${url}: ${JSON.stringify(result?.lhr.runtimeError)}`);
  }
  if (SAVE) {
    mkdirSync(SAVE, { recursive: true });
    const name = `${new URL(url).pathname.replaceAll('/', '_')}-${Date.now()}.json`;
    writeFileSync(join(SAVE, name), JSON.stringify(result.lhr));
  }
  const { categories, audits } = result.lhr;
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    lcpMs: value('largest-contentful-paint'),
  };
}

/** The run of median performance score (Lighthouse's own advice for a page's figures). */
function medianRun(runs: Figures[]): Figures {
  return [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)] as Figures;
}

function row(page: BenchPage, figures: Figures, scores: number[]): string {
  const goal = page.large ? GOALS.largePerformance : GOALS.performance;
  const misses = [
    figures.performance < goal && 'performance',
    figures.accessibility < GOALS.accessibility && 'accessibility',
    !page.large && figures.cls > GOALS.cls && 'CLS',
    !page.large && figures.tbtMs > GOALS.tbtMs && 'TBT',
    !page.large && figures.lcpMs > GOALS.lcpMs && 'LCP',
  ].filter(Boolean);
  return [
    page.name.padEnd(34),
    `${String(figures.performance).padStart(3)} (${scores.join('/')})`.padEnd(15),
    `${figures.tbtMs.toFixed(0).padStart(5)} ms`,
    figures.cls.toFixed(3).padStart(7),
    `${(figures.lcpMs / 1000).toFixed(1).padStart(5)} s`,
    String(figures.accessibility).padStart(5),
    `  ${misses.length ? `missed: ${misses.join(', ')}` : 'goals met'}`,
  ].join('  ');
}

const { lighthouse, launcher } = await loadLighthouse();
const seeded = await startStage();
const large = await startStage({ desktopApps: LARGE });
const chrome = await launcher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', ...chromiumArgs()] });
try {
  console.log(
    `\nLighthouse ${LIGHTHOUSE}, mobile defaults (simulated slow 4G, 4x CPU, 412 px), median of ${RUNS} runs by performance score` +
      `\ngoals: performance >= ${GOALS.performance} (${LARGE}-app desktop >= ${GOALS.largePerformance}), accessibility ${GOALS.accessibility}, CLS <= ${GOALS.cls}, TBT <= ${GOALS.tbtMs} ms, LCP <= ${GOALS.lcpMs / 1000} s`,
  );
  console.log(
    `${'page'.padEnd(34)}  ${'performance'.padEnd(15)}  ${'TBT'.padStart(8)}  ${'CLS'.padStart(7)}  ${'LCP'.padStart(7)}  a11y`,
  );
  for (const page of PAGES) {
    const stage = page.large ? large : seeded;
    const runs: Figures[] = [];
    for (let index = 0; index < RUNS; index += 1) {
      const signedIn = page.account ? await signIn(stage, page.account) : null;
      await prepare(chrome.port, new URL(stage.url('/')).origin, signedIn?.user ?? null);
      runs.push(await measure(lighthouse, chrome.port, stage.url(page.path), signedIn?.cookie ?? null));
    }
    console.log(
      row(
        page,
        medianRun(runs),
        runs.map((run) => run.performance),
      ),
    );
  }
} finally {
  chrome.kill();
  await large.stop();
  await seeded.stop();
}
