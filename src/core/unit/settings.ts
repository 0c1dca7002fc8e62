import type { UnitLoginConfig } from '../api/types';
import { ENDPOINTS } from '../api/wire';
import type { HttpClient } from '../http/client-types';
import { HttpError } from '../http/errors';
import { loadUnitLicence, type UnitLicence } from '../licence';
import { type FooterContent, footerContent, loadUnitConfig } from './footer';
import { unitLogoPath } from './logo';

// The admin's "Unit settings" route (/desktop/unit, issue 56 item 11): what the platform holds about the unit, read
// only, from calls §7 already has (licence unit_oam, login-page unit_config, the logo). §7 has no call that writes a
// unit's settings, so the page shows them and says where they are changed — but for face sign-in (issue 67), which
// the reference server lets the unit's admin turn off (an added call; a §7 back end answers 404 and it stays on).

export interface UnitSettings {
  logo: string;
  /** The unit's own licence; null when it could not be read. */
  licence: UnitLicence | null;
  /** The login page's footer (copyright, link, filing entries, help center); null when it could not be read. */
  loginPage: FooterContent | null;
  /** Whether the unit's people may sign in by face (issue 67); null when the unit's configuration could not be read. */
  faceLogin: boolean | null;
}

/**
 * Whether a login page offers face sign-in for the unit whose configuration it read (issue 67): unless the unit turned
 * it off. A §7 back end names no such setting, and a configuration that could not be read takes nothing away.
 */
export function faceLoginOffered(config: Partial<UnitLoginConfig> | null | undefined): boolean {
  return config?.faceLogin !== false;
}

/** What became of an admin's change of the face sign-in setting: saved, not on this platform (404), or failed. */
export type FaceLoginChange =
  | { status: 'saved'; faceLogin: boolean }
  | { status: 'unavailable' }
  | { status: 'failed' };

/**
 * Turns face sign-in on or off for the admin's own unit (an added call of the reference server). No toast. Only the
 * shell's Unit settings call it, so its path stays out of the elements' shared runtime (CHROME_PATHS).
 */
export async function changeFaceLogin(enabled: boolean, http: Pick<HttpClient, 'request'>): Promise<FaceLoginChange> {
  try {
    const answer = await http.request<{ faceLogin: boolean }>({
      url: ENDPOINTS.unitFaceLogin,
      method: 'post',
      data: { enabled },
      json: true,
      noIntercept: true,
    });
    return { status: 'saved', faceLogin: answer.data?.faceLogin ?? enabled };
  } catch (error) {
    const missing = error instanceof HttpError && error.kind === 'http' && error.response?.status === 404;
    return missing ? { status: 'unavailable' } : { status: 'failed' };
  }
}

/** Reads the unit's settings; a call that fails leaves its part null and the rest shows. */
export async function loadUnitSettings(unitId: string, http: Pick<HttpClient, 'request'>): Promise<UnitSettings> {
  const [licence, config] = await Promise.all([loadUnitLicence(unitId, http), loadUnitConfig(unitId, http)]);
  return {
    logo: unitLogoPath(unitId),
    licence,
    loginPage: config && footerContent(config),
    faceLogin: config ? faceLoginOffered(config) : null,
  };
}
