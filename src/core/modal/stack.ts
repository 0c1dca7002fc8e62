import { atom, computed } from 'nanostores';
import { pageSingleton } from '../shared';
import { MODAL_Z_INDEX_BASE } from './constants';

// The stack of open dialogs on the page (§4 Modal dialogs): the top one — the one drawn above the others — is the
// only one that reacts to Escape and backdrop clicks. Dialogs stack from z-index 1500 in the order they opened; a
// dialog with a fixed level (the login dialog at 2500) stays at it. One stack per page, whichever bundles opened them.

interface StackEntry {
  id: symbol;
  /** A fixed stacking level instead of the stack's. */
  zIndex?: number;
}

export const $modalStack = /* @__PURE__ */ pageSingleton('modal-stack', () => atom<readonly StackEntry[]>([]));

const levelAt = (entry: StackEntry, index: number) => entry.zIndex ?? MODAL_Z_INDEX_BASE + index;

/** The dialog drawn on top: the highest level, the later opened of equals. */
export const $topModal = /* @__PURE__ */ computed($modalStack, (stack) => {
  let top: symbol | undefined;
  let highest = Number.NEGATIVE_INFINITY;
  stack.forEach((entry, index) => {
    if (levelAt(entry, index) >= highest) {
      highest = levelAt(entry, index);
      top = entry.id;
    }
  });
  return top;
});

/** Puts a dialog on the stack as the latest opened (moving it there if it was open already). */
export function pushModal(id: symbol, zIndex?: number): void {
  $modalStack.set([...$modalStack.get().filter((entry) => entry.id !== id), { id, zIndex }]);
}

export function removeModal(id: symbol): void {
  const stack = $modalStack.get();
  if (stack.some((entry) => entry.id === id)) $modalStack.set(stack.filter((entry) => entry.id !== id));
}

export function isTopModal(id: symbol): boolean {
  return $topModal.get() === id;
}

/** z-index of a dialog: 1500 for the first, one step up for each dialog stacked on it (§9), or its fixed level. */
export function modalZIndex(id: symbol): number {
  const stack = $modalStack.get();
  const index = stack.findIndex((entry) => entry.id === id);
  return index < 0 ? MODAL_Z_INDEX_BASE : levelAt(stack[index]!, index);
}
