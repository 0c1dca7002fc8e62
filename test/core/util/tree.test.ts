import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildTree, type TreeNode } from '../../../src/core/util';

interface Item {
  id: number;
  parentId: number | null;
  name: string;
}

function* walk<T extends Item>(nodes: TreeNode<T>[]): Generator<TreeNode<T>> {
  for (const node of nodes) {
    yield node;
    yield* walk(node.children);
  }
}

describe('buildTree (§3 tree helper)', () => {
  it('nests by parentId with level (roots are 1) and expend false', () => {
    const tree = buildTree([
      { id: 1, parentId: null, name: 'school' },
      { id: 2, parentId: 1, name: 'grade 1' },
      { id: 3, parentId: 2, name: 'class 1' },
      { id: 4, parentId: 1, name: 'grade 2' },
    ]);
    expect(tree).toEqual([
      {
        id: 1,
        parentId: null,
        name: 'school',
        level: 1,
        expend: false,
        children: [
          {
            id: 2,
            parentId: 1,
            name: 'grade 1',
            level: 2,
            expend: false,
            children: [{ id: 3, parentId: 2, name: 'class 1', level: 3, expend: false, children: [] }],
          },
          { id: 4, parentId: 1, name: 'grade 2', level: 2, expend: false, children: [] },
        ],
      },
    ]);
  });

  it('makes a node whose parent is missing a root, and accepts children listed before parents', () => {
    const tree = buildTree([
      { id: 'b', parentId: 'a' },
      { id: 'a', parentId: 'gone' },
      { id: 'c', parentId: undefined },
    ]);
    expect(tree.map((node) => node.id)).toEqual(['a', 'c']);
    expect(tree[0]?.children.map((node) => node.id)).toEqual(['b']);
  });

  it('loses no node of a parent cycle, and does not loop', () => {
    const tree = buildTree([
      { id: 1, parentId: 2 },
      { id: 2, parentId: 1 },
      { id: 3, parentId: 3 },
    ]);
    expect(tree.map((node) => [node.id, node.children.map((child) => child.id)])).toEqual([
      [3, []],
      [1, [2]],
    ]);
  });

  it('keeps the first of repeated ids', () => {
    const tree = buildTree([
      { id: 1, parentId: null, name: 'first' },
      { id: 1, parentId: null, name: 'second' },
    ]);
    expect(tree.map((node) => node.name)).toEqual(['first']);
  });

  it('does not change its input', () => {
    const list = [
      { id: 1, parentId: null },
      { id: 2, parentId: 1 },
    ];
    const copy = structuredClone(list);
    buildTree(list);
    expect(list).toEqual(copy);
  });

  it('handles a 20,000-level chain', () => {
    const list = Array.from({ length: 20_000 }, (_, i) => ({ id: i, parentId: i - 1 }));
    let node = buildTree(list)[0];
    let depth = 0;
    while (node) {
      depth = node.level;
      node = node.children[0];
    }
    expect(depth).toBe(20_000);
  });

  const forest = fc
    .uniqueArray(fc.nat(200), { minLength: 0, maxLength: 60 })
    .chain((ids) =>
      fc.tuple(
        fc.constant(ids),
        fc.array(fc.option(fc.nat(220), { nil: null }), { minLength: ids.length, maxLength: ids.length }),
      ),
    )
    .map(([ids, parents]) => ids.map((id, i) => ({ id, parentId: parents[i] ?? null, name: `n${id}` })));

  it('places every node exactly once, each under its parent when that parent exists', () => {
    fc.assert(
      fc.property(forest, (list) => {
        const tree = buildTree(list);
        const nodes = [...walk(tree)];
        expect(nodes.map((node) => node.id).sort((a, b) => a - b)).toEqual(list.map((i) => i.id).sort((a, b) => a - b));
        for (const node of nodes) {
          for (const child of node.children) {
            expect(child.parentId).toBe(node.id);
            expect(child.level).toBe(node.level + 1);
          }
          expect(node.expend).toBe(false);
        }
        for (const root of tree) expect(root.level).toBe(1);
      }),
    );
  });

  it('makes exactly the nodes without a listed parent roots when there is no cycle', () => {
    // Parents always have a smaller id here, so no cycle can form.
    const acyclic = forest.map((list) =>
      list.map((item) => ({
        ...item,
        parentId: item.parentId !== null && item.parentId < item.id ? item.parentId : null,
      })),
    );
    fc.assert(
      fc.property(acyclic, (list) => {
        const ids = new Set(list.map((item) => item.id));
        const expected = list.filter((item) => item.parentId === null || !ids.has(item.parentId)).map((i) => i.id);
        expect(buildTree(list).map((root) => root.id)).toEqual(expected);
      }),
    );
  });
});
