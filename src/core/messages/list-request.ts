import { atom, type ReadableAtom } from 'nanostores';
import { pageSingleton } from '../shared';

// The header's message list, asked for from outside the header (issue 56): the voice skill "open my messages" and the
// shell's `#/messages` route open it on the page the user is on instead of loading another page.

const $requests = /* @__PURE__ */ pageSingleton('messageListRequests', () => atom(0));

/** How many times the message list was asked for on this page; a header opens its list when this grows. */
export const $messageListRequests: ReadableAtom<number> = $requests;

/** Opens the message list of the page's header. */
export function requestMessageList(): void {
  $requests.set($requests.get() + 1);
}
