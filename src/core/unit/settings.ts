import type { HttpClient } from '../http/client-types';
import { loadUnitLicence, type UnitLicence } from '../licence';
import { type FooterContent, footerContent, loadUnitConfig } from './footer';
import { unitLogoPath } from './logo';

// The admin's "Unit settings" route (/desktop/unit, issue 56 item 11): what the platform holds about the unit, read
// only, from calls §7 already has (licence unit_oam, login-page unit_config, the logo). §7 has no call that writes a
// unit's settings, so the page shows them and says where they are changed.

export interface UnitSettings {
  logo: string;
  /** The unit's own licence; null when it could not be read. */
  licence: UnitLicence | null;
  /** The login page's footer (copyright, link, filing entries, help center); null when it could not be read. */
  loginPage: FooterContent | null;
}

/** Reads the unit's settings; a call that fails leaves its part null and the rest shows. */
export async function loadUnitSettings(unitId: string, http: Pick<HttpClient, 'request'>): Promise<UnitSettings> {
  const [licence, config] = await Promise.all([loadUnitLicence(unitId, http), loadUnitConfig(unitId, http)]);
  return { logo: unitLogoPath(unitId), licence, loginPage: config && footerContent(config) };
}
