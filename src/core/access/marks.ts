import type { AppItem, ExpiryModule } from '../api/types';
import { type DateInput, EXPIRY_STATUS, expiryStatus, toTime } from '../messages/expiry';
import { pathIdFor } from '../routes/paths';

// The desktop says before the click what the gate will answer after it (issue 34): an app whose licence has ended
// or that the unit never licensed is marked, and one that ends within §4's 90 days carries a quiet tag. Read from
// the unit's module list (resource/inside/module); license/unit stays the gate's word when the icon is opened.

export type LicenceMark = { kind: 'expired' } | { kind: 'unlicensed' } | { kind: 'expiring'; days: number };

const DAY_MS = 24 * 60 * 60 * 1000;

/** The mark of one app; null when it is licensed beyond 90 days, or when the module list could not be had. */
export function licenceMark(
  app: Pick<AppItem, 'code' | 'serverId'>,
  modules: readonly ExpiryModule[] | null,
  now: DateInput = Date.now(),
): LicenceMark | null {
  if (!modules) return null;
  const module = modules.find((entry) => entry.code === (app.serverId || app.code));
  if (!module) return { kind: 'unlicensed' };
  const status = expiryStatus(module.endTime, now);
  if (status === EXPIRY_STATUS.expired) return { kind: 'expired' };
  if (status === EXPIRY_STATUS.expiringSoon) {
    return { kind: 'expiring', days: Math.max(1, Math.ceil((toTime(module.endTime) - toTime(now)) / DAY_MS)) };
  }
  return null;
}

/** Who looks at the tiles and what the unit's own licence says (license/unit_oam). */
export interface TileMarkContext {
  userType: number | string;
  /** The unit's own licence has ended: every module with it, whatever its own row says. */
  unitExpired: boolean;
}

/**
 * The mark a tile shows this user (issue 56): an ended unit licence reads "expired" on every tile, as its dialog
 * says; "ends in n days" only for teachers and staff (tm), who can act on it — parents and students cannot.
 */
export function tileMark(
  app: Pick<AppItem, 'code' | 'serverId'>,
  modules: readonly ExpiryModule[] | null,
  context: TileMarkContext,
  now: DateInput = Date.now(),
): LicenceMark | null {
  if (context.unitExpired) return { kind: 'expired' };
  const mark = licenceMark(app, modules, now);
  return mark?.kind === 'expiring' && pathIdFor(context.userType) !== 'tm' ? null : mark;
}
