import { atom, computed } from 'nanostores';
import { pageSingleton } from '../shared';
import { MODAL_Z_INDEX_BASE } from './constants';

// The stack of open dialogs on the page (§4 Modal dialogs): the last opened is the top one, the only one
// that reacts to Escape and backdrop clicks. One stack per page, whichever bundles opened the dialogs.

export const $modalStack = /* @__PURE__ */ pageSingleton('modal-stack', () => atom<readonly symbol[]>([]));

export const $topModal = computed($modalStack, (stack) => stack[stack.length - 1]);

/** Puts a dialog on top of the stack (moving it there if it was open already). */
export function pushModal(id: symbol): void {
  $modalStack.set([...$modalStack.get().filter((entry) => entry !== id), id]);
}

export function removeModal(id: symbol): void {
  const stack = $modalStack.get();
  if (stack.includes(id)) $modalStack.set(stack.filter((entry) => entry !== id));
}

export function isTopModal(id: symbol): boolean {
  return $topModal.get() === id;
}

/** z-index of a dialog: 1500 for the first, one step up for each dialog stacked on it (§9). */
export function modalZIndex(id: symbol): number {
  const position = $modalStack.get().indexOf(id);
  return MODAL_Z_INDEX_BASE + Math.max(0, position);
}
