import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as nodeTest from 'node:test';
import { type Browser, chromium, type Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../demo/server/db/seed-data';
import { createServer, type PhServer, repositoryStaticRoots, type ServerOptions } from '../../demo/server/index';
import { CHROMIUM, chromiumArgs } from '../../scripts/chromium.mjs';
import { ENDPOINTS } from '../../src/core/api/wire';
import { TEST_PASSWORD_COST } from '../support/password-cost';

const repo = resolve(import.meta.dirname, '..', '..');
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

// How this tier waits (docs/architecture.md › How tests wait): every test and hook has one timeout, and a Playwright
// wait gives up no sooner than its test would. Playwright's own default (30 s a wait) was shorter than the test's
// timeout (none at all before): a wait with a fixed budget fails when a loaded machine is slow, not when the code is
// wrong. Tests and hooks come from here, not from node:test, so that each gets the tier's timeout.

/** How long one test or hook of the e2e and consumer tiers may run. */
export const TEST_TIMEOUT_MS = 300_000;
/**
 * What a Playwright wait (a locator, a navigation, a waitForFunction) may take: the test's timeout, less a margin so
 * that a wait that never ends reports what it waited for instead of the bare timeout of its test.
 */
const WAIT_TIMEOUT_MS = TEST_TIMEOUT_MS - 5000;

export { after, afterEach, describe } from 'node:test';

type TestBody = (context: nodeTest.TestContext) => void | Promise<void>;
type HookBody = (context: nodeTest.SuiteContext) => void | Promise<void>;
export const it = (name: string, body: TestBody) => nodeTest.it(name, { timeout: TEST_TIMEOUT_MS }, body);
export const before = (body: HookBody) => nodeTest.before(body, { timeout: TEST_TIMEOUT_MS });

/** Debian's Chromium with the tiers' flags and `extraArgs`; every page it opens waits by WAIT_TIMEOUT_MS. */
export async function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: chromiumArgs(extraArgs) });
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (options) => {
    const page = await newPage(options);
    page.setDefaultTimeout(WAIT_TIMEOUT_MS);
    return page;
  };
  return browser;
}

export interface Stage {
  server: PhServer;
  browser: Browser;
  url: (path: string) => string;
  /** Another Chromium with extra flags (a fake camera fed from a file); closed by stop(). */
  launch(extraArgs: string[]): Promise<Browser>;
  stop(): Promise<void>;
}

/**
 * The reference server on an ephemeral port (temporary data dir, the built dist/, the demo pages, and any
 * `staticRoots` given, served first) and Chromium, launched with `browserArgs` besides the usual flags (a fake
 * microphone, for instance).
 */
export async function startStage(options: Partial<ServerOptions> = {}, browserArgs: string[] = []): Promise<Stage> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ph-e2e-'));
  const server = await createServer({
    passwordCost: TEST_PASSWORD_COST,
    ...options,
    dataDir,
    port: 0,
    staticRoots: [...(options.staticRoots ?? []), ...repositoryStaticRoots(repo)],
  });
  const browser = await launchChromium(browserArgs);
  const others: Browser[] = [];
  return {
    server,
    browser,
    url: (path) => new URL(path, server.url).href,
    async launch(extraArgs) {
      const other = await launchChromium(extraArgs);
      others.push(other);
      return other;
    },
    async stop() {
      for (const other of others) await other.close();
      await browser.close();
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Records the uncaught errors and console warnings of `page` from now on, in the list returned. */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    // A 401 is how a page learns that nobody is signed in (`me`, then the refresh): expected, not a problem.
    if (message.text().includes('status of 401')) return;
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`${message.type()}: ${message.text()}`);
  });
  return problems;
}

/** A fresh page (its own browser context) that records uncaught errors and console warnings; nothing opened yet. */
export async function watchedPage(
  stage: Stage,
  viewport = { width: 1280, height: 800 },
  browser: Browser = stage.browser,
) {
  const page = await browser.newPage({ viewport });
  return { page, problems: watchProblems(page) };
}

/** A fresh page at `path` that records uncaught errors and console warnings, so that a test can assert there were none. */
export async function openPage(
  stage: Stage,
  path: string,
  viewport = { width: 1280, height: 800 },
  browser: Browser = stage.browser,
) {
  const { page, problems } = await watchedPage(stage, viewport, browser);
  await page.goto(stage.url(path));
  return { page, problems };
}

/**
 * Like openPage, for a user who signed in before: the login call sets the session cookies in the page's own
 * context, as the login page would have.
 */
export async function openPageAs(
  stage: Stage,
  account: string,
  path: string,
  viewport = { width: 1280, height: 800 },
  prepare?: (page: Page) => Promise<void>,
) {
  const { page, problems } = await watchedPage(stage, viewport);
  await prepare?.(page);
  const answer = await page.request.post(stage.url(ENDPOINTS.login), {
    headers: { 'X-PH-Device': 'pc' },
    data: { username: account, password: DEMO_PASSWORD },
  });
  if (!answer.ok()) throw new Error(`${account} could not sign in: ${answer.status()} ${await answer.text()}`);
  await page.goto(stage.url(path));
  return { page, problems };
}

/** Computed z-index of the mask of the ph-modal with this id. */
export function maskZIndex(page: Page, id: string): Promise<number> {
  return page.$eval(`#${id}`, (modal) => {
    const mask = modal.shadowRoot?.querySelector('[part~="mask"]');
    return mask ? Number(getComputedStyle(mask).zIndex) : -1;
  });
}

/** WCAG 2.0 and 2.1, levels A and AA: the rules the desktop's own axe test holds the shell to. */
export const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * axe-core's violations on the page as it is now (rule, impact and the first offending node): every rule, best
 * practices included, or only those of `tags`. axe is injected as a script, which the pages' CSP refuses: the page
 * must be opened with `bypassCSP`.
 */
export async function axeViolations(page: Page, tags?: string[]): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  return page.evaluate(async (only) => {
    const axe = (window as unknown as { axe: { run(options: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(only ? { runOnly: { type: 'tag', values: only } } : {});
    return result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes[0]?.target.join(' ')}`);
  }, tags);
}

interface AxeViolation {
  id: string;
  impact: string;
  nodes: { target: string[] }[];
}

/**
 * Every layout shift since the page started (buffered), as Lighthouse adds them (those right after input excepted):
 * each shift's score, in order. Read once the page has what it waits for.
 */
export function layoutShifts(page: Page): Promise<number[]> {
  return page.evaluate(async () => {
    const seen: { value: number; hadRecentInput: boolean }[] = [];
    const observer = new PerformanceObserver((list) => {
      seen.push(...(list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]));
    });
    observer.observe({ type: 'layout-shift', buffered: true });
    await new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame)));
    seen.push(...(observer.takeRecords() as unknown as { value: number; hadRecentInput: boolean }[]));
    observer.disconnect();
    return seen.filter((entry) => !entry.hadRecentInput).map((entry) => entry.value);
  });
}

/**
 * Stops the page's CSS animations and transitions where they stand, from the next document on (DEVELOPERS.md:
 * animations off unless the test is about them). The pages' 3 s fail-safe that shows a page whose header never
 * settles is an animation: on a busy machine it could show a page early, before what the test waits for.
 */
export async function freezeAnimations(page: Page): Promise<void> {
  const session = await page.context().newCDPSession(page);
  await session.send('Animation.enable');
  await session.send('Animation.setPlaybackRate', { playbackRate: 0 });
}

/** Fails with each shift's score when their sum is over CLS 0.02 (issue 36's goal). */
export function assertStill(shifts: number[], what: string) {
  const total = shifts.reduce((sum, value) => sum + value, 0);
  if (total > 0.02) throw new Error(`${what}: layout shift ${total.toFixed(4)} (${shifts.join(', ')})`);
}

/**
 * Waits until the page's <ph-login> has hydrated the server's markup (its copy of the styles gone) and finished the
 * session check (its "checking" line empty), its sign-in button live. The button is live from the server's markup on
 * (a press before the script is kept, ph-login/early-submit.ts): it says nothing about the script having run.
 */
export async function loginFormSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.querySelector('ph-login')?.shadowRoot;
    const button = root?.querySelector('button[type="submit"]');
    return (
      button instanceof HTMLButtonElement &&
      !button.disabled &&
      button.getAttribute('aria-busy') !== 'true' &&
      !root?.querySelector('style[data-ph-prerender]') &&
      !root?.querySelector('.status')?.textContent
    );
  });
}

/**
 * The landing pages of `page` from now on as a server that sends no answers inside them (a §7 server as written, a
 * static deployment) would send them: without the reference server's `ph-page-answers` (issue 70). For tests of the
 * page's own calls (one held, one changed on the way), which a page that carries their answers does not make.
 */
export async function withoutPageAnswers(page: Page): Promise<void> {
  await page.route(
    (url) => /_(?:areaD|d)esktop_all(?:\/|\/index\.html|\.html)?$/.test(url.pathname),
    async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(
        /<script type="application\/json" id="ph-page-answers">[\s\S]*?<\/script>/,
        '',
      );
      await route.fulfill({ response, body });
    },
  );
}
