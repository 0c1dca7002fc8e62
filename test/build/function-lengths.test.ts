import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FLOORS, lengthProblems } from '../../scripts/function-lengths.mjs';

// Issue 57: no function grows past its floor's limit; the older long ones may only shrink, and leave the list when
// split. On files made here, then on the repository as it is.

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A folder with one file holding `name`, a function of `lines` lines. */
function floorWith(name: string, lines: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'ph-lengths-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'a'));
  const body = Array.from({ length: lines - 2 }, (_, i) => `  const v${i} = ${i};`).join('\n');
  writeFileSync(join(dir, 'a', 'long.ts'), `export function ${name}() {\n${body}\n}\n`);
  return dir;
}

describe('function lengths (issue 57)', () => {
  it('refuses a new function over the limit, and takes one at the limit', () => {
    const over = floorWith('grown', 11);
    expect(lengthProblems([{ dir: over, limit: 10 }], {})).toEqual([
      `${join(over, 'a', 'long.ts')} grown: 11 lines, over 10: split it`,
    ]);
    expect(lengthProblems([{ dir: floorWith('fits', 10), limit: 10 }], {})).toEqual([]);
  });

  it('lets a known long function shrink but not grow, and wants it off the list once within the limit', () => {
    const dir = floorWith('older', 30);
    const key = `${join(dir, 'a', 'long.ts')} older`;
    expect(lengthProblems([{ dir, limit: 10 }], { [key]: 30 })).toEqual([]);
    expect(lengthProblems([{ dir, limit: 10 }], { [key]: 40 })).toEqual([]);
    expect(lengthProblems([{ dir, limit: 10 }], { [key]: 29 })).toEqual([
      `${key}: 30 lines, was 29: it may shrink, not grow`,
    ]);
    expect(lengthProblems([{ dir, limit: 40 }], { [key]: 30 })).toEqual([
      `${key}: now within its limit: remove it from scripts/function-lengths.json`,
    ]);
  });

  it('holds for the repository: src within 80 lines, demo/server within 100, but for the listed older ones', async () => {
    const { default: known } = await import('../../scripts/function-lengths.json', { with: { type: 'json' } });
    expect(FLOORS).toEqual([
      { dir: 'src', limit: 80 },
      { dir: 'demo/server', limit: 100 },
    ]);
    expect(lengthProblems(FLOORS, known)).toEqual([]);
  });
});
