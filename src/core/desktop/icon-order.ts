import { persistentAtom, persistentJSON } from '@nanostores/persistent';
import { CHROME_PATHS } from '../api/chrome-paths';
import type { MenuGroup } from '../api/types';
import type { HttpClient } from '../http/client-types';
import { HttpError } from '../http/errors';
import { pageSingleton } from '../shared';
import { orderApps } from './launcher';

// §6 lets school teachers drag their icons, and §7 has no call that keeps the order: the reference server adds one
// (app_icon_order, docs/api.md). A back end that serves §7 as written answers it 404; the order is then kept in this
// browser, per user and group, the user is told so once, and the page asks the server no more (issue 69: every move
// showed 接口不存在 and snapped back).

/** Where a move was kept: on the server, in this browser (the server has no such call), or nowhere (it failed). */
export type IconOrderKept = 'server' | 'browser' | 'failed';

export interface IconOrderOutcome {
  kept: IconOrderKept;
  /** Kept in this browser for the first time in it: the one time to say so. */
  tell: boolean;
}

/** userId → group code → the group's codes in the user's order, kept where the server keeps none. */
export const $browserIconOrders = /* @__PURE__ */ pageSingleton('pref.iconOrders', () =>
  persistentJSON<Record<string, Record<string, string[]>>>('iconOrders', {}),
);

const $toldKeptHere = /* @__PURE__ */ pageSingleton('pref.iconOrdersTold', () =>
  persistentAtom<boolean>('iconOrdersTold', false, { encode: String, decode: (value) => value === 'true' }),
);

/** Whether this page's server has no order call (it answered 404): asked once a page. */
const serverCall = /* @__PURE__ */ pageSingleton('icon-order-call', () => ({ missing: false }));

function keepHere(userId: string, groupCode: string, codes: readonly string[]): IconOrderOutcome {
  const all = $browserIconOrders.get();
  $browserIconOrders.set({ ...all, [userId]: { ...all[userId], [groupCode]: [...codes] } });
  const tell = !$toldKeptHere.get();
  $toldKeptHere.set(true);
  return { kept: 'browser', tell };
}

/**
 * POSTs a group's order (every app of the group, `codes`), or keeps it in this browser when the server has no such
 * call. Other failures are the caller's to show (the move is undone); nothing here shows §8's notice of a 404.
 */
export async function keepIconOrder(
  http: Pick<HttpClient, 'request'>,
  userId: string,
  groupCode: string,
  codes: readonly string[],
): Promise<IconOrderOutcome> {
  if (serverCall.missing) return keepHere(userId, groupCode, codes);
  try {
    await http.request({
      url: CHROME_PATHS.appIconOrder,
      method: 'post',
      data: { groupCode, codes: codes.join(',') },
      noIntercept: true,
    });
    return { kept: 'server', tell: false };
  } catch (error) {
    if (!(error instanceof HttpError && error.status === 404)) return { kept: 'failed', tell: false };
    serverCall.missing = true;
    return keepHere(userId, groupCode, codes);
  }
}

/** The server's groups with the orders this browser keeps for the user laid over them. */
export function withBrowserIconOrders(groups: readonly MenuGroup[], userId: string): MenuGroup[] {
  const kept = $browserIconOrders.get()[userId] ?? {};
  return groups.map((group) => {
    const codes = kept[group.code];
    return codes ? { ...group, iconVMs: orderApps(group.iconVMs, codes) } : group;
  });
}
