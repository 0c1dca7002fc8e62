import type { Envelope, LoginData } from '../api/types';
import type { Device } from '../api/wire';
import type { LocationAdapter } from '../config/location';
import type { Env } from '../config/options';
import type { Language } from '../i18n/language';
import type { NoticeKind } from '../notify';
import type { Params } from './encode';
import type { Transport, UploadProgress } from './transport';

// The client's contract: its methods, a request's options and the configuration, apart from client.ts so that the
// parts the client is put together from (exchange.ts, recovery-calls.ts) can name them without importing it.

export type HttpMethod = 'get' | 'post' | 'put' | 'delete' | 'upload';
export const HTTP_METHODS: readonly HttpMethod[] = ['get', 'post', 'put', 'delete', 'upload'];

export interface RequestOptions {
  url: string;
  /** Case-insensitive; default get. */
  method?: string;
  /** Query values (nested keys with dots). */
  params?: Params;
  /** Body: form fields (default), JSON (`json: true`) or multipart fields (`upload`). */
  data?: unknown;
  json?: boolean;
  /** Leave out the `_t` timestamp on GET/DELETE. */
  cached?: boolean;
  /** Do not show errors as notifications (the caller shows them). `noIntercept` in params/data counts too (§3). */
  noIntercept?: boolean;
  silent?: boolean;
  /** Resolve with the parsed body as is instead of checking an envelope (language files, manifests). */
  raw?: boolean;
  timeout?: number;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** No refresh, no replay, no re-login on a 401: login-like calls answer it themselves, language files ignore it. */
  skipAuthRecovery?: boolean;
  /** Send no bearer token, only the cookies (the check that the session cookie comes back, auth/cookie-check.ts). */
  withoutToken?: boolean;
  /** Upload progress, where the transport can measure it (see transport.ts). */
  onUploadProgress?: (progress: UploadProgress) => void;
}

export interface HttpClientConfig {
  /** Where `/api/...` and `/zuul/api/...` calls go (a URL, or a path that is also the prefix; routes/site.ts). */
  apiBase?: string;
  /** The platform's prefix on the page's origin, when it is not `apiBase`'s path. */
  basePath?: string;
  device?: Device;
  appPath?: string;
  timeout?: number;
  env?: Env;
  /** Device client id of the app shell: lets a lost session log in again without the user (§4). */
  userClientId?: string;
  /** The page runs in the desktop client: a lost session goes to /needtologinpagerelogin (§2). */
  desktopClient?: boolean;
  /** The exchange itself; `fetchTransport(config.fetch)` by default. */
  transport?: Transport;
  fetch?: typeof fetch;
  location?: () => LocationAdapter;
  userAgent?: () => string;
  notify?: (kind: NoticeKind, message: string) => void;
  currentLanguage?: () => Language;
  accessToken?: () => string | undefined;
  onLoginInfo?: (data: LoginData) => void;
  /** Called when the app shell's device-client login failed (§8 'device login failed'). */
  onDeviceLoginFailed?: (reason: string) => void;
}

export interface HttpClient {
  /** The wrapper of §5: get, post and upload; put/delete warn and reject. */
  request<T = unknown>(options: RequestOptions & { raw: true }): Promise<T>;
  request<T = unknown>(options: RequestOptions): Promise<Envelope<T>>;
  /** The underlying call without the wrapper's method rule. */
  send<T = unknown>(method: HttpMethod, options: RequestOptions): Promise<Envelope<T> | T>;
}
