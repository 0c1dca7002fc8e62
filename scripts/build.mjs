// `npm run build`: rollup's bundles and, beside them, what is made from the sources alone: the declarations
// (dist/types), the page kit's global types (dist/ph-global.d.ts, from the declarations), the element manifest with
// what editors read, and the docs site (dist/docs, from the manifest).
// Then the brotli and gzip copies of all of dist/. Rollup keeps both cores busy only while terser's workers run;
// in its single-threaded phases a core waits, and the source steps (about 8 CPU seconds) fill it at the lowest CPU
// priority (nice 19) while rollup runs, so they never slow it down: the build took 6 s less on two cores (issue 24).
// Once rollup is done they have nothing to make way for: the rest run at the normal priority, and the one under way
// is raised back where the OS allows it (root may; others keep nice 19) — on a machine busy with other work, a
// nice-19 step got 2 % of a core and one build took minutes (issue 53).
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { setPriority } from 'node:os';

/** The source steps yield to rollup until it ends; then they run as any process does. */
const yieldToRollup = { on: true, running: new Set() };

function raisePriority(pid) {
  try {
    setPriority(pid, 0);
  } catch {
    // Only root may lower a niceness: the step then finishes at nice 19, as before.
  }
}

/** Runs one command with its output shown; resolves with its exit status. */
function run(command, args, { nice = false } = {}) {
  const lowered = nice && yieldToRollup.on;
  const [file, argv] = lowered ? ['nice', ['-n', '19', command, ...args]] : [command, args];
  return new Promise((resolve) => {
    const child = spawn(file, argv, { stdio: 'inherit' });
    if (lowered) yieldToRollup.running.add(child.pid);
    child.on('error', (error) => {
      console.error(`${command}: ${error.message}`);
      resolve(1);
    });
    child.on('close', (code) => {
      yieldToRollup.running.delete(child.pid);
      resolve(code ?? 1);
    });
  });
}

/** Runs the commands one after another, stopping at the first that fails. */
async function inOrder(commands, options) {
  for (const [command, ...args] of commands) {
    const status = await run(command, args, options);
    if (status !== 0) return status;
  }
  return 0;
}

// Chunk names carry content hashes: start from an empty dist/ so that no stale chunk is shipped or measured. Emptied
// here, once, before any step writes there: the steps run side by side, so no step may delete what another writes.
rmSync('dist', { recursive: true, force: true });

const rollupDone = run('node', ['node_modules/rollup/dist/bin/rollup', '-c', '--silent']).then((status) => {
  yieldToRollup.on = false;
  for (const pid of yieldToRollup.running) raisePriority(pid);
  return status;
});
const statuses = await Promise.all([
  rollupDone,
  inOrder(
    [
      ['node', 'node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json', '--noCheck'],
      ['node', 'scripts/ph-global-dts.mjs'],
      ['node', '--import', 'tsx', 'scripts/manifest/main.ts'],
      ['node', '--import', 'tsx', 'scripts/docs-site/main.ts'],
    ],
    { nice: true },
  ),
]);
if (statuses.some((status) => status !== 0)) process.exit(1);
process.exit(await run('node', ['scripts/compress-dist.mjs']));
