import type { LocationAdapter } from '../config/location';
import { DEFAULT_TIMEOUT } from '../config/resolve';
import { siteOf } from '../routes/site';
import type { HttpClientConfig, HttpMethod, RequestOptions } from './client-types';
import { buildUrl, encodeBody, encodeParams, type Params, TIMESTAMP_PARAM } from './encode';
import { HttpError, type RequestSummary, type ResponseSummary } from './errors';
import { requestHeaders } from './headers';
import { takePageAnswer } from './page-answers';
import {
  type Transport,
  TransportError,
  type TransportMethod,
  type TransportRequest,
  yieldToBrowser,
} from './transport';

// One exchange of a call on the wire (§7): the request built (headers, timestamp, encoded body, timeout), sent
// through the transport, the body parsed. What the answer means is the request flow's (request-flow.ts).

export interface RawResponse extends ResponseSummary {
  headers: { get(name: string): string | null };
  /** Answered from the answers the page carries (page-answers.ts): no request went out. */
  fromPage?: true;
}

const NO_HEADERS = { get: () => null };

export interface Outgoing {
  method: HttpMethod;
  options: RequestOptions;
}

/** Sends `call`; `summary.url` becomes the full URL, for the errors to name. */
export type Exchange = (call: Outgoing, summary: RequestSummary) => Promise<RawResponse>;

export interface WireParts {
  transport: Transport;
  location: () => LocationAdapter;
  accessToken: () => string | undefined;
}

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** What goes on the wire for one call (§7: headers, timestamp, encoded body). */
function outgoing(
  { method, options }: Outgoing,
  summary: RequestSummary,
  config: HttpClientConfig,
  wire: WireParts,
): TransportRequest {
  const params: Params = { ...options.params };
  if ((method === 'get' || method === 'delete') && !options.cached) params[TIMESTAMP_PARAM] = Date.now();
  summary.url = buildUrl(siteOf(wire.location().href(), config), options.url, encodeParams(params));
  const { body, contentType } = encodeBody(method, options.data, options.json === true);
  const headers = requestHeaders(config.device, config.appPath, options.withoutToken ? undefined : wire.accessToken());
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

/** The exchange of a client configured by `config`: a transport's failure becomes the client's HttpError. */
export function createExchange(config: HttpClientConfig, wire: WireParts): Exchange {
  return async (call, summary) => {
    const carried = call.method === 'get' ? takePageAnswer(call.options.url, call.options.params) : undefined;
    if (carried) {
      // In a task of its own, as an answer from the network comes: the page's dozen answers, taken at once, would
      // otherwise all be handled, and their renders made, in the one task that asked for them (issue 36).
      await yieldToBrowser();
      return { status: carried.status, statusText: '', headers: NO_HEADERS, body: carried.body, fromPage: true };
    }
    try {
      const response = await wire.transport.send(outgoing(call, summary, config, wire));
      const { status, statusText, headers } = response;
      return { status, statusText, headers, body: parseBody(response.text) };
    } catch (error) {
      const kind = error instanceof TransportError ? error.kind : 'network';
      const message = error instanceof TransportError ? error.message : 'Network Error';
      throw new HttpError({ kind, message, request: summary });
    }
  };
}
