import { CHROME_PATHS } from '../api/chrome-paths';
import type { MeData } from '../api/types';
import { isParentType } from '../api/user-types';
import { ADMIN_ROLE, ENDPOINTS, endpointPath } from '../api/wire';
import { roleCandidatesQuery } from '../auth/switch-role';
import type { Params } from '../http/encode';
import { fetchesPermissionTree } from '../routes/router';

// The calls a signed-in desktop page makes before its first screen is whole (issue 70): `me`, then at once the
// shell's (the permission tree, the icons, their counts and licences), the header's (unit, messages, theme, roles,
// licence) and the footer's (the unit's config), and a parent's children. A server that sends the page for a session
// may send their answers inside it (http/page-answers.ts), each under the path and query written here, which are the
// ones the calls themselves send: the page then waits for none of them. A call whose query differs goes to the network.

export interface FirstScreenCall {
  url: string;
  params?: Params;
}

/** `me` as core asks it (auth/me.ts): the signature is left out of an answer's key. */
export const ME_CALL: FirstScreenCall = { url: ENDPOINTS.me, params: { noIntercept: true } };

/** The page the calls are for: its app code (the licence's serverId) and the code of its permission tree. */
export interface FirstScreenPage {
  appCode: string;
  treeCode: string;
}

/** A teacher or a parent may switch roles: the candidates are asked, as auth/switch-role.ts asks them. */
function roleCall(userId: string, userType: number): FirstScreenCall[] {
  const params = roleCandidatesQuery({ userId, userType });
  return params ? [{ url: CHROME_PATHS.alreadyParentTeacher, params }] : [];
}

/** The first screen's calls after `me`, for the user `me` names on `page`. */
export function firstScreenCalls(me: Pick<MeData, 'userId' | 'userType' | 'unitId'>, page: FirstScreenPage) {
  const { userId, unitId } = me;
  const type = Number(me.userType);
  const calls: FirstScreenCall[] = [
    { url: CHROME_PATHS.unitConfig },
    { url: CHROME_PATHS.unitConfig, params: { unitId } },
    { url: CHROME_PATHS.unhandledCount },
    { url: CHROME_PATHS.messageConfig },
    { url: CHROME_PATHS.licence, params: { unitId, serverId: page.appCode } },
    { url: endpointPath(CHROME_PATHS.roleCheck, { userId, role: ADMIN_ROLE }) },
    { url: CHROME_PATHS.themeColor },
    { url: CHROME_PATHS.appIcons, params: { userId, unitId, appType: 1 } },
    { url: CHROME_PATHS.unreadCodeCount },
    { url: CHROME_PATHS.insideModules },
    { url: CHROME_PATHS.licenceOam, params: { unitId } },
    ...roleCall(userId, type),
  ];
  if (fetchesPermissionTree(type)) calls.push({ url: CHROME_PATHS.permissionTree, params: { code: page.treeCode } });
  if (isParentType(type)) {
    calls.push(
      { url: ENDPOINTS.childrenOfParent, params: { parentId: userId } },
      { url: ENDPOINTS.currentChildOfParent, params: { parentId: userId } },
    );
  }
  return calls;
}
