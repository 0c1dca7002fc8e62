import { CHROME_PATHS } from '../api/chrome-paths';
import type { HttpClient } from '../http/client-types';

// §2 licence-expired dialog: a page whose module licence (or whose unit's licence) has ended is blocked with
// '该模块已到期，请联系管理员！' and cannot be used. Only the platform's explicit "no" blocks: a failed check must not
// lock everyone out of a working module.

export async function isModuleLicensed(
  query: { unitId: string; serverId: string },
  http: Pick<HttpClient, 'request'>,
): Promise<boolean> {
  if (!query.unitId || !query.serverId) return true;
  try {
    const answer = await http.request<boolean>({
      url: CHROME_PATHS.licence,
      params: { unitId: query.unitId, serverId: query.serverId },
      noIntercept: true,
    });
    return answer.data !== false;
  } catch {
    return true;
  }
}

/** GET license/unit_oam (§7): whether the unit's own licence, over all its modules, has ended. */
export interface UnitLicence {
  endTime: string;
  expired: boolean;
}

/**
 * The unit's own licence, asked when a module's licence says no, so that a school whose whole platform has run out
 * is told so instead of "this module has expired". Null when the answer is missing or not one.
 */
export async function loadUnitLicence(unitId: string, http: Pick<HttpClient, 'request'>): Promise<UnitLicence | null> {
  try {
    const answer = await http.request<UnitLicence>({
      url: CHROME_PATHS.licenceOam,
      params: unitId ? { unitId } : {},
      noIntercept: true,
    });
    const data = answer.data;
    return data && typeof data.expired === 'boolean' ? data : null;
  } catch {
    return null;
  }
}
