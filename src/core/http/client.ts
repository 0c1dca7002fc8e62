import type { Envelope, LoginData } from '../api/types';
import { type Device, ENDPOINTS, OK, SIGNATURE_HEADER } from '../api/wire';
import { getLocation, type LocationAdapter } from '../config/location';
import type { Env } from '../config/options';
import { DEFAULT_TIMEOUT } from '../config/resolve';
import type { Language } from '../i18n/language';
import { $language } from '../i18n/translate';
import { notify as defaultNotify, type NoticeKind } from '../notify';
import { siteOf } from '../routes/site';
import { $session, currentSessionEpoch, storeLoginInfo } from '../session/state';
import { buildUrl, encodeBody, encodeParams, type Params, TIMESTAMP_PARAM } from './encode';
import { HttpError, isEnvelope, type RequestSummary, type ResponseSummary, responseError } from './errors';
import { requestHeaders } from './headers';
import { createRelogin } from './lost-session';
import { noticeFor } from './notices';
import { createSessionRecovery } from './recovery';
import { sentSignature, signatureMatches } from './signature';
import {
  fetchTransport,
  type Transport,
  TransportError,
  type TransportMethod,
  type TransportRequest,
  type UploadProgress,
} from './transport';

// The request flow of §4/§7 put together from its parts: the transport (one exchange), the shared-refresh
// recovery, the signature check and the notification rules each live in their own module.

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

interface RawResponse extends ResponseSummary {
  headers: { get(name: string): string | null };
}

interface Attempt {
  method: HttpMethod;
  options: RequestOptions;
  replayed: boolean;
  /** Internal calls (refresh, device login) never trigger recovery themselves. */
  recovery: boolean;
}

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const browserUserAgent = () => (typeof navigator === 'undefined' ? '' : navigator.userAgent);

export function createHttpClient(config: HttpClientConfig = {}): HttpClient {
  const transport = config.transport ?? fetchTransport(config.fetch);
  const language = config.currentLanguage ?? (() => $language.get());
  const accessToken = config.accessToken ?? (() => $session.get().accessToken || undefined);
  const onLoginInfo = config.onLoginInfo ?? storeLoginInfo;
  const location = config.location ?? getLocation;

  /** What goes on the wire for one attempt (§7: headers, timestamp, encoded body). */
  function outgoing({ method, options }: Attempt, summary: RequestSummary): TransportRequest {
    const params: Params = { ...options.params };
    if ((method === 'get' || method === 'delete') && !options.cached) params[TIMESTAMP_PARAM] = Date.now();
    summary.url = buildUrl(siteOf(location().href(), config), options.url, encodeParams(params));
    const { body, contentType } = encodeBody(method, options.data, options.json === true);
    const headers = requestHeaders(config.device, config.appPath, accessToken());
    if (contentType) headers['Content-Type'] = contentType;
    Object.assign(headers, options.headers);
    return {
      method: (method === 'upload' ? 'POST' : method.toUpperCase()) as TransportMethod,
      url: summary.url,
      headers,
      body,
      timeout: options.timeout ?? config.timeout ?? DEFAULT_TIMEOUT,
      signal: options.signal,
      onUploadProgress: options.onUploadProgress,
    };
  }

  async function exchange(attempt: Attempt, summary: RequestSummary): Promise<RawResponse> {
    try {
      const response = await transport.send(outgoing(attempt, summary));
      const { status, statusText, headers } = response;
      return { status, statusText, headers, body: parseBody(response.text) };
    } catch (error) {
      const kind = error instanceof TransportError ? error.kind : 'network';
      const message = error instanceof TransportError ? error.message : 'Network Error';
      throw new HttpError({ kind, message, request: summary });
    }
  }

  /** Refresh or device login: true when the answer is a login, whose info is stored. */
  async function loginLike(method: HttpMethod, url: string, data?: Params): Promise<boolean> {
    try {
      const options = { url, data, noIntercept: true, raw: true };
      const body = await run({ method, options, replayed: false, recovery: true });
      if (!isEnvelope(body) || body.status !== 200 || body.code !== OK) return false;
      onLoginInfo(body.data as LoginData);
      return true;
    } catch {
      return false;
    }
  }

  const recovery = createSessionRecovery({
    refresh: () => loginLike('get', ENDPOINTS.refresh),
    relogin: createRelogin(config, {
      location,
      userAgent: config.userAgent ?? browserUserAgent,
      deviceLogin: (userClientId) => loginLike('post', ENDPOINTS.deviceClientLogin, { userClientId }),
    }),
  });

  async function run(attempt: Attempt): Promise<unknown> {
    const { options } = attempt;
    const summary: RequestSummary = { method: attempt.method, url: options.url };
    const sentAt = recovery.stamp();
    const session = currentSessionEpoch();
    const response = await exchange(attempt, summary);
    const envelope = isEnvelope(response.body) ? response.body : undefined;
    const unauthorized = response.status === 401 || (!options.raw && envelope?.status === 401);
    // A request that left before a logout or another sign-in speaks of a session that is gone: its 401 says nothing
    // of the current one, so it neither refreshes nor sends the page to the login page.
    const staleSession = currentSessionEpoch() !== session;
    if (unauthorized && !attempt.recovery && !options.skipAuthRecovery) {
      // A session renewed after this request left needs no second refresh; a replay failing again does.
      const recovered = !staleSession && (recovery.renewedSince(sentAt) || (await recovery.recover(!attempt.replayed)));
      if (recovered && !attempt.replayed) return run({ ...attempt, replayed: true });
      const message = responseError(response, summary, { raw: false, language: language() })?.message ?? '401';
      throw new HttpError({ kind: 'auth', message, request: summary, response, envelope });
    }
    const signature = sentSignature(options.params);
    if (signature && !attempt.recovery && !signatureMatches(signature, response.headers.get(SIGNATURE_HEADER))) {
      await recovery.recover(false);
      const message = 'Invalid response signature';
      throw new HttpError({ kind: 'signature', message, request: summary, response, envelope });
    }
    const error = responseError(response, summary, { raw: options.raw === true, language: language() });
    if (error) throw error;
    return response.body;
  }

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
    const summary = { method, url: options.url };
    if (!(HTTP_METHODS as readonly string[]).includes(method)) {
      return Promise.reject(
        new HttpError({ kind: 'method', message: `Unsupported request method: ${method}`, request: summary }),
      );
    }
    if (method === 'put' || method === 'delete') {
      console.warn(
        `request(): ${method.toUpperCase()} is not supported by the request wrapper; use get, post or upload`,
      );
      return Promise.reject(
        new HttpError({ kind: 'method', message: `${method.toUpperCase()} is not supported`, request: summary }),
      );
    }
    return send<T>(method as HttpMethod, options);
  }

  return { request: request as HttpClient['request'], send };
}
