import { CHROME_PATHS } from '../api/chrome-paths';
import type { ThemeSetting } from '../api/types';
import { ADMIN_ROLE, endpointPath } from '../api/wire';
import type { HttpClient } from '../http/client-types';
import type { ThemeSaveRequest } from './save';

// §6/§7 the theme calls: the user's stored theme, saving it (for everyone with `syncAll`, admins only), and the
// role check that tells whether the user is an admin.

export interface ThemeCalls {
  load(): Promise<ThemeSetting | null>;
  save(request: ThemeSaveRequest): Promise<void>;
  isAdmin(userId: string): Promise<boolean>;
}

export function themeCalls(http: Pick<HttpClient, 'request'>): ThemeCalls {
  return {
    async load() {
      try {
        const answer = await http.request<ThemeSetting | null>({ url: CHROME_PATHS.themeColor, noIntercept: true });
        return answer.data && typeof answer.data.theme === 'string' ? answer.data : null;
      } catch {
        return null;
      }
    },
    async save(request) {
      await http.request({ url: CHROME_PATHS.setTheme, method: 'post', data: request });
    },
    async isAdmin(userId) {
      if (!userId) return false;
      try {
        const url = endpointPath(CHROME_PATHS.roleCheck, { userId, role: ADMIN_ROLE });
        const answer = await http.request<boolean>({ url, noIntercept: true });
        return answer.data === true;
      } catch {
        return false;
      }
    },
  };
}
