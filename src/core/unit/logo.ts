import { CHROME_PATHS } from '../api/chrome-paths';
import { endpointPath } from '../api/wire';

/** The unit's logo image (§7 storage show/unit), shown in the header beside the unit name. */
export function unitLogoPath(unitId: string): string {
  return endpointPath(CHROME_PATHS.unitLogo, { unitId });
}
