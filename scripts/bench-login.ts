// `node --import tsx scripts/bench-login.ts` (also run by `npm run bench`), issue 24 › Login page speed: navigation
// start → a typed character lands in the account field, in headless Chromium at 4× CPU throttle with the cache off,
// the login page (`/`, <ph-login>) against a bare React 19 form with the same fields, built now and served by the same
// reference server the same way (pre-compressed); alternating, each in a fresh browser context, median of 7. Also
// timed: when the account field is first painted, and when the form can first sign in (its button live, watched from
// the page's start); the typed character must still be in the field at the end (the login page's form is
// server-rendered and hydrated). The login page's button is live in the server's markup, a press before its scripts
// kept for them to carry out, so the bench also times that: an account, a password and Enter given as soon as the
// field takes typing, until the sign-in call leaves.
// Two floors of the login page, measured in the same alternation: the page exactly as served (its server-rendered form
// included) without the widget scripts, and the same with the bare form's React work (its bundle, rendering into a
// detached node) in their place. They show what any React-rendered form on this page costs on this measure.
// Every page is measured by two drivers in the same alternation:
// - directly over the DevTools pipe (devtools-pipe.ts), with the Page domain only (no Runtime domain, no script of
//   the driver's in the page): the browser as a visitor has it. The goal is read here.
// - through Playwright, as the tests drive pages. Playwright turns on the DevTools Runtime domain and compiles its own
//   script into every page. With the Runtime domain on, V8 records each Error's stack with source positions, and to
//   get them parses again every function on the stack: React DOM creates five Errors while its module runs, inside
//   the bundle's top level and its CommonJS wrapper, and that parse is 100–160 ms of the evaluation at this throttle
//   (without DevTools attached, the login page's modules evaluate in 7 ms unthrottled). Both pages pay it, but on the
//   login page it falls between the first paint and the key.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ENDPOINTS } from '../src/core/api/wire';
import { type Stage, startStage } from '../test/e2e/harness';
import { bareLoginForm } from './bare-login-form.mjs';
import { compressFile } from './compress-dist.mjs';
import { type DevtoolsPipe, launchOverPipe } from './devtools-pipe';

const RUNS = Number(process.env.PH_BENCH_LOGIN_RUNS ?? 7);
const THROTTLE = 4;

/** The account field of either page, reached through open shadow roots (a function's source, run in the page). */
const FIND_FIELD = `const findField = (root) => {
  const field = root.querySelector('input[name="username"]');
  if (field) return field;
  for (const host of root.querySelectorAll('*')) {
    const inner = host.shadowRoot ? findField(host.shadowRoot) : null;
    if (inner) return inner;
  }
  return null;
};`;

/** The account field once it takes typing: painted, neither read-only nor disabled. */
const EDITABLE_FIELD = `${FIND_FIELD}
const editableField = () => {
  const field = findField(document);
  return field && !field.readOnly && !field.disabled && field.getClientRects().length > 0 ? field : null;
};`;

/**
 * The account field's form can sign in: its submit button is live. The login page's is live in the server's markup:
 * a press before the widget scripts have run is held by the markup's inline script and carried out once they have
 * (ph-login/early-submit.ts); SIGN_IN_LEAVES below times when such a press reaches the server.
 */
const READY = `(() => {
  ${FIND_FIELD}
  const button = findField(document)?.form?.querySelector('button[type="submit"]');
  return Boolean(button && !button.disabled && button.getAttribute('aria-busy') !== 'true') && performance.now();
})()`;

/** READY as a promise, checked each frame from the page's start. */
const WHEN_READY = `new Promise((resolve) => {
  const check = () => {
    const at = ${READY};
    if (at) resolve(at);
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})`;

/**
 * In the page before its scripts: the times (performance.now, from navigation start) the account field was first
 * painted, the first character landed (also as a promise) and the form could first sign in (a promise).
 */
const OBSERVE = `${EDITABLE_FIELD}
window.benchReady = ${WHEN_READY};
window.benchTyped = new Promise((resolve) => {
  document.addEventListener('input', () => {
    window.benchTypedAt = performance.now();
    resolve(window.benchTypedAt);
  }, { capture: true, once: true });
});
const watchShown = () => {
  const field = findField(document);
  if (field && field.getClientRects().length > 0) window.benchShownAt = performance.now();
  else requestAnimationFrame(watchShown);
};
requestAnimationFrame(watchShown);`;

/** OBSERVE, and the field focused once it takes typing (the direct driver has no predicate of its own in the page). */
const OBSERVE_DIRECT = `${OBSERVE}
window.benchEditable = new Promise((resolve) => {
  const watch = () => {
    const field = editableField();
    if (!field) return requestAnimationFrame(watch);
    field.focus();
    resolve(performance.now());
  };
  requestAnimationFrame(watch);
});`;

/**
 * True once the account field of either page (reached through open shadow roots) takes typing; it is focused then. A
 * string, not a function: tsx would wrap a function's inner helpers in a `__name` the page does not have.
 */
const EDITABLE_ACCOUNT_FIELD = `(() => {
  ${EDITABLE_FIELD}
  const field = editableField();
  if (!field) return false;
  field.focus();
  return true;
})()`;

/** What the focused field holds (inside a shadow root or not). */
const FOCUSED_VALUE = `(() => {
  const active = document.activeElement;
  return (active?.shadowRoot?.activeElement ?? active)?.value;
})()`;

interface Times {
  shown: number;
  typed: number;
  /** NaN for a floor, whose form never goes live. */
  ready: number;
}

/** The two floors: their form stays in its server-rendered "checking the session" state. */
const FLOORS = new Set(['/bench-bare/page-only.html', '/bench-bare/page-react-work.html']);

const typedCheck = (value: unknown) => {
  if (value !== 'a') throw new Error(`the account field holds ${JSON.stringify(value)}, not the typed "a"`);
};

/** Through Playwright, as the tests drive pages (see the top of this file for what that costs the page). */
async function measureWithPlaywright(stage: Stage, path: string): Promise<Times> {
  // bypassCSP: the probe below is evaluated from a string, which the pages' CSP (no eval) would refuse; both pages alike.
  const context = await stage.browser.newContext({ viewport: { width: 1366, height: 860 }, bypassCSP: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  await page.addInitScript(OBSERVE);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(stage.url(path), { waitUntil: 'commit' });
  await page.waitForFunction(EDITABLE_ACCOUNT_FIELD, null, { polling: 'raf', timeout: 30_000 });
  await page.keyboard.press('a');
  const typed = Number(
    await (await page.waitForFunction('window.benchTypedAt', null, { polling: 'raf', timeout: 30_000 })).jsonValue(),
  );
  const ready = FLOORS.has(path) ? Number.NaN : Number(await page.evaluate('window.benchReady'));
  // Still there once the form is live: hydration kept what was typed into the server's markup.
  typedCheck(await page.evaluate(FOCUSED_VALUE));
  const shown = Number(await page.evaluate('window.benchShownAt'));
  if (errors.length) throw new Error(`${path}: ${errors.join('\n')}`);
  await context.close();
  return { shown, typed, ready };
}

const KEY_A = { key: 'a', code: 'KeyA', windowsVirtualKeyCode: 65 };

interface DirectPage {
  /** Sends a command to the page. */
  send: (method: string, params?: object) => Promise<Record<string, unknown>>;
  /** Evaluates `expression` in the page, once its promise (if any) settles. */
  settled: (expression: string) => Promise<unknown>;
  close: () => Promise<void>;
}

/**
 * Directly over the DevTools pipe: a fresh browser context (its cache empty), the page domain for the init script and
 * the commit, resolved once `url` has committed. Runtime.evaluate answers without the Runtime domain on, so each wait
 * is one call that the page answers when its promise settles. Uncaught errors are not seen here (that needs the
 * Runtime domain); the Playwright pass over the same pages throws on any.
 */
async function openDirectly(pipe: DevtoolsPipe, url: string): Promise<DirectPage> {
  const { browserContextId } = await pipe.send('Target.createBrowserContext');
  const { targetId } = await pipe.send('Target.createTarget', { url: 'about:blank', browserContextId });
  const { sessionId } = (await pipe.send('Target.attachToTarget', { targetId, flatten: true })) as {
    sessionId: string;
  };
  const send = (method: string, params?: object) => pipe.send(method, params, sessionId);
  const settled = async (expression: string) =>
    (
      (await send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true })) as {
        result: { value: unknown };
      }
    ).result.value;
  await send('Emulation.setDeviceMetricsOverride', { width: 1366, height: 860, deviceScaleFactor: 1, mobile: false });
  await send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  await send('Page.enable');
  await send('Page.addScriptToEvaluateOnNewDocument', { source: OBSERVE_DIRECT });
  let stopListening = () => {};
  const committed = new Promise<void>((resolve) => {
    stopListening = pipe.listen((event) => {
      const frame = event.params.frame as { url: string } | undefined;
      if (event.sessionId === sessionId && event.method === 'Page.frameNavigated' && frame?.url === url) resolve();
    });
  });
  // A navigation that fails outright commits nothing: without this the run would wait for ever.
  const { errorText } = (await send('Page.navigate', { url })) as { errorText?: string };
  if (errorText) {
    stopListening();
    throw new Error(`${url} did not load: ${errorText}`);
  }
  await committed;
  stopListening();
  return {
    send,
    settled,
    close: async () => {
      await pipe.send('Target.disposeBrowserContext', { browserContextId });
    },
  };
}

/** The key sent once the page says the field takes typing; the times the page recorded. */
async function measureDirectly(pipe: DevtoolsPipe, url: string, floor: boolean): Promise<Times> {
  const page = await openDirectly(pipe, url);
  await page.settled('window.benchEditable');
  await page.send('Input.dispatchKeyEvent', { type: 'keyDown', text: 'a', ...KEY_A });
  await page.send('Input.dispatchKeyEvent', { type: 'keyUp', ...KEY_A });
  const typed = Number(await page.settled('window.benchTyped'));
  const ready = floor ? Number.NaN : Number(await page.settled('window.benchReady'));
  typedCheck(await page.settled(FOCUSED_VALUE));
  const shown = Number(await page.settled('window.benchShownAt'));
  await page.close();
  return { shown, typed, ready };
}

/** When the sign-in call left (its resource entry's start, from navigation start), as a promise in the page. */
const SIGN_IN_LEAVES = `new Promise((resolve) => {
  const observer = new PerformanceObserver((list) => {
    const call = list.getEntries().find((entry) => new URL(entry.name).pathname === ${JSON.stringify(ENDPOINTS.login)});
    if (!call) return;
    observer.disconnect();
    resolve(call.startTime);
  });
  observer.observe({ type: 'resource', buffered: true });
})`;

/** Resolves once a press of the login form is kept: its inline script ran, or the element is defined. */
const PRESS_KEPT = `new Promise((resolve) => {
  const check = () => {
    const login = document.querySelector('ph-login');
    if (login && (login.phTakeEarlySubmit || customElements.get('ph-login'))) resolve(true);
    else requestAnimationFrame(check);
  };
  check();
})`;

const KEY_TAB = { key: 'Tab', code: 'Tab', windowsVirtualKeyCode: 9 };
const KEY_ENTER = { key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13, text: '\r' };

/**
 * The login page: an account, Tab, a password and Enter, given as soon as the account field takes typing (before the
 * widget scripts have run, on this machine); when the sign-in call leaves. An account the server does not know, so
 * the page stays and no seeded account is locked.
 */
async function measureSignInLeaves(pipe: DevtoolsPipe, url: string): Promise<{ editable: number; leaves: number }> {
  const page = await openDirectly(pipe, url);
  const editable = Number(await page.settled('window.benchEditable'));
  // A press counts once the markup's inline script holds it (or the element runs): before, the parser may have
  // painted the form without it, and a press then does nothing.
  await page.settled(PRESS_KEPT);
  await page.send('Input.insertText', { text: 'bench-nobody' });
  await page.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', ...KEY_TAB });
  await page.send('Input.dispatchKeyEvent', { type: 'keyUp', ...KEY_TAB });
  await page.send('Input.insertText', { text: 'not-the-password' });
  await page.send('Input.dispatchKeyEvent', { type: 'keyDown', ...KEY_ENTER });
  await page.send('Input.dispatchKeyEvent', { type: 'keyUp', ...KEY_ENTER });
  const leaves = Number(await page.settled(SIGN_IN_LEAVES));
  await page.close();
  return { editable, leaves };
}

/**
 * The login page as the server sends it, without the widget scripts: its module script, the inline script that
 * starts the page's behaviour through them, and their preloads. Throws when the page no longer has them.
 */
function withoutWidgets(html: string): string {
  const parts = [
    /<script type="module" src="\/dist\/elements\/ph-login\.js"><\/script>/,
    /<script type="module">[\s\S]*?<\/script>/,
    /<link rel="modulepreload"[^>]*>/g,
  ];
  return parts.reduce((page, part) => {
    const next = page.replace(part, '');
    if (next === page) throw new Error(`the login page no longer has ${part}; update bench-login.ts`);
    return next;
  }, html);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const PAGES = ['/bench-bare/', '/', '/bench-bare/page-only.html', '/bench-bare/page-react-work.html'] as const;
type Driver = (path: (typeof PAGES)[number]) => Promise<Times>;

/** Prints one driver's figures: the typed character with its floors, then the painted field and the live form. */
function report(title: string, times: Map<string, Times[]>, bareGzipBytes: number): void {
  const [baseline = [], login = [], pageOnlyTimes = [], reactWorkTimes = []] = PAGES.map((path) => times.get(path));
  const of = (list: Times[], key: keyof Times) => list.map((time) => time[key]);
  const runs = (values: number[]) => values.map((value) => value.toFixed(0)).join(', ');
  console.log(`\n${title}`);
  const base = median(of(baseline, 'typed'));
  const ours = median(of(login, 'typed'));
  console.log(
    `${base.toFixed(0).padStart(8)} ms  1.00x  bare React 19 form, same fields, ${(bareGzipBytes / 1024).toFixed(1)} KB gzip (baseline; runs ${runs(of(baseline, 'typed'))} ms)`,
  );
  console.log(
    `${ours.toFixed(0).padStart(8)} ms  ${(ours / base).toFixed(2).padStart(5)}x  the login page / (<ph-login>; runs ${runs(of(login, 'typed'))} ms)`,
  );
  console.log('Floors of the login page, same runs (what any React-rendered form on this page comes to here):');
  for (const [floor, what] of [
    [pageOnlyTimes, 'the page as served, its server-rendered form included, without the widget scripts'],
    [reactWorkTimes, "the same with the bare form's React work in their place (its bundle, into a detached node)"],
  ] as const) {
    const at = median(of(floor, 'typed'));
    console.log(`${at.toFixed(0).padStart(8)} ms  ${(at / base).toFixed(2).padStart(5)}x  ${what}`);
  }
  for (const [key, what] of [
    ['shown', 'the account field first painted'],
    ['ready', 'the form can sign in (its button live), the typed character still in the field'],
  ] as const) {
    const baseAt = median(of(baseline, key));
    const oursAt = median(of(login, key));
    console.log(`Navigation start → ${what} (same runs):`);
    console.log(`${baseAt.toFixed(0).padStart(8)} ms  1.00x  bare React 19 form (runs ${runs(of(baseline, key))} ms)`);
    console.log(
      `${oursAt.toFixed(0).padStart(8)} ms  ${(oursAt / baseAt).toFixed(2).padStart(5)}x  the login page / (runs ${runs(of(login, key))} ms)`,
    );
  }
}

const bareDir = mkdtempSync(join(tmpdir(), 'ph-bench-bare-'));
const bare = await bareLoginForm();
writeFileSync(join(bareDir, 'index.html'), bare.html);
writeFileSync(join(bareDir, 'bare.js'), bare.js);
writeFileSync(join(bareDir, 'work.js'), bare.workJs);
await compressFile(join(bareDir, 'bare.js'));
await compressFile(join(bareDir, 'work.js'));
const stage = await startStage({ staticRoots: [{ prefix: '/bench-bare/', root: bareDir, preCompressed: true }] });
const pipe = launchOverPipe();
try {
  const pageOnly = withoutWidgets(await (await fetch(stage.url('/'))).text());
  writeFileSync(join(bareDir, 'page-only.html'), pageOnly);
  writeFileSync(
    join(bareDir, 'page-react-work.html'),
    pageOnly.replace('</head>', '  <script type="module" src="/bench-bare/work.js"></script>\n  </head>'),
  );
  const drivers: [string, Driver][] = [
    ['directly', (path) => measureDirectly(pipe, stage.url(path), FLOORS.has(path))],
    ['playwright', (path) => measureWithPlaywright(stage, path)],
  ];
  const times = new Map(drivers.map(([name]) => [name, new Map<string, Times[]>(PAGES.map((path) => [path, []]))]));
  // One warm-up each (the server's first answers, Chromium's first compile), then alternate.
  for (const [, drive] of drivers) for (const path of PAGES) await drive(path);
  for (let run = 0; run < RUNS; run += 1) {
    for (const [name, drive] of drivers) {
      const byPage = times.get(name);
      for (const path of PAGES) byPage?.get(path)?.push(await drive(path));
    }
  }
  const pressed: { editable: number; leaves: number }[] = [];
  for (let run = 0; run < RUNS; run += 1) pressed.push(await measureSignInLeaves(pipe, stage.url('/')));
  const measure = `${THROTTLE}× CPU throttle, cache off, median of ${RUNS}`;
  report(
    `Login page: navigation start → a typed character in the account field (${measure}; goal ≤ 1.15×), the browser driven directly over the DevTools pipe, as a visitor has it:`,
    times.get('directly') ?? new Map(),
    bare.gzipBytes,
  );
  const bareReady = median((times.get('directly')?.get('/bench-bare/') ?? []).map((time) => time.ready));
  const leaves = median(pressed.map((run) => run.leaves));
  console.log(
    `Navigation start → the sign-in call leaves, with an account, Tab, a password and Enter given as soon as the field takes typing (directly, ${measure}):`,
  );
  console.log(
    `${leaves.toFixed(0).padStart(8)} ms  ${(leaves / bareReady).toFixed(2).padStart(5)}x  the login page / against the bare form's live button (runs ${pressed.map((run) => run.leaves.toFixed(0)).join(', ')} ms; the field took typing at ${median(pressed.map((run) => run.editable)).toFixed(0)} ms)`,
  );
  report(
    `The same through Playwright (${measure}), its script and the DevTools Runtime domain in every page (see bench-login.ts):`,
    times.get('playwright') ?? new Map(),
    bare.gzipBytes,
  );
} finally {
  await pipe.close();
  await stage.stop();
  rmSync(bareDir, { recursive: true, force: true });
}
