import type { Device } from '../api/wire';

/** §4: at most 4 automatic logins; afterwards the logout flag is set. */
export const AUTO_LOGIN_MAX = 4;
export const MISSING_CLIENT_ID = 'Missing client_id, please go back and try again!';
export const MISSING_TICKET_CONFIG = 'Missing loginTickitConifg.apipath in the phinit options';

export interface LoginModeContext {
  /** Current URL; query values are read from the search and from the hash route's query. */
  href: string;
  userAgent?: string;
  device: Device;
  /** Configured device client id (only used in the app shell). */
  userClientId?: string;
  ticketApiPath?: string;
  loggedIn: boolean;
  /** IS_LOGOUTED says the user logged out. */
  loggedOut: boolean;
  autoLogin: boolean;
  hasRememberedCredentials: boolean;
  autoLoginCount: number;
  /** The chat app's sign-in was tried and has no app for this unit: go on as outside the chat app. */
  skipChat?: boolean;
}

export type ChatProvider = 'qy' | 'mp';

export type LoginMode =
  | {
      mode: 'authorize';
      clientId: string;
      redirectUri: string;
      state: string;
      responseType: string;
      scope: string;
    }
  | { mode: 'error'; message: string }
  | { mode: 'deviceClient'; userClientId: string }
  | { mode: 'password'; username: string; password: string }
  | { mode: 'ticket'; ticket: string; apipath: string }
  | { mode: 'relogin'; accessToken: string }
  | { mode: 'social'; provider: string; code: string; token: string; deviceId: string }
  | { mode: 'loggedIn' }
  | { mode: 'chatSocial'; provider: ChatProvider }
  | { mode: 'auto' }
  | { mode: 'autoExhausted' }
  | { mode: 'form' };

/** Query values of the search part and of a hash route (`#/authorize?client_id=...`); the search wins. */
export function urlQuery(href: string): { path: string; query: URLSearchParams } {
  const url = new URL(href);
  const [hashPath = '', hashSearch = ''] = url.hash.slice(1).split('?');
  const query = new URLSearchParams(hashSearch);
  for (const [key, value] of url.searchParams) query.set(key, value);
  return { path: `${url.pathname}#${hashPath}`, query };
}

/** Query values that are credentials: once read they leave the address bar, the history and later Referers. */
const SECRET_QUERY = ['password', 'accessToken', 'ticket', 'code', 'token'];

/** `href` without the credential query values (in the search and in a hash route's query); null if it had none. */
export function withoutSecrets(href: string): string | null {
  const url = new URL(href);
  let changed = false;
  const strip = (params: URLSearchParams) => {
    for (const key of SECRET_QUERY) {
      if (params.has(key)) {
        params.delete(key);
        changed = true;
      }
    }
    return params.toString();
  };
  const search = strip(new URLSearchParams(url.search));
  url.search = search;
  const [hashPath = '', hashQuery] = url.hash.slice(1).split('?');
  if (hashQuery !== undefined) {
    const query = strip(new URLSearchParams(hashQuery));
    url.hash = query ? `${hashPath}?${query}` : hashPath;
  }
  return changed ? url.href : null;
}

/** Work-chat (WeCom) before the chat app: the WeCom user agent also says MicroMessenger. */
export function chatProvider(userAgent = ''): ChatProvider | null {
  if (/wxwork/i.test(userAgent)) return 'qy';
  if (/MicroMessenger/i.test(userAgent)) return 'mp';
  return null;
}

/** The login mode order of §4, as a pure decision with the inputs each mode needs. */
export function resolveLoginMode(ctx: LoginModeContext): LoginMode {
  const { path, query } = urlQuery(ctx.href);
  const get = (key: string) => query.get(key) ?? '';
  if (/\/authorize\/?(?:#|$)/.test(path) || /#\/?authorize\/?$/.test(path)) {
    if (!get('client_id')) return { mode: 'error', message: MISSING_CLIENT_ID };
    return {
      mode: 'authorize',
      clientId: get('client_id'),
      redirectUri: get('redirect_uri'),
      state: get('state'),
      responseType: get('response_type') || 'code',
      scope: get('scope'),
    };
  }
  const userClientId = get('userClientId') || (ctx.device === 'app' ? (ctx.userClientId ?? '') : '');
  if (userClientId) return { mode: 'deviceClient', userClientId };
  if (get('username') && get('password'))
    return { mode: 'password', username: get('username'), password: get('password') };
  if (get('ticket')) {
    if (!ctx.ticketApiPath) return { mode: 'error', message: MISSING_TICKET_CONFIG };
    return { mode: 'ticket', ticket: get('ticket'), apipath: ctx.ticketApiPath };
  }
  if (get('accessToken')) return { mode: 'relogin', accessToken: get('accessToken') };
  if ((get('code') || get('token')) && get('state')) {
    return {
      mode: 'social',
      provider: get('state'),
      code: get('code'),
      token: get('token'),
      deviceId: get('deviceId'),
    };
  }
  if (ctx.loggedIn) return { mode: 'loggedIn' };
  const provider = chatProvider(ctx.userAgent);
  // Back from the provider with a state but no code (the user refused): going there again would loop.
  const declined = get('state') !== '' && !get('code') && !get('token');
  if (provider && !ctx.skipChat && !declined) return { mode: 'chatSocial', provider };
  if (!ctx.loggedOut && ctx.autoLogin && ctx.hasRememberedCredentials) {
    return ctx.autoLoginCount >= AUTO_LOGIN_MAX ? { mode: 'autoExhausted' } : { mode: 'auto' };
  }
  return { mode: 'form' };
}
