import { SESSION_PROBE_PATH } from '../api/upload-paths';
import { getLocation } from '../config/location';
import { $config } from '../config/phinit';
import { DEFAULT_TIMEOUT } from '../config/resolve';
import type { HttpClient } from '../http/client-types';
import { buildUrl, encodeBody } from '../http/encode';
import { HttpError, isEnvelope } from '../http/errors';
import { requestHeaders } from '../http/headers';
import { defaultClient } from '../http/request';
import { TransportError } from '../http/transport';
import { siteOf } from '../routes/site';
import { $session } from '../session/state';
import type { WireFields } from './fields';

// The engine's one door to the network: a POST of fields (url-encoded, or multipart with a file part), with upload
// progress and an AbortSignal, answering the HTTP status and the parsed body. Tests plug in a fake; pages use
// the XMLHttpRequest transport (fetch cannot report upload progress), Node and workers the request client.

export interface UploadRequest {
  /** A §7 path (api/upload-paths.ts); the transport puts the API base in front. */
  path: string;
  fields: WireFields;
  /** multipart/form-data (a file part) instead of a url-encoded form (§7: "upload uses multipart"). */
  multipart: boolean;
  signal?: AbortSignal;
  /** Bytes of the body sent so far. */
  onProgress?: (sentBytes: number) => void;
}

export interface UploadResponse {
  status: number;
  body: unknown;
}

export interface UploadTransport {
  /** Resolves with any HTTP answer; rejects with a TransportError when there is none. */
  send(request: UploadRequest): Promise<UploadResponse>;
}

export interface TransportConfig {
  /** Prefix of every path; default: phinit's apiBase. */
  apiBase?: string;
  /** Extra headers; by default the page's device, app path and bearer token headers (§7) are sent. */
  headers?: () => Record<string, string>;
  /** §9: 1,200,000 ms unless phinit or this says otherwise. */
  timeout?: number;
  /**
   * Called once on a 401: true when the session was recovered and the request may be sent again. By default the
   * page's request client is asked (its single shared refresh, or the login of §4).
   */
  recoverSession?: () => Promise<boolean>;
}

/** §7 headers of the page's requests: the device, the app path prefix, and the bearer token when script holds one. */
export function pageHeaders(): Record<string, string> {
  const config = $config.get();
  return requestHeaders(config?.device, config?.appPath, $session.get().accessToken);
}

/** A call through the page's request client: a 401 there runs its one shared refresh (§4 Request flow). */
async function recoverThroughClient(): Promise<boolean> {
  try {
    await defaultClient().request({ url: SESSION_PROBE_PATH, noIntercept: true });
    return true;
  } catch {
    return false;
  }
}

interface Prepared {
  url: string;
  headers: Record<string, string>;
  body: FormData | string | undefined;
  timeout: number;
}

function prepare(req: UploadRequest, config: TransportConfig): Prepared {
  const page = $config.get();
  const headers = { ...(config.headers ?? pageHeaders)() };
  const { body, contentType } = encodeBody(req.multipart ? 'upload' : 'post', req.fields, false);
  if (contentType) headers['Content-Type'] = contentType;
  return {
    url: buildUrl(
      siteOf(getLocation().href(), { apiBase: config.apiBase ?? page?.apiBase, basePath: page?.basePath }),
      req.path,
      '',
    ),
    headers,
    body,
    timeout: config.timeout ?? page?.timeout ?? DEFAULT_TIMEOUT,
  };
}

function unauthorized(response: UploadResponse): boolean {
  return response.status === 401 || (isEnvelope(response.body) && response.body.status === 401);
}

/** Sends once more after a 401 when the session could be recovered. */
function withSessionRecovery(
  config: TransportConfig,
  sendOnce: (req: UploadRequest) => Promise<UploadResponse>,
): UploadTransport {
  const recover = config.recoverSession ?? recoverThroughClient;
  return {
    async send(req) {
      const response = await sendOnce(req);
      if (!unauthorized(response) || req.signal?.aborted || !(await recover())) return response;
      return sendOnce(req);
    },
  };
}

/** The browser transport: XMLHttpRequest, for upload progress; cookies sent (`withCredentials`). */
export function createXhrTransport(config: TransportConfig = {}): UploadTransport {
  return withSessionRecovery(
    config,
    (req) =>
      new Promise<UploadResponse>((resolve, reject) => {
        if (req.signal?.aborted) return reject(new TransportError('abort'));
        const { url, headers, body, timeout } = prepare(req, config);
        const xhr = new XMLHttpRequest();
        xhr.open('POST', url);
        xhr.withCredentials = true;
        xhr.timeout = timeout;
        // A body that is not JSON (a proxy's error page) parses to null: the status then speaks for itself.
        xhr.responseType = 'json';
        for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
        const onAbort = () => xhr.abort();
        req.signal?.addEventListener('abort', onAbort, { once: true });
        const settle = () => req.signal?.removeEventListener('abort', onAbort);
        if (req.onProgress) xhr.upload.onprogress = (event) => req.onProgress?.(event.loaded);
        xhr.onload = () => {
          settle();
          resolve({ status: xhr.status, body: xhr.response ?? undefined });
        };
        xhr.onerror = () => {
          settle();
          reject(new TransportError('network'));
        };
        xhr.ontimeout = () => {
          settle();
          reject(new TransportError('timeout', timeout));
        };
        xhr.onabort = () => {
          settle();
          reject(new TransportError('abort'));
        };
        xhr.send(body);
      }),
  );
}

/**
 * The page's request client as a transport (Node, workers, pages without XMLHttpRequest): its headers, API base,
 * timeout and single shared 401 refresh, over fetch. fetch cannot report upload progress: the file bytes are
 * reported once the answer is in.
 */
export function createClientTransport(client?: Pick<HttpClient, 'send'>): UploadTransport {
  return {
    async send(req) {
      try {
        const body = await (client ?? defaultClient()).send(req.multipart ? 'upload' : 'post', {
          url: req.path,
          data: req.fields,
          raw: true,
          noIntercept: true,
          signal: req.signal,
          // A client whose transport measures upload progress (core/http Transport) reports it as it goes.
          onUploadProgress: req.onProgress && ((progress) => req.onProgress?.(progress.loaded)),
        });
        req.onProgress?.(sizeOf(req.fields));
        return { status: 200, body };
      } catch (error) {
        if (!(error instanceof HttpError)) throw new TransportError('network');
        if (error.response) return { status: error.response.status, body: error.response.body };
        if (error.kind === 'timeout') throw new TransportError('timeout', Number(/(\d+)ms/.exec(error.message)?.[1]));
        throw new TransportError(error.kind === 'abort' ? 'abort' : 'network');
      }
    },
  };
}

/** Bytes of the file parts of a multipart body (what upload progress counts). */
function sizeOf(fields: WireFields): number {
  let bytes = 0;
  for (const value of Object.values(fields)) if (typeof value === 'object') bytes += value.size;
  return bytes;
}

/** The transport a page gets by default: XMLHttpRequest where there is one, else fetch. */
export function defaultTransport(): UploadTransport {
  return typeof XMLHttpRequest === 'function' ? createXhrTransport() : createClientTransport();
}
