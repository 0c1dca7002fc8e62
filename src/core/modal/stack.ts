import { atom, computed } from 'nanostores';
import { pageSingleton } from '../shared';
import { DIALOG_Z_INDEX_BASE, DIALOG_Z_INDEX_MAX, MODAL_Z_INDEX_BASE } from './constants';

// The stack of open dialogs on the page (§4 Modal dialogs): the top one — the one drawn above the others — is the
// only one that reacts to Escape and backdrop clicks. Dialogs stack in the order they opened, one step each (§9): a
// page's modals from z-index 1500, the platform's dialogs (§2's list: the header's and the footer's) from 10000 up to
// 50000 at most; a dialog with a fixed level (the login dialog at 2500) stays at it. One stack per page, whichever
// bundles opened them.

/** Where a dialog stacks: a page's modal (the default), one of the platform's dialogs, or a fixed z-index. */
export type ModalLevel = number | 'dialog' | undefined;

interface StackEntry {
  id: symbol;
  level: ModalLevel;
}

export const $modalStack = /* @__PURE__ */ pageSingleton('modal-stack', () => atom<readonly StackEntry[]>([]));

function levelAt(entry: StackEntry, index: number): number {
  if (typeof entry.level === 'number') return entry.level;
  if (entry.level === 'dialog') return Math.min(DIALOG_Z_INDEX_BASE + index, DIALOG_Z_INDEX_MAX);
  return MODAL_Z_INDEX_BASE + index;
}

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
export function pushModal(id: symbol, level?: ModalLevel): void {
  $modalStack.set([...$modalStack.get().filter((entry) => entry.id !== id), { id, level }]);
}

export function removeModal(id: symbol): void {
  const stack = $modalStack.get();
  if (stack.some((entry) => entry.id === id)) $modalStack.set(stack.filter((entry) => entry.id !== id));
}

export function isTopModal(id: symbol): boolean {
  return $topModal.get() === id;
}

/**
 * z-index of a dialog: its layer's base (1500, or 10000 for the platform's dialogs) plus one step for each dialog
 * below it in the stack (§9), or its fixed level.
 */
export function modalZIndex(id: symbol, level?: ModalLevel): number {
  const stack = $modalStack.get();
  const index = stack.findIndex((entry) => entry.id === id);
  return index < 0 ? levelAt({ id, level }, 0) : levelAt(stack[index]!, index);
}
