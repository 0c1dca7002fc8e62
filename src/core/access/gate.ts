import type { AppItem, ExpiryModule } from '../api/types';
import type { AccessUser, DesktopHttp } from '../desktop/calls';
import { splitBilingual } from '../i18n/bilingual';
import type { Language } from '../i18n/language';
import { isModuleLicensed, loadUnitLicence } from '../licence';
import { type Access, decideAccess } from './decide';
import type { AppTarget } from './target';

// The gate every door passes (issue 34): it gathers the facts decide.ts needs — the unit's licence for the app's
// server (license/unit, §7), after a "no" the unit's own licence (license/unit_oam), and the user's apps
// (my_app_icon) — and answers with the decision and the app.

export interface AccessDeps {
  http: DesktopHttp;
  user: AccessUser;
  /** The user's apps; null when they could not be had (then no app is refused for not being the user's). */
  apps: () => Promise<readonly AppItem[] | null>;
}

export interface AccessAnswer {
  access: Access;
  /** The app as the user's desktop has it; null when it is none of theirs. */
  app: AppItem | null;
}

/**
 * The licence facts of decide.ts for a unit's server: license/unit, then — only after its "no" — license/unit_oam, so
 * that a unit whose whole licence has ended is told so. A failed licence call admits (isModuleLicensed).
 */
export async function licenceFacts(
  unitId: string,
  serverId: string,
  http: DesktopHttp,
): Promise<{ licensed: boolean; unitExpired: boolean }> {
  if (await isModuleLicensed({ unitId, serverId }, http)) return { licensed: true, unitExpired: false };
  return { licensed: false, unitExpired: (await loadUnitLicence(unitId, http))?.expired === true };
}

/** The decision for one app. */
export async function checkAccess(target: AppTarget, deps: AccessDeps): Promise<AccessAnswer> {
  const [licence, apps] = await Promise.all([
    licenceFacts(deps.user.unitId, target.serverId, deps.http),
    deps.apps().catch(() => null),
  ]);
  const app = apps?.find((item) => item.code === target.code) ?? null;
  const access = decideAccess({
    userType: deps.user.userType,
    pathId: target.pathId,
    ...licence,
    ...(apps ? { permitted: app !== null } : {}),
  });
  return { access, app };
}

/** A licensed module's name in the page's language (its Chinese name may carry every language, §8 `|||`). */
export function moduleName(module: Pick<ExpiryModule, 'name' | 'englishName'>, language: Language): string {
  if (language === 'en' && module.englishName) return module.englishName;
  return splitBilingual(module.name, language);
}
