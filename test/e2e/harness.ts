import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../demo/server/db/seed-data';
import { createServer, type PhServer, repositoryStaticRoots, type ServerOptions } from '../../demo/server/index';
import { CHROMIUM, chromiumArgs } from '../../scripts/chromium.mjs';
import { ENDPOINTS } from '../../src/core/api/wire';

const repo = resolve(import.meta.dirname, '..', '..');
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

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
    ...options,
    dataDir,
    port: 0,
    staticRoots: [...(options.staticRoots ?? []), ...repositoryStaticRoots(repo)],
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: chromiumArgs(browserArgs) });
  const others: Browser[] = [];
  return {
    server,
    browser,
    url: (path) => new URL(path, server.url).href,
    async launch(extraArgs) {
      const other = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: chromiumArgs(extraArgs) });
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

/** A fresh page (its own browser context) that records uncaught errors and console warnings. */
async function watchedPage(stage: Stage, viewport = { width: 1280, height: 800 }, browser: Browser = stage.browser) {
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
export async function openPageAs(stage: Stage, account: string, path: string, viewport = { width: 1280, height: 800 }) {
  const { page, problems } = await watchedPage(stage, viewport);
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
