import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/spec-map.md names the code and tests of each part of the spec: every file or folder its tables name exists.

const repo = join(import.meta.dirname, '../..');
const map = readFileSync(join(repo, 'docs/spec-map.md'), 'utf8');

/** The page's shorthands (its introduction): `core/x` is `src/core/x`, `t/core/x` is `test/core/x`. */
const SHORTHANDS: [string, string][] = [
  ['core/', 'src/core/'],
  ['elements/', 'src/elements/'],
  ['t/', 'test/'],
];

/**
 * Code spans of the table rows that are repository paths: a slash inside, none first (`/login` is a route); `dist/`
 * is what the build makes, not a file of the repository.
 */
function namedPaths(text: string): string[] {
  const rows = text.split('\n').filter((line) => line.startsWith('|'));
  const spans = rows.flatMap((row) => Array.from(row.matchAll(/`([^`]+)`/g), (match) => match[1] ?? ''));
  const paths = spans.filter((span) => /^[\w.-]+\/[\w./-]*$/.test(span) && !span.startsWith('dist/'));
  return [...new Set(paths)];
}

function resolved(path: string): string {
  const shorthand = SHORTHANDS.find(([short]) => path.startsWith(short));
  return shorthand ? shorthand[1] + path.slice(shorthand[0].length) : path;
}

describe('docs/spec-map.md', () => {
  const paths = namedPaths(map);

  it('names files in its tables', () => {
    expect(paths.length).toBeGreaterThan(50);
  });

  it('names only files and folders that exist', () => {
    expect(paths.filter((path) => !existsSync(join(repo, resolved(path))))).toEqual([]);
  });

  it('says no widget is still to come when its folder exists', () => {
    const later = Array.from(map.matchAll(/`(ph-[a-z]+)` later/g), (match) => match[1] ?? '');
    expect(later.filter((name) => existsSync(join(repo, 'src/elements', name)))).toEqual([]);
  });
});
