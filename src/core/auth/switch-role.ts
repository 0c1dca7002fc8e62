import { CHROME_PATHS } from '../api/chrome-paths';
import type { Envelope, LoginData, RoleCandidate } from '../api/types';
import type { HttpClient } from '../http/client';
import { beginSession, storeLoginInfo } from '../session/state';
import type { AuthDeps } from './deps';

/** The page's own address without query or hash: where a role switch starts over. */
export function firstUrl(href: string): string {
  const url = new URL(href);
  return `${url.origin}${url.pathname}`;
}

/** A linked account to switch to, with its user type (2 or 4 teacher, 3 parent) when the platform says it. */
export type RoleSwitchCandidate = RoleCandidate & { userType?: number };

/**
 * §6: the accounts a teacher (types 2 and 4) or a parent (type 3) may switch to: GET already/parent/teacher with
 * the caller as `teacherId` or `parentId`. Nobody else switches; a failed call offers none.
 */
export async function roleCandidates(
  user: { userId: string; userType: number },
  http: Pick<HttpClient, 'request'>,
): Promise<RoleSwitchCandidate[]> {
  const type = Number(user.userType);
  if (!user.userId || ![2, 3, 4].includes(type)) return [];
  const params = type === 3 ? { parentId: user.userId } : { teacherId: user.userId };
  try {
    const answer = await http.request<RoleSwitchCandidate[]>({
      url: CHROME_PATHS.alreadyParentTeacher,
      params,
      noIntercept: true,
    });
    return Array.isArray(answer.data)
      ? answer.data.filter((item) => typeof item?.id === 'string' && item.id !== user.userId)
      : [];
  } catch {
    return [];
  }
}

/** §6: GET /api/uaa/switch/login?userId, then reload at the first url. Resolves whether the switch happened. */
export async function switchRole(userId: string, deps: AuthDeps): Promise<boolean> {
  let answer: Envelope<Partial<LoginData> | null>;
  try {
    answer = await deps.http.request({ url: CHROME_PATHS.switchLogin, params: { userId } });
  } catch {
    return false;
  }
  if (answer.status !== 200) return false;
  if (answer.data) {
    beginSession();
    storeLoginInfo(answer.data);
  }
  deps.location.assign(firstUrl(deps.location.href()));
  return true;
}
