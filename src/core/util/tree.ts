// §3 tree helper: a flat list linked by id and parentId becomes nested nodes with `level` (roots are 1) and
// `expend` (the spec's spelling of "expanded", closed at first).

export type TreeId = string | number;

export interface FlatNode {
  id: TreeId;
  parentId?: TreeId | null;
}

export type TreeNode<T extends FlatNode> = T & { level: number; expend: boolean; children: TreeNode<T>[] };

/**
 * Nests `list` without changing it. A node whose parent is not in the list is a root. Nodes caught in a parent
 * cycle (no root above them) are not lost: the first of them in list order becomes a root. Of repeated ids the
 * first wins. Order within each level follows the list.
 */
export function buildTree<T extends FlatNode>(list: readonly T[]): TreeNode<T>[] {
  const byId = new Map<TreeId, T>();
  for (const item of list) if (!byId.has(item.id)) byId.set(item.id, item);
  const childrenOf = new Map<TreeId, T[]>();
  for (const item of byId.values()) {
    const parent = item.parentId;
    if (parent === undefined || parent === null || parent === item.id || !byId.has(parent)) continue;
    const siblings = childrenOf.get(parent) ?? [];
    siblings.push(item);
    childrenOf.set(parent, siblings);
  }
  const placed = new Set<TreeId>();
  const build = (item: T, level: number): TreeNode<T> => {
    placed.add(item.id);
    const node: TreeNode<T> = { ...item, level, expend: false, children: [] };
    // Iterative descent keeps deep (10,000-level) chains off the call stack.
    const stack: TreeNode<T>[] = [node];
    while (stack.length > 0) {
      const current = stack.pop() as TreeNode<T>;
      for (const child of childrenOf.get(current.id) ?? []) {
        if (placed.has(child.id)) continue;
        placed.add(child.id);
        const childNode: TreeNode<T> = { ...child, level: current.level + 1, expend: false, children: [] };
        current.children.push(childNode);
        stack.push(childNode);
      }
    }
    return node;
  };
  const isRoot = (item: T) =>
    item.parentId === undefined || item.parentId === null || item.parentId === item.id || !byId.has(item.parentId);
  const roots: TreeNode<T>[] = [];
  for (const item of byId.values()) if (isRoot(item)) roots.push(build(item, 1));
  for (const item of byId.values()) if (!placed.has(item.id)) roots.push(build(item, 1));
  return roots;
}
