import type { LoginData } from '../api/types';
import { ENDPOINTS, OK } from '../api/wire';
import type { LocationAdapter } from '../config/location';
import type { HttpClientConfig, HttpMethod } from './client-types';
import type { Params } from './encode';
import { isEnvelope } from './errors';
import { createRelogin } from './lost-session';
import { createSessionRecovery, type SessionRecovery } from './recovery';
import type { Attempt } from './request-flow';

// The recovery's steps (recovery.ts) as calls of the client itself: the token refresh, and the app shell's device
// login for a session no refresh brings back (lost-session.ts). They are made with no recovery of their own, so a
// 401 to a refresh cannot start another.

export interface RecoveryCallParts {
  location: () => LocationAdapter;
  onLoginInfo: (data: LoginData) => void;
  /** The client's request flow (request-flow.ts). */
  call: (attempt: Attempt) => Promise<unknown>;
}

const browserUserAgent = () => (typeof navigator === 'undefined' ? '' : navigator.userAgent);

export function createRecoveryCalls(config: HttpClientConfig, parts: RecoveryCallParts): SessionRecovery {
  /** Refresh or device login: true when the answer is a login, whose info is stored. */
  async function loginLike(method: HttpMethod, url: string, data?: Params): Promise<boolean> {
    try {
      const options = { url, data, noIntercept: true, raw: true };
      const body = await parts.call({ method, options, replayed: false, recovery: true });
      if (!isEnvelope(body) || body.status !== 200 || body.code !== OK) return false;
      parts.onLoginInfo(body.data as LoginData);
      return true;
    } catch {
      return false;
    }
  }

  return createSessionRecovery({
    refresh: () => loginLike('get', ENDPOINTS.refresh),
    relogin: createRelogin(config, {
      location: parts.location,
      userAgent: config.userAgent ?? browserUserAgent,
      deviceLogin: (userClientId) => loginLike('post', ENDPOINTS.deviceClientLogin, { userClientId }),
    }),
  });
}
