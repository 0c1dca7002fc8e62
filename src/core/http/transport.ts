// The transport: one HTTP exchange (send, time out, abort), behind an interface the request flow and tests hand in —
// as tus-js-client keeps its HttpStack apart from its upload logic. It knows nothing of envelopes, sessions or
// notices. `fetchTransport` is the default; a transport that can measure upload progress (XMLHttpRequest's
// `upload.onprogress`) reports it through `onUploadProgress` with no change to its callers.

export type TransportMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Upload progress as XMLHttpRequest's progress events carry it. */
export interface UploadProgress {
  loaded: number;
  total: number;
  lengthComputable: boolean;
}

export interface TransportRequest {
  method: TransportMethod;
  url: string;
  headers: Record<string, string>;
  body?: BodyInit;
  /** Milliseconds until the exchange fails with `timeout`. */
  timeout: number;
  /** The caller's abort. */
  signal?: AbortSignal;
  /** Called as the body goes out; a transport that cannot measure it never calls it. */
  onUploadProgress?: (progress: UploadProgress) => void;
}

export interface TransportResponse {
  status: number;
  statusText: string;
  headers: { get(name: string): string | null };
  /** The body as text ('' when empty). */
  text: string;
}

export type TransportFailure = 'network' | 'timeout' | 'abort';

/**
 * The three ways an exchange fails without an answer, with the §8 messages. One class for every transport of
 * core: the request client's and the uploader's (src/core/upload/transport.ts).
 */
export class TransportError extends Error {
  readonly kind: TransportFailure;
  readonly timeoutMs: number | undefined;

  constructor(kind: TransportFailure, timeoutMs?: number) {
    super(
      kind === 'abort'
        ? 'Request aborted'
        : kind === 'timeout'
          ? `timeout of ${timeoutMs}ms exceeded`
          : 'Network Error',
    );
    this.name = 'TransportError';
    this.kind = kind;
    this.timeoutMs = timeoutMs;
  }
}

export interface Transport {
  /** Resolves with any HTTP answer (also 4xx/5xx); rejects only with a TransportError. */
  send(request: TransportRequest): Promise<TransportResponse>;
}

interface YieldingScheduler {
  yield?: () => Promise<void>;
}

/**
 * Ends the current task where the browser can (`scheduler.yield`, Chromium 129+), to go on in a new one right after.
 * A page starts a dozen calls in one task once `me` answers; each `fetch` costs the main thread a few milliseconds
 * (more on a slow phone), so together they made one long task that held back the page's paint and input (issue 36).
 */
export function yieldToBrowser(): Promise<void> | undefined {
  return (globalThis as { scheduler?: YieldingScheduler }).scheduler?.yield?.();
}

/**
 * The default transport: `fetch` with credentials, a timer for the timeout and the caller's signal for aborts. The
 * default `fetch` is called in a task of its own where the browser offers one (yieldToBrowser).
 */
export function fetchTransport(
  doFetch: typeof fetch = async (input, init) => {
    const pause = yieldToBrowser();
    if (pause) await pause;
    return fetch(input, init);
  },
): Transport {
  return {
    async send(request) {
      const { signal, timeout } = request;
      if (signal?.aborted) throw new TransportError('abort');
      const controller = new AbortController();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, timeout);
      const onAbort = () => controller.abort();
      signal?.addEventListener('abort', onAbort);
      try {
        const response = await doFetch(request.url, {
          method: request.method,
          headers: request.headers,
          body: request.body,
          credentials: 'include',
          signal: controller.signal,
        });
        const text = await response.text();
        return { status: response.status, statusText: response.statusText, headers: response.headers, text };
      } catch {
        if (timedOut) throw new TransportError('timeout', timeout);
        if (signal?.aborted) throw new TransportError('abort');
        throw new TransportError('network');
      } finally {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      }
    },
  };
}
