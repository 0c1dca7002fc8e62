import { atom } from 'nanostores';
import { pageSingleton } from '../shared';

// §6 permission directive: an element marked with a permission code is removed unless the code is permitted.

/** The attribute legacy pages mark elements with: `<button data-permission="grade-entry">`. */
export const PERMISSION_ATTRIBUTE = 'data-permission';

/** The user's permitted codes (from the permission tree); the shell sets it, legacy pages through PH. */
export const $permittedCodes = /* @__PURE__ */ pageSingleton('permitted-codes', () =>
  atom<ReadonlySet<string>>(new Set()),
);

/** Whether a code is permitted; an empty code marks nothing. */
export function isPermitted(code: string | null | undefined, permitted: ReadonlySet<string>): boolean {
  return !code || permitted.has(code);
}

/**
 * Removes every marked element under `root` whose code is not permitted; answers how many it removed (an element
 * inside one already removed goes with it and is not counted).
 */
export function applyPermissionDirective(root: ParentNode & Node, permitted: ReadonlySet<string>): number {
  let removed = 0;
  for (const element of Array.from(root.querySelectorAll(`[${PERMISSION_ATTRIBUTE}]`))) {
    if (!root.contains(element) || isPermitted(element.getAttribute(PERMISSION_ATTRIBUTE), permitted)) continue;
    element.remove();
    removed++;
  }
  return removed;
}
