import type { AppItem } from '../api/types';
import type { Language } from '../i18n/translate';
import { type AppModuleContext, appModuleUrl } from '../routes/paths';
import { addRecentApp } from '../session/prefs';
import { type AccessUser, checkLicence, type DesktopHttp, logAppAccess } from './calls';
import { appName } from './launcher';

export type OpenAppOutcome = { kind: 'open'; url: string } | { kind: 'expired'; name: string };

export interface OpenAppDeps {
  http: DesktopHttp;
  user: AccessUser;
  language: Language;
  modules: AppModuleContext;
}

/**
 * §2/§4 opening an app from the desktop: the access is logged (a failed log does not stop the user), the unit's
 * licence for the app's server is checked (expired → the blocking licence dialog, nothing opened), then the app
 * joins the user's recent apps and opens at its module URL.
 */
export async function openApp(app: AppItem, deps: OpenAppDeps): Promise<OpenAppOutcome> {
  const name = appName(app, deps.language);
  await logAppAccess(deps.http, deps.user, app, appName(app, 'zh-CN')).catch(() => undefined);
  const serverId = app.serverId || deps.modules.serverId;
  if (!(await checkLicence(deps.http, deps.user.unitId, serverId))) return { kind: 'expired', name };
  addRecentApp(deps.user.userId, { code: app.code, name: appName(app, 'zh-CN') });
  return { kind: 'open', url: appModuleUrl(app, deps.modules) };
}
