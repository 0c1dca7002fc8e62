// What mocha is running in this test page, for the helpers that must know: how long the running test or hook may
// still run (wait.ts waits that long), and what happens after a hook fails. Mocha runs every test and hook through
// Runnable#run; this module wraps it once per page (a module is evaluated once).
//
// One cause, one failure: mocha answers a failed afterEach by not running the rest of that describe, and web-test-runner
// counts each of those tests as failed, without an error: one modal left open once gave 18 failures. Here the first
// hook that fails stops the whole file: it is the one failure reported (with its own error), every test not yet run
// is reported as not run, and none of them runs on a page that the failed hook left in an unknown state.

interface MochaTest {
  state?: 'passed' | 'failed';
  pending: boolean;
}
interface MochaSuite {
  parent?: MochaSuite;
  suites: MochaSuite[];
  tests: MochaTest[];
}
interface MochaRunnable {
  type: 'test' | 'hook';
  title: string;
  parent: MochaSuite;
  timeout(): number;
  run(done: (error?: unknown) => void): unknown;
}
interface MochaGlobals {
  Mocha: { Runnable: { prototype: MochaRunnable } };
  mocha: { suite: { timeout(): number } };
}
const { Mocha, mocha } = window as unknown as MochaGlobals;

let running: { since: number; timeout: number } | undefined;

/** setTimeout's largest delay: a test without a timeout waits for ever (the tier's testsFinishTimeout ends it). */
const NO_LIMIT_MS = 2 ** 31 - 1;

/** How long the running test or hook may still run before mocha times it out. */
export function timeLeftMs(): number {
  const timeout = running?.timeout ?? mocha.suite.timeout();
  if (timeout === 0) return NO_LIMIT_MS;
  return Math.max(timeout - (running ? performance.now() - running.since : 0), 0);
}

const runRunnable = Mocha.Runnable.prototype.run;
Mocha.Runnable.prototype.run = function run(this: MochaRunnable, done) {
  running = { since: performance.now(), timeout: this.timeout() };
  return runRunnable.call(this, (error?: unknown) => {
    if (error && this.type === 'hook') stopFileAfter(this);
    done(error);
  });
};

function stopFileAfter(hook: MochaRunnable): void {
  let root = hook.parent;
  while (root.parent) root = root.parent;
  const notRun = testsOf(root).filter((test) => test.state === undefined && !test.pending);
  for (const test of notRun) test.pending = true;
  console.error(`${hook.title} failed: the ${notRun.length} tests after it in this file are not run`);
}

function testsOf(suite: MochaSuite): MochaTest[] {
  return [...suite.tests, ...suite.suites.flatMap(testsOf)];
}
