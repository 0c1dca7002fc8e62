import type { Envelope } from '../api/types';
import { getLocation } from '../config/location';
import { $language } from '../i18n/translate';
import { notify as defaultNotify } from '../notify';
import { $session, storeLoginInfo } from '../session/state';
import {
  HTTP_METHODS,
  type HttpClient,
  type HttpClientConfig,
  type HttpMethod,
  type RequestOptions,
} from './client-types';
import { HttpError, type RequestSummary } from './errors';
import { createExchange } from './exchange';
import { noticeFor } from './notices';
import { createRecoveryCalls } from './recovery-calls';
import { createRequestFlow } from './request-flow';
import { fetchTransport } from './transport';

// The request flow of §4/§7 put together from its parts, each in a module of its own: one exchange on the wire
// (exchange.ts over transport.ts), a call's way through 401s and signatures (request-flow.ts), the shared recovery
// and its calls (recovery.ts, recovery-calls.ts), the notification rules (notices.ts). What is left here is the
// client's face: the configuration's defaults, §5's method rule and the notice of a failed call.

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
