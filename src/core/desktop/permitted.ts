import type { MenuNode } from '../api/types';

/** §6: the permitted code set is every code of the user's permission tree (the server sends only permitted nodes). */
export function permittedCodes(tree: readonly MenuNode[]): Set<string> {
  const codes = new Set<string>();
  const stack = [...tree];
  while (stack.length > 0) {
    const node = stack.pop() as MenuNode;
    codes.add(node.code);
    for (const child of node.children ?? []) stack.push(child);
  }
  return codes;
}
