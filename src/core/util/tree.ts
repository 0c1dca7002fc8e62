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
  const parentOf = (item: T): TreeId | undefined => {
    const parent = item.parentId;
    return parent !== undefined && parent !== null && parent !== item.id && byId.has(parent) ? parent : undefined;
  };
  const childrenOf = new Map<TreeId, T[]>();
  for (const item of byId.values()) {
    const parent = parentOf(item);
    if (parent === undefined) continue;
    const siblings = childrenOf.get(parent);
    if (siblings) siblings.push(item);
    else childrenOf.set(parent, [item]);
  }
  const placed = new Set<TreeId>();
  const node = (item: T, level: number): TreeNode<T> => {
    placed.add(item.id);
    return { ...item, level, expend: false, children: [] };
  };
  const plant = (item: T): TreeNode<T> => {
    const root = node(item, 1);
    // Iterative descent keeps deep (10,000-level) chains off the call stack.
    const stack = [root];
    for (let current = stack.pop(); current; current = stack.pop()) {
      for (const child of childrenOf.get(current.id) ?? []) {
        if (placed.has(child.id)) continue;
        const childNode = node(child, current.level + 1);
        current.children.push(childNode);
        stack.push(childNode);
      }
    }
    return root;
  };
  const roots: TreeNode<T>[] = [];
  for (const item of byId.values()) if (parentOf(item) === undefined) roots.push(plant(item));
  for (const item of byId.values()) if (!placed.has(item.id)) roots.push(plant(item));
  return roots;
}
