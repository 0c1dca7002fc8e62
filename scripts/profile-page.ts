// `npm run profile -- [--account teacher] [--width 412] [--runs 3] [--min 50] [--apps 300] PATH` (issue 70): loads PATH from the
// built dist/ on the reference server in a fresh browser context, signed in as the account (or signed out with
// `--account none`), with Lighthouse's 4x CPU slowdown and V8's sampling profiler on, and prints the main thread's long
// tasks: what each ran (compile, evaluation, layout, paint), the functions its samples fell in, source-mapped
// through dist/'s maps to our files and React's, and whether it came after the first contentful paint (where
// Lighthouse counts its time over 50 ms as blocking). The network is not slowed: the tasks are what the page asks of
// the processor. `--apps N` gives the school N apps more (the bench's large desktop). `--save DIR` keeps each run's trace (open it in Chrome's Performance panel).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { SourceMapConsumer } from 'source-map-js';
import { startStage } from '../test/e2e/harness';
import { sessionCookie } from './session-cookie';
import { type CallFrame, type LongTask, summarizeTrace, type TraceEvent } from './trace-summary';

const REPO = resolve(import.meta.dirname, '..');
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'disabled-by-default-v8.cpu_profiler',
  'blink.user_timing',
  'loading',
].join(',');
/** React's work loop and commit: which root's render or effects a task was. */
const REACT_WORK =
  /performWorkOnRoot|performSyncWorkOnRoot|flushSyncWorkAcrossRoots|processRootScheduleInMicrotask|renderRootSync|renderRootConcurrent|flushPassiveEffects|commitMutationEffectsOnFiber|commitLayoutEffectOnFiber|listenToAllSupportedEvents/;

/**
 * Resolves once the main thread has had twenty idle periods of a full 50 ms in a row, about a second: the page's own
 * start is over; with `false` if that has not come in 30 s (a page that never rests: the trace shows why). A string,
 * not a function: tsx's helpers would not exist in the page.
 */
const IDLE_FOR_A_SECOND = `new Promise((idle) => {
  setTimeout(() => idle(false), 30000);
  let quiet = 0;
  const tick = (deadline) => {
    quiet = deadline.timeRemaining() >= 49 ? quiet + 1 : 0;
    if (quiet >= 20) idle(true);
    else requestIdleCallback(tick);
  };
  requestIdleCallback(tick);
})`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    account: { type: 'string', default: 'teacher' },
    width: { type: 'string', default: '412' },
    runs: { type: 'string', default: '3' },
    min: { type: 'string', default: '50' },
    save: { type: 'string' },
    apps: { type: 'string', default: '0' },
  },
});
const path = positionals[0] ?? '/pages/base/pc_desktop_all/';

/** A frame's function and file as written in the sources, through the map beside a script of dist/. */
function sourceNamer(): (frame: CallFrame) => string {
  const maps = new Map<string, SourceMapConsumer | null>();
  return (frame) => {
    if (!frame.url) return frame.functionName || '(native)';
    const file = join(REPO, new URL(frame.url).pathname);
    if (!maps.has(file)) {
      const map = `${file}.map`;
      maps.set(file, existsSync(map) ? new SourceMapConsumer(JSON.parse(readFileSync(map, 'utf8'))) : null);
    }
    const original = maps.get(file)?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
    if (!original?.source) return `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop()}`;
    const source = original.source.replace(/^.*node_modules\//, '').replace(/^.*?\/src\//, 'src/');
    return `${original.name || frame.functionName || '(anonymous)'} ${source}:${original.line}`;
  };
}

function printTask(task: LongTask): void {
  const list = (entries: [string, number][]) => entries.map(([name, ms]) => `${name} ${ms}`).join(' | ');
  console.log(`${task.afterFirstPaint ? '*' : ' '} ${task.startMs} ms +${task.durationMs}  ${list(task.events)}`);
  if (task.self.length) console.log(`      where: ${list(task.self)}`);
  for (const [name, ms] of task.inclusive) console.log(`        ${ms} ms in ${name}`);
}

const stage = await startStage({ desktopApps: Number(values.apps) });
try {
  const nameOf = sourceNamer();
  if (values.save) mkdirSync(values.save, { recursive: true });
  for (let run = 1; run <= Number(values.runs); run++) {
    const context = await stage.browser.newContext({ viewport: { width: Number(values.width), height: 823 } });
    if (values.account !== 'none') {
      const [name = '', value = ''] = (await sessionCookie(stage.url, values.account as string)).split('=');
      await context.addCookies([{ name, value, url: stage.url('/') }]);
    }
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (data) => events.push(...(data.value as unknown as TraceEvent[])));
    await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
    await page.goto(stage.url(path), { waitUntil: 'load' });
    if (!(await page.evaluate(IDLE_FOR_A_SECOND))) console.log('(the page did not rest within 30 s)');
    const complete = new Promise((done) => cdp.once('Tracing.tracingComplete', done));
    await cdp.send('Tracing.end');
    await complete;
    await context.close();
    if (values.save) writeFileSync(join(values.save, `trace-${run}.json`), JSON.stringify({ traceEvents: events }));
    const summary = summarizeTrace(events, {
      minMs: Number(values.min),
      nameOf,
      ours: (name) => / src\//.test(name) || REACT_WORK.test(name),
    });
    const blocking = summary.tasks
      .filter((task) => task.afterFirstPaint)
      .reduce((sum, task) => sum + Math.max(0, task.durationMs - 50), 0);
    console.log(
      `\nrun ${run}: ${path} as ${values.account}, ${values.width} px, 4x CPU; first contentful paint at ${summary.firstContentfulPaintMs} ms; ` +
        `tasks of ${values.min} ms or more (* after it; their time over 50 ms: ${blocking} ms):`,
    );
    for (const task of summary.tasks) printTask(task);
  }
} finally {
  await stage.stop();
}
