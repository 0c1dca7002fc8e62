import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Floor, floorBreaches, type ImportGraph, importCircles, importGraph } from './import-graph';

// Issue 57: imports go one way. Core knows nothing of the elements or the shell, the elements nothing of the shell,
// the shipped sources nothing of the demo, the build or the tests, and the reference server nothing of the build
// scripts or the tests; and no two files import each other, round or through others (a circle makes load order
// matter and lets a change ripple both ways). Checked on made-up graphs first, so that the check cannot pass by
// seeing nothing, then on the repository as it is (docs/architecture.md › Import floors).

const root = resolve(import.meta.dirname, '..', '..');

const FLOORS: Floor[] = [
  { from: 'src/core/', mayNotImport: ['src/elements/', 'src/shell/'] },
  { from: 'src/elements/', mayNotImport: ['src/shell/'] },
  { from: 'src/', mayNotImport: ['demo/', 'scripts/', 'test/'] },
  { from: 'demo/server/', mayNotImport: ['scripts/', 'test/'] },
];

const graphOf = (edges: Record<string, string[]>): ImportGraph => new Map(Object.entries(edges));

describe('import floors and circles (issue 57)', () => {
  let repository: ImportGraph;
  beforeAll(() => {
    repository = importGraph(root, ['src', 'demo', 'scripts'], ['demo/server/static/vendor']);
  });

  it('finds a circle of two files and one through a third, and nothing in a graph without one', () => {
    const graph = graphOf({
      'src/a.ts': ['src/b.ts'],
      'src/b.ts': ['src/a.ts', 'src/c.ts'],
      'src/c.ts': [],
      'src/d.ts': ['src/e.ts'],
      'src/e.ts': ['src/f.ts'],
      'src/f.ts': ['src/d.ts', 'src/c.ts'],
    });
    expect(importCircles(graph)).toEqual([
      ['src/a.ts', 'src/b.ts'],
      ['src/d.ts', 'src/e.ts', 'src/f.ts'],
    ]);
    expect(importCircles(graphOf({ 'src/a.ts': ['src/b.ts', 'node:fs'], 'src/b.ts': ['src/c.ts'] }))).toEqual([]);
  });

  it('finds an import down through a floor, and lets the ones going up pass', () => {
    const graph = graphOf({
      'src/core/x.ts': ['src/core/y.ts', 'src/elements/z.ts'],
      'src/elements/z.ts': ['src/core/x.ts'],
      'demo/server/s.ts': ['src/core/x.ts', 'scripts/plugin.mjs'],
      'scripts/plugin.mjs': ['demo/server/s.ts'],
    });
    expect(floorBreaches(graph, FLOORS)).toEqual([
      'src/core/x.ts → src/elements/z.ts',
      'demo/server/s.ts → scripts/plugin.mjs',
    ]);
  });

  it('reads the repository: hundreds of files, with static, .mjs and lazy imports resolved', () => {
    expect(repository.size).toBeGreaterThan(100);
    expect(repository.get('demo/server/module-preloads.ts')).toContain('demo/server/build-lists.mjs');
    expect(repository.get('scripts/module-preloads-plugin.mjs')).toContain('demo/server/build-lists.mjs');
    expect(repository.get('src/elements/ph-face/define.ts')).toContain('src/elements/ph-face/widget.ts');
  });

  it('holds for the repository: no import down through a floor', () => {
    expect(floorBreaches(repository, FLOORS)).toEqual([]);
  });

  it('holds for the repository: no circle in src/, demo/ or scripts/', () => {
    expect(importCircles(repository)).toEqual([]);
  });
});
