import type { Envelope, LoginData } from '../api/types';
import {
  APP_PATH_HEADER,
  AUTHORIZATION_HEADER,
  DEVICE_HEADER,
  type Device,
  OK,
  SIGNATURE_HEADER,
  SIGNATURE_QUERY,
  SIGNATURE_SEPARATOR,
} from '../api/wire';
import { getLocation, type LocationAdapter } from '../config/location';
import type { Env } from '../config/options';
import { DEFAULT_TIMEOUT } from '../config/resolve';
import { $language, type Language } from '../i18n/translate';
import { notify as defaultNotify, type NoticeKind } from '../notify';
import { $session, storeLoginInfo } from '../session/state';
import { buildUrl, encodeBody, encodeParams, type Params, TIMESTAMP_PARAM } from './encode';
import { envelopeMessage, HttpError, isEnvelope, type RequestSummary, type ResponseSummary } from './errors';
import { $loginDialogReady, $loginFormShown, $loginPrompt } from './login-prompt';

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
  /** Login-like calls answer a 401 themselves: no refresh, no replay, no re-login. */
  skipAuthRecovery?: boolean;
}

export interface HttpClientConfig {
  apiBase?: string;
  device?: Device;
  appPath?: string;
  timeout?: number;
  env?: Env;
  /** Device client id of the app shell: lets a lost session log in again without the user (§4). */
  userClientId?: string;
  fetch?: typeof fetch;
  location?: () => LocationAdapter;
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
  headers: Headers;
}

interface Attempt {
  method: HttpMethod;
  options: RequestOptions;
  replayed: boolean;
  /** Internal calls (refresh, device login) never trigger recovery themselves. */
  recovery: boolean;
}

const REFRESH_PATH = '/api/uaa/oauth/refresh';
const DEVICE_LOGIN_PATH = '/api/uaa/oauth/login_user_client';
const LOGIN_PATH = '/login';

function flagged(value: unknown): boolean {
  return typeof value === 'object' && value !== null && (value as { noIntercept?: unknown }).noIntercept === true;
}

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function createHttpClient(config: HttpClientConfig = {}): HttpClient {
  const doFetch = config.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const location = config.location ?? getLocation;
  const show = config.notify ?? defaultNotify;
  const language = config.currentLanguage ?? (() => $language.get());
  const accessToken = config.accessToken ?? (() => $session.get().accessToken || undefined);
  const onLoginInfo = config.onLoginInfo ?? storeLoginInfo;

  /** Bumped on every recovered session: a 401 to a request sent before the bump just replays. */
  let generation = 0;
  let recovering: Promise<boolean> | null = null;

  async function transport(attempt: Attempt, summary: RequestSummary): Promise<RawResponse> {
    const { method, options } = attempt;
    const params: Params = { ...options.params };
    if ((method === 'get' || method === 'delete') && !options.cached) params[TIMESTAMP_PARAM] = Date.now();
    summary.url = buildUrl(config.apiBase ?? '', options.url, encodeParams(params));
    const { body, contentType } = encodeBody(method, options.data, options.json === true);
    const headers: Record<string, string> = { [DEVICE_HEADER]: config.device ?? 'pc' };
    if (config.appPath) headers[APP_PATH_HEADER] = config.appPath;
    const token = accessToken();
    if (token) headers[AUTHORIZATION_HEADER] = `Bearer ${token}`;
    if (contentType) headers['Content-Type'] = contentType;
    Object.assign(headers, options.headers);

    const ms = options.timeout ?? config.timeout ?? DEFAULT_TIMEOUT;
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, ms);
    const onAbort = () => controller.abort();
    options.signal?.addEventListener('abort', onAbort);
    const fail = (kind: 'timeout' | 'abort' | 'network', message: string) =>
      new HttpError({ kind, message, request: summary });
    try {
      if (options.signal?.aborted) throw fail('abort', 'Request aborted');
      const response = await doFetch(summary.url, {
        method: method === 'upload' ? 'POST' : method.toUpperCase(),
        headers,
        body,
        credentials: 'include',
        signal: controller.signal,
      });
      const text = await response.text();
      return {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
        body: parseBody(text),
      };
    } catch (error) {
      if (error instanceof HttpError) throw error;
      if (timedOut) throw fail('timeout', `timeout of ${ms}ms exceeded`);
      if (options.signal?.aborted) throw fail('abort', 'Request aborted');
      throw fail('network', 'Network Error');
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    }
  }

  async function internalCall(method: HttpMethod, url: string, data?: Params): Promise<Envelope | undefined> {
    try {
      const body = await run({
        method,
        options: { url, data, noIntercept: true, raw: true },
        replayed: false,
        recovery: true,
      });
      return isEnvelope(body) ? body : undefined;
    } catch {
      return undefined;
    }
  }

  async function loginLike(method: HttpMethod, url: string, data?: Params): Promise<boolean> {
    const envelope = await internalCall(method, url, data);
    if (envelope?.status !== 200 || envelope.code !== OK) return false;
    onLoginInfo(envelope.data as LoginData);
    generation++;
    return true;
  }

  function sendToLogin(): void {
    const here = location();
    const href = here.href();
    // Already on the login page: it shows the form itself; leaving it again would loop (§8 "outside the login page").
    if ($loginFormShown.get() || new URL(href).pathname === LOGIN_PATH) return;
    // Development asks the page's login dialog; a page without one leaves for the login page all the same.
    if (config.env !== 'production' && $loginDialogReady.get()) {
      $loginPrompt.set({ redirectUri: href });
      return;
    }
    here.assign(`${LOGIN_PATH}?redirect_uri=${encodeURIComponent(href)}`);
  }

  /** §4: device-client login in the app shell, else the login page (a dialog in development). */
  async function relogin(): Promise<boolean> {
    if (config.device === 'app' && config.userClientId) {
      if (await loginLike('post', DEVICE_LOGIN_PATH, { userClientId: config.userClientId })) return true;
      config.onDeviceLoginFailed?.('device login failed');
      return false;
    }
    sendToLogin();
    return false;
  }

  /** One recovery in flight, shared by every request that failed meanwhile. */
  function recover(refreshFirst: boolean): Promise<boolean> {
    recovering ??= (async () => {
      try {
        return (refreshFirst && (await loginLike('get', REFRESH_PATH))) || (await relogin());
      } finally {
        recovering = null;
      }
    })();
    return recovering;
  }

  function signatureOf(options: RequestOptions): string | undefined {
    const value = options.params?.[SIGNATURE_QUERY];
    return value === undefined || value === null || value === '' ? undefined : String(value);
  }

  function signatureMatches(sent: string, header: string | null): boolean {
    if (header === null) return false;
    const index = header.indexOf(SIGNATURE_SEPARATOR);
    return index >= 0 && header.slice(0, index) === sent;
  }

  function failure(response: RawResponse, summary: RequestSummary, raw: boolean): HttpError | undefined {
    const envelope = isEnvelope(response.body) ? response.body : undefined;
    const httpOk = response.status >= 200 && response.status < 300;
    if (httpOk && (raw || !envelope || envelope.status === 200)) return undefined;
    const kind = httpOk ? 'status' : 'http';
    if (envelope) {
      const { message, notice } = envelopeMessage(envelope, language());
      return new HttpError({ kind, message, notice, request: summary, response, envelope });
    }
    const message = `${response.status} ${response.statusText}`.trim();
    return new HttpError({ kind, message, request: summary, response });
  }

  async function run(attempt: Attempt): Promise<unknown> {
    const { options } = attempt;
    const summary: RequestSummary = { method: attempt.method, url: options.url };
    const sentAt = generation;
    const response = await transport(attempt, summary);
    const envelope = isEnvelope(response.body) ? response.body : undefined;
    const unauthorized = response.status === 401 || (!options.raw && envelope?.status === 401);
    if (unauthorized && !attempt.recovery && !options.skipAuthRecovery) {
      // A session renewed after this request left needs no second refresh; a replay failing again does.
      const recovered = sentAt !== generation || (await recover(!attempt.replayed));
      if (recovered && !attempt.replayed) return run({ ...attempt, replayed: true });
      throw new HttpError({
        kind: 'auth',
        message: failure(response, summary, false)?.message ?? '401',
        request: summary,
        response,
        envelope,
      });
    }
    const signature = signatureOf(options);
    if (signature && !attempt.recovery && !signatureMatches(signature, response.headers.get(SIGNATURE_HEADER))) {
      await recover(false);
      throw new HttpError({
        kind: 'signature',
        message: 'Invalid response signature',
        request: summary,
        response,
        envelope,
      });
    }
    const error = failure(response, summary, options.raw === true);
    if (error) throw error;
    return response.body;
  }

  function quiet(options: RequestOptions): boolean {
    return options.noIntercept === true || options.silent === true || flagged(options.params) || flagged(options.data);
  }

  async function send<T>(method: HttpMethod, options: RequestOptions): Promise<Envelope<T> | T> {
    try {
      return (await run({ method, options, replayed: false, recovery: false })) as Envelope<T> | T;
    } catch (error) {
      // Aborts are the caller's own doing and auth failures already moved the user to a login: neither is news.
      if (error instanceof HttpError && error.kind !== 'abort' && error.kind !== 'auth' && !quiet(options)) {
        show(error.notice, error.message);
      }
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
