import { appTargetOf } from '../access/target';
import { CHROME_PATHS } from '../api/chrome-paths';
import type { AppItem, Envelope, LoginData, RoleCandidate } from '../api/types';
import { isParentType, isTeacherType } from '../api/user-types';
import type { HttpClient } from '../http/client-types';
import { pathIdFor } from '../routes/paths';
import { beginSession, storeLoginInfo } from '../session/state';
import type { AuthDeps } from './deps';

/** The page's own address without query or hash: where a role switch starts over. */
export function firstUrl(href: string): string {
  const url = new URL(href);
  url.search = '';
  url.hash = '';
  return url.href;
}

/**
 * Where a role switch starts over for the account switched to: the first url, and on an app's module page the page of
 * that app for the new account's type (a parent switched to on `pc_growth_tm` starts over on `pc_growth_spm`, where
 * the gate lets them in; the same page would refuse them as teacher-only).
 */
export function firstUrlFor(href: string, userType: number | string | undefined): string {
  const first = firstUrl(href);
  if (userType === undefined || userType === '' || !appTargetOf(first)) return first;
  return first.replace(/_(tm|spm)(\/(?:index\.html)?|\.html)?$/, `_${pathIdFor(userType)}$2`);
}

/**
 * §6 "when the desktop or app allows both types": a desktop (or any page that opens no app) offers the switch; a
 * module page only when its app is for teachers and parents alike (`frontUserType` empty, or naming 3 and 2 or 4).
 */
export function roleSwitchAllowed(onAppPage: boolean, app: Pick<AppItem, 'frontUserType'> | null): boolean {
  if (!onAppPage) return true;
  if (!app) return false;
  const types = String(app.frontUserType ?? '')
    .split(',')
    .map((type) => type.trim())
    .filter(Boolean);
  return types.length === 0 || (types.includes('3') && (types.includes('2') || types.includes('4')));
}

/** A linked account to switch to, with its user type (2 or 4 teacher, 3 parent) when the platform says it. */
export type RoleSwitchCandidate = RoleCandidate & { userType?: number };

/** The query of §6's candidates call for `user` (as `teacherId` or `parentId`), or null for one who never switches. */
export function roleCandidatesQuery(user: { userId: string; userType: number | string }) {
  if (!user.userId) return null;
  if (isParentType(user.userType)) return { parentId: user.userId };
  return isTeacherType(user.userType) ? { teacherId: user.userId } : null;
}

/**
 * §6: the accounts a teacher (types 2 and 4) or a parent (type 3) may switch to: GET already/parent/teacher with
 * the caller as `teacherId` or `parentId`. Nobody else switches; a failed call offers none.
 */
export async function roleCandidates(
  user: { userId: string; userType: number },
  http: Pick<HttpClient, 'request'>,
): Promise<RoleSwitchCandidate[]> {
  const params = roleCandidatesQuery(user);
  if (!params) return [];
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
  deps.location.assign(firstUrlFor(deps.location.href(), answer.data?.userType));
  return true;
}
