// What the in-browser benches share (bench-md5.mjs, bench-upload.ts): the files a bench page loads (dist/ and the
// nanostores packages of its import map), and one run of a page in headless Chromium that fails on any page error.
import { readFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, chromiumArgs } from './chromium.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const SERVED = ['/dist/', '/node_modules/nanostores/', '/node_modules/@nanostores/persistent/'];
/** @type {Record<string, string>} */
const TYPES = { '.js': 'text/javascript', '.html': 'text/html', '.map': 'application/json' };

/** The head of a bench page: `process.env` for the bundles, and the import map of dist/core's external packages. */
export const BENCH_PAGE_HEAD = `<!doctype html><meta charset="utf-8">
<script>window.process = { env: { NODE_ENV: 'production' } };</script>
<script type="importmap">{"imports": {
  "nanostores": "/node_modules/nanostores/index.js",
  "@nanostores/persistent": "/node_modules/@nanostores/persistent/index.js"
}}</script>`;

/**
 * Answers a request for a file of dist/ or of the page's import map; anything else is a 404.
 * @param {string} path a normalised URL path
 * @param {import('node:http').ServerResponse} response
 */
export async function serveBenchFile(path, response) {
  if (!SERVED.some((prefix) => path.startsWith(prefix))) return void response.writeHead(404).end();
  try {
    const body = await readFile(join(ROOT, path));
    response.writeHead(200, { 'Content-Type': TYPES[extname(path)] ?? 'application/octet-stream' }).end(body);
  } catch {
    response.writeHead(404).end();
  }
}

/**
 * Opens `url` in headless Chromium, waits for the page's `window.benchReady`, calls `window[entry](...args)` and
 * answers its result; any page error fails the run.
 * @param {string} url @param {string} entry @param {unknown[]} args
 */
export async function runBenchPage(url, entry, args) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: chromiumArgs() });
  try {
    const page = await browser.newPage();
    /** @type {string[]} */
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(url);
    await page.waitForFunction(() => /** @type {any} */ (window).benchReady === true || undefined, null, {
      timeout: 30_000,
    });
    const result = await page.evaluate(
      ([name, values]) =>
        /** @type {any} */ (window)[/** @type {string} */ (name)](.../** @type {unknown[]} */ (values)),
      [entry, args],
    );
    if (errors.length) throw new Error(errors.join('\n'));
    return result;
  } finally {
    await browser.close();
  }
}
