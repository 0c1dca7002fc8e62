import { CHROME_PATHS } from '../api/chrome-paths';
import type { HttpClient } from '../http/client';

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
