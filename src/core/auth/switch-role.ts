import type { Envelope, LoginData } from '../api/types';
import { ENDPOINTS } from '../api/wire';
import { storeLoginInfo } from '../session/state';
import type { AuthDeps } from './deps';

/** The page's own address without query or hash: where a role switch starts over. */
export function firstUrl(href: string): string {
  const url = new URL(href);
  return `${url.origin}${url.pathname}`;
}

/** §6: GET /api/uaa/switch/login?userId, then reload at the first url. Resolves whether the switch happened. */
export async function switchRole(userId: string, deps: AuthDeps): Promise<boolean> {
  let answer: Envelope<Partial<LoginData> | null>;
  try {
    answer = await deps.http.request({ url: ENDPOINTS.switchLogin, params: { userId } });
  } catch {
    return false;
  }
  if (answer.status !== 200) return false;
  if (answer.data) storeLoginInfo(answer.data);
  deps.location.assign(firstUrl(deps.location.href()));
  return true;
}
