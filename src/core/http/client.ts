import type { Envelope, LoginData } from '../api/types';
import type { Device } from '../api/wire';
import { getLocation, type LocationAdapter } from '../config/location';
import type { Env } from '../config/options';
import { $language, type Language } from '../i18n/translate';
import { notify as defaultNotify, type NoticeKind } from '../notify';
import { $session, storeLoginInfo } from '../session/state';
import type { Params } from './encode';
import { HttpError, type RequestSummary } from './errors';
import { createExchange } from './exchange';
import { noticeFor } from './notices';
import { createRecoveryCalls } from './recovery-calls';
import { createRequestFlow } from './request-flow';
import { fetchTransport, type Transport, type UploadProgress } from './transport';

// The request flow of §4/§7 put together from its parts, each in a module of its own: one exchange on the wire
// (exchange.ts over transport.ts), a call's way through 401s and signatures (request-flow.ts), the shared recovery
// and its calls (recovery.ts, recovery-calls.ts), the notification rules (notices.ts). What is left here is the
// client's face: the configuration's defaults, §5's method rule and the notice of a failed call.

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

/** The wrapper of §5 takes get, post and upload: the error another method is refused with, null for those three. */
function refusedMethod(method: string, summary: RequestSummary): HttpError | null {
  if (!(HTTP_METHODS as readonly string[]).includes(method)) {
    return new HttpError({ kind: 'method', message: `Unsupported request method: ${method}`, request: summary });
  }
  if (method === 'put' || method === 'delete') {
    console.warn(`request(): ${method.toUpperCase()} is not supported by the request wrapper; use get, post or upload`);
    return new HttpError({ kind: 'method', message: `${method.toUpperCase()} is not supported`, request: summary });
  }
  return null;
}

export function createHttpClient(config: HttpClientConfig = {}): HttpClient {
  const location = config.location ?? getLocation;
  const exchange = createExchange(config, {
    transport: config.transport ?? fetchTransport(config.fetch),
    location,
    accessToken: config.accessToken ?? (() => $session.get().accessToken || undefined),
  });
  // The recovery's calls go through the flow, and the flow recovers through them.
  const recovery = createRecoveryCalls(config, {
    location,
    onLoginInfo: config.onLoginInfo ?? storeLoginInfo,
    call: (attempt) => run(attempt),
  });
  const run = createRequestFlow({ exchange, recovery, language: config.currentLanguage ?? (() => $language.get()) });

  async function send<T>(method: HttpMethod, options: RequestOptions): Promise<Envelope<T> | T> {
    try {
      return (await run({ method, options, replayed: false, recovery: false })) as Envelope<T> | T;
    } catch (error) {
      const shown = noticeFor(error, options);
      if (shown) (config.notify ?? defaultNotify)(shown.notice, shown.message);
      throw error;
    }
  }

  function request<T>(options: RequestOptions): Promise<Envelope<T> | T> {
    const method = (options.method ?? 'get').toLowerCase();
    const refused = refusedMethod(method, { method, url: options.url });
    return refused ? Promise.reject(refused) : send<T>(method as HttpMethod, options);
  }

  return { request: request as HttpClient['request'], send };
}
