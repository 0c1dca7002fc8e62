// `npm run bench` › install time (issue 24: a fresh `npm ci` ≤ 45 s): a clone of this commit, installed with an empty
// npm cache as on a fresh machine (every package downloaded, every install script run), then again with the cache
// that install left (the same work without the downloads): the baseline of the same run.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const GOAL_SECONDS = 45;
const ROOT = resolve(import.meta.dirname, '..');

/** Seconds `npm ci` takes in `dir` with the npm cache `cache`. */
function timedInstall(dir, cache) {
  rmSync(join(dir, 'node_modules'), { recursive: true, force: true });
  const started = process.hrtime.bigint();
  execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error', '--cache', cache], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return Number(process.hrtime.bigint() - started) / 1e9;
}

export function benchInstall() {
  const work = mkdtempSync(join(tmpdir(), 'ph-bench-install-'));
  try {
    const clone = join(work, 'clone');
    execFileSync('git', ['clone', '--quiet', '--no-hardlinks', ROOT, clone]);
    const cache = join(work, 'npm-cache');
    const fresh = timedInstall(clone, cache);
    const cached = timedInstall(clone, cache);
    console.log(`\nInstall: npm ci of a fresh clone (goal ≤ ${GOAL_SECONDS} s; nothing is compiled)`);
    console.log(`${cached.toFixed(1).padStart(8)} s  1.00x  with the packages already in the npm cache (baseline)`);
    console.log(
      `${fresh.toFixed(1).padStart(8)} s  ${(fresh / cached).toFixed(2).padStart(5)}x  with an empty npm cache, as on a fresh machine`,
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
