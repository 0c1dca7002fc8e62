// `node --import tsx scripts/bench-lighthouse.ts` (also run by `npm run bench`), issues 36 and 70: Lighthouse 12's
// default mobile run (simulated slow 4G, 4× CPU slowdown, a 412 px screen) of every page a user opens, on the reference
// server, measured as the Lighthouse CLI measures it: a fresh Chromium (the full browser, headless) with an empty
// profile for each run, Lighthouse's own storage reset, and a signed-in page's session cookie sent as a header, nothing
// stored in the page's localStorage. Every run is printed, and any daily page under its goals in any run is flagged.
// Lighthouse is a bench tool, not a dependency of the product: installed once into node_modules/.cache (185 MB,
// 150 packages) when missing.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startStage } from '../test/e2e/harness';
import { CHROMIUM } from './chromium.mjs';
import { ALL_PAGES, type Figures, GOALS, LARGE, misses, report } from './lighthouse-goals';
import { sessionCookie } from './session-cookie';

const LIGHTHOUSE = '12.8.2';
const CACHE = resolve(import.meta.dirname, '..', 'node_modules', '.cache', 'ph-bench-lighthouse');
const RUNS = Number(process.env.PH_BENCH_LIGHTHOUSE_RUNS || 3);

/** The browser the Lighthouse CLI is run with here (CHROME_PATH), else the tests' headless shell. */
const BROWSER = process.env.CHROME_PATH || (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : CHROMIUM);

const ONLY = process.env.PH_BENCH_LIGHTHOUSE_ONLY;
/** A folder to keep every run's full report in (JSON), to read its long tasks and call chains. */
const SAVE = process.env.PH_BENCH_LIGHTHOUSE_SAVE;

/** `PH_BENCH_LIGHTHOUSE_ONLY=login,parent`: the pages whose name holds one of the parts. */
const PAGES = ONLY
  ? ALL_PAGES.filter((page) => ONLY.split(',').some((part) => part.trim() && page.name.includes(part.trim())))
  : ALL_PAGES;

// The few parts of Lighthouse's API used here (its own types live in the cache, outside this project).
type Audit = { numericValue?: number };
type Result = {
  lhr: {
    categories: Record<string, { score: number | null }>;
    audits: Record<string, Audit>;
    runtimeError?: object;
    environment?: { benchmarkIndex?: number };
  };
  artifacts?: { Trace?: object };
};
type RunLighthouse = (url: string, flags: object) => Promise<Result | undefined>;
type Launcher = { launch(options: object): Promise<{ port: number; kill(): void }> };

/** Lighthouse and chrome-launcher from the cache, installed there first when missing. */
interface LighthouseTools {
  lighthouse: RunLighthouse;
  launcher: Launcher;
}

async function loadLighthouse(): Promise<LighthouseTools> {
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

/**
 * One run as `lighthouse URL --extra-headers` runs it: its own browser with an empty profile, closed after, and
 * Lighthouse's storage reset (the bench used to keep one browser and put the widgets' record of a sign-in in
 * localStorage before each run, with the reset off: that hid work a visitor's first load does, issue 70).
 */
async function measure(tools: LighthouseTools, url: string, cookie: string | null): Promise<Figures> {
  const chrome = await tools.launcher.launch({ chromePath: BROWSER, chromeFlags: ['--headless=new', '--no-sandbox'] });
  let result: Result | undefined;
  try {
    result = await tools.lighthouse(url, {
      port: chrome.port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance', 'accessibility'],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
  } finally {
    chrome.kill();
  }
  if (!result || result.lhr.runtimeError) {
    throw new Error(`Lighthouse failed on ${url}: ${JSON.stringify(result?.lhr.runtimeError)}`);
  }
  if (SAVE) {
    mkdirSync(SAVE, { recursive: true });
    const name = `${new URL(url).pathname.replaceAll('/', '_')}-${Date.now()}.json`;
    writeFileSync(join(SAVE, name), JSON.stringify(result.lhr));
    // The trace too: the order of the first paint, the scripts' arrival and each long task (Lantern's inputs).
    if (result.artifacts?.Trace) writeFileSync(join(SAVE, `trace${name}`), JSON.stringify(result.artifacts.Trace));
  }
  const { categories, audits } = result.lhr;
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    lcpMs: value('largest-contentful-paint'),
    hostIndex: result.lhr.environment?.benchmarkIndex ?? Number.NaN,
  };
}

/**
 * A run again when Lighthouse could not record the page's trace (NO_NAVSTART, which it asks to be run again for; seen
 * about once in 40 runs here), at most twice; any other failure stops the bench.
 */
async function measureAgainOnLostTrace(tools: LighthouseTools, url: string, cookie: string | null): Promise<Figures> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await measure(tools, url, cookie);
    } catch (error) {
      if (attempt > 2 || !String(error).includes('NO_NAVSTART')) throw error;
      console.log(`  (Lighthouse lost the trace of ${url}: measured again)`);
    }
  }
}

const tools = await loadLighthouse();
const seeded = await startStage();
const large = await startStage({ desktopApps: LARGE });
try {
  console.log(
    `\nLighthouse ${LIGHTHOUSE}, mobile defaults (simulated slow 4G, 4x CPU, 412 px), ${RUNS} runs a page, each in a fresh ${BROWSER}` +
      `\ngoals in every run: performance >= ${GOALS.performance}, accessibility ${GOALS.accessibility}; on daily pages also CLS <= ${GOALS.cls}, TBT <= ${GOALS.tbtMs} ms, LCP <= ${GOALS.lcpMs / 1000} s`,
  );
  console.log(
    `${'page (median run last)'.padEnd(34)}  ${'performance'.padStart(11)}  ${'TBT'.padStart(8)}  ${'CLS'.padStart(7)}  ${'LCP'.padStart(7)}  a11y   host`,
  );
  let flagged = 0;
  for (const page of PAGES) {
    const stage = page.large ? large : seeded;
    const runs: Figures[] = [];
    for (let index = 0; index < RUNS; index += 1) {
      const cookie = page.account ? await sessionCookie(stage.url, page.account) : null;
      runs.push(await measureAgainOnLostTrace(tools, stage.url(page.path), cookie));
    }
    for (const line of report(page, runs)) console.log(line);
    if (runs.some((run) => misses(page, run).length > 0)) flagged += 1;
  }
  if (flagged) console.log(`${flagged} page(s) missed a goal in at least one run`);
} finally {
  await large.stop();
  await seeded.stop();
}
