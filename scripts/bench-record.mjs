// What `npm run bench` printed, kept in docs/bench/latest.txt with when, where and at which commit it was measured:
// the docs site's performance page shows it, so the figures a reader sees are the bench's own, not copied by hand.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname } from 'node:path';

export const BENCH_RECORD = 'docs/bench/latest.txt';

/** Starts recording everything written to stdout; `save` writes it with a heading line. */
export function recordBench(file = BENCH_RECORD) {
  const written = [];
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = (chunk, ...rest) => {
    written.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    return write(chunk, ...rest);
  };
  return {
    save() {
      const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
      const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8' }).trim();
      const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}`;
      const heading = `npm run bench, ${new Date().toISOString()}, commit ${commit}${dirty ? ' with local changes' : ''}, ${machine}`;
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing the terminal's colour codes
      const text = written.join('').replace(/\u001b\[[0-9;]*m/g, '');
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, `${heading}\n\n${text}`);
      process.stdout.write = write;
    },
  };
}
