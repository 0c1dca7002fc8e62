// `npm test`: every check and test tier, side by side where they do not depend on each other (issue 24). The
// machine has two cores, and the run is bound by their time:
//   first:            lint, then the build (the one step everything else needs), and beside the build the type check
//                     at the lowest CPU priority (nice 19): the build keeps about a third of a core idle (its single-
//                     threaded phases between terser's), which the type check fills without slowing it;
//   lane 1:           the e2e files that wait on Chromium's fake camera and microphone (real time), one at a time,
//                     then vitest's build tier (the manifest, the docs, the bundles' delivery: about a minute);
//   lane 2:           the other e2e files, one at a time;
//   lane 3:           the other Node tests (vitest's core, shell and server tiers);
//   lane 4:           the bundle budgets, the element tier, the consumer tier, then the docs site's e2e file (it
//                     made lane 2 the last to end by two minutes; lane 4 ended first).
// One e2e file, or one element file, keeps only about one core busy (its page's main thread, then the test, in turn),
// so a single e2e lane left the second core idle for most of the run: with the two e2e lanes `vmstat` shows both cores
// busy from the end of the build until the last lane is alone (6 min 5 s here instead of 6 min 45 s). The Node tests
// beside the build were tried and were slower. The two cores are full from the build's end to the end of the lanes,
// so the run ends when its CPU work is done only if the lanes end together: the Node lane ended last, alone on one
// core for its last 20–40 s, while lane 1 ended 70–120 s before it, so vitest's build tier moved to lane 1's end.
// Each step's output is printed whole when it ends (parallel steps never interleave), then one closing line adds up the
// tests of every tier: `tests: N passed, N failed`. Any failed step fails the run, and every step still runs (but those
// that need a failed build).
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';

/**
 * `after`: steps that must pass first (the build). `follows`: the step before it in its lane, which must only have
 * ended, so that one failure does not hide the results of the rest of its lane.
 * @typedef {{ name: string, command: string[], after?: string[], follows?: string }} Step
 */

/**
 * The e2e files that spend most of their time waiting on real time: Chromium's fake camera and microphone play their
 * video and speech at their own pace (about half a core busy). A lane of their own beside the rest of the tier.
 */
const MEDIA = ['face', 'voice', 'screens', 'social', 'shell', 'spec-strict'].map((name) => `test/e2e/${name}.test.ts`);
/** The docs site's pages and their examples: at the end of lane 4. */
const DOCS_SITE = 'test/e2e/docs-site.test.ts';
const REST = readdirSync('test/e2e')
  .filter((name) => name.endsWith('.test.ts'))
  .map((name) => `test/e2e/${name}`)
  .filter((path) => !MEDIA.includes(path) && path !== DOCS_SITE);
const e2e = (files) => ['node', '--import', 'tsx', '--test', '--test-concurrency=1', ...files];

/** @type {Step[]} */
const STEPS = [
  { name: 'lint', command: ['npm', 'run', '--silent', 'lint'] },
  { name: 'build', command: ['npm', 'run', '--silent', 'build'], follows: 'lint' },
  { name: 'e2e', command: e2e(REST), after: ['build'] },
  { name: 'e2e (media)', command: e2e(MEDIA), after: ['build'] },
  { name: 'node', command: ['npx', 'vitest', 'run', '--project', '!build'], after: ['build'] },
  {
    name: 'node (build)',
    command: ['npx', 'vitest', 'run', '--project', 'build'],
    after: ['build'],
    follows: 'e2e (media)',
  },
  // Only a step without time limits may run at nice 19: it gets no CPU at all while the build keeps both cores busy.
  { name: 'typecheck', command: ['nice', '-n', '19', 'npm', 'run', '--silent', 'typecheck'], follows: 'lint' },
  { name: 'size', command: ['node', 'scripts/size.mjs'], after: ['build'], follows: 'typecheck' },
  { name: 'elements', command: ['npx', 'wtr'], after: ['build'], follows: 'size' },
  { name: 'consumer', command: ['npm', 'run', '--silent', 'test:consumer'], after: ['build'], follows: 'elements' },
  { name: 'e2e (docs site)', command: e2e([DOCS_SITE]), after: ['build'], follows: 'consumer' },
];

const started = Date.now();
const seconds = (from) => `${((Date.now() - from) / 1000).toFixed(0)} s`;
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing the terminal's colour codes
const ANSI = /\u001b\[[0-9;]*m/g;

/** Runs one step to its end; resolves with its exit status and all it printed. */
function run(step) {
  return new Promise((resolve) => {
    const from = Date.now();
    console.log(`[${seconds(started)}] ${step.name}: started`);
    const child = spawn(step.command[0], step.command.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (part) => output.push(part));
    child.stderr.on('data', (part) => output.push(part));
    child.on('close', (code, signal) => {
      const text = Buffer.concat(output).toString('utf8');
      const status = code ?? (signal ? 1 : 0);
      console.log(`\n──── ${step.name} (${seconds(from)}, ${status === 0 ? 'passed' : `FAILED, exit ${status}`}) ────`);
      process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
      resolve({ status, text: text.replace(ANSI, '') });
    });
  });
}

/** Tests passed and failed, as each runner reports them: vitest, web-test-runner, node:test. */
function countTests(text) {
  const vitest = /^\s*Tests\s+(?:(\d+) failed\s*\|\s*)?(\d+) passed/m.exec(text);
  if (vitest) return { passed: Number(vitest[2]), failed: Number(vitest[1] ?? 0) };
  const vitestFailedOnly = /^\s*Tests\s+(\d+) failed/m.exec(text);
  if (vitestFailedOnly) return { passed: 0, failed: Number(vitestFailedOnly[1]) };
  const wtr = [...text.matchAll(/(\d+) passed, (\d+) failed/g)].at(-1);
  if (wtr) return { passed: Number(wtr[1]), failed: Number(wtr[2]) };
  const pass = /^# pass (\d+)/m.exec(text);
  const fail = /^# fail (\d+)/m.exec(text);
  if (pass || fail) return { passed: Number(pass?.[1] ?? 0), failed: Number(fail?.[1] ?? 0) };
  return { passed: 0, failed: 0 };
}

async function main() {
  /** @type {Map<string, Promise<{ status: number, text: string }>>} */
  const runs = new Map();
  const start = (step) => {
    const waitFor = (step.after ?? []).map((name) => runs.get(name));
    const previous = step.follows ? runs.get(step.follows) : undefined;
    runs.set(
      step.name,
      Promise.all([...waitFor, previous]).then((before) => {
        const failed = (step.after ?? []).filter((_name, index) => before[index]?.status !== 0);
        if (failed.length === 0) return run(step);
        console.log(`\n──── ${step.name}: not run, ${failed.join(' and ')} failed ────`);
        return { status: 1, text: '' };
      }),
    );
  };
  for (const step of STEPS) start(step);
  const results = await Promise.all(STEPS.map(async (step) => ({ step, ...(await runs.get(step.name)) })));
  const failedSteps = results.filter((result) => result.status !== 0).map((result) => result.step.name);
  const totals = results.reduce(
    (sum, result) => {
      const counted = countTests(result.text);
      return { passed: sum.passed + counted.passed, failed: sum.failed + counted.failed };
    },
    { passed: 0, failed: 0 },
  );
  console.log(
    `\nnpm test took ${seconds(started)}; ${failedSteps.length ? `FAILED: ${failedSteps.join(', ')}` : 'every step passed'}`,
  );
  // A step can fail without a failed test (lint, the build, a runner's crash): never report 0 failed then.
  console.log(`tests: ${totals.passed} passed, ${Math.max(totals.failed, failedSteps.length ? 1 : 0)} failed`);
  process.exit(failedSteps.length ? 1 : 0);
}

await main();
