import { checkAccess } from '../access/gate';
import { appNames, type Refusal } from '../access/refusal';
import type { AppItem } from '../api/types';
import type { Language } from '../i18n/language';
import { type AppModuleContext, appModuleUrl, pathIdFor } from '../routes/paths';
import { addRecentApp } from '../session/prefs';
import { type AccessUser, type DesktopHttp, logAppAccess } from './calls';
import { appName } from './launcher';

export type OpenAppOutcome = { kind: 'open'; url: string } | { kind: 'refused'; refusal: Refusal };

export interface OpenAppDeps {
  http: DesktopHttp;
  user: AccessUser;
  language: Language;
  modules: AppModuleContext;
}

/**
 * §2/§4 opening an app from the desktop or the recent apps: the access is logged (a failed log does not stop the
 * user), the app passes the one gate every door passes (src/core/access; refused → nothing opened, the refusal
 * names the app), then it joins the user's recent apps and opens at its module URL.
 */
export async function openApp(app: AppItem, deps: OpenAppDeps): Promise<OpenAppOutcome> {
  await logAppAccess(deps.http, deps.user, app, appName(app, 'zh-CN')).catch(() => undefined);
  const target = {
    code: app.code,
    serverId: app.serverId || deps.modules.serverId,
    pathId: pathIdFor(deps.user.userType),
  };
  // The desktop shows the user's own apps only (my_app_icon), so the app is one of theirs.
  const { access } = await checkAccess(target, { http: deps.http, user: deps.user, apps: async () => [app] });
  if (access.kind === 'refused') {
    return { kind: 'refused', refusal: { reason: access.reason, names: appNames(app) } };
  }
  addRecentApp(deps.user.userId, { code: app.code, name: appName(app, 'zh-CN') });
  return { kind: 'open', url: appModuleUrl(app, deps.modules) };
}
