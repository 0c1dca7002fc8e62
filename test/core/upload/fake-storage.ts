import { createHash } from 'node:crypto';
import type { StoredFile } from '../../../src/core/api/types';
import { ENDPOINTS } from '../../../src/core/api/wire';
import {
  TransportError,
  type UploadRequest,
  type UploadResponse,
  type UploadTransport,
} from '../../../src/core/upload';

// An in-memory stand-in for the platform's storage calls (§7), as the reference server answers them: files by
// MD5, chunks by (md5, 1-based number), a merge that checks the whole-file MD5. It records every request, can
// hold requests until released, and can be told to fail requests.

export const md5Of = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');

export type Fault = UploadResponse | 'network' | 'timeout';

const envelope = (status: number, data: unknown = null, extra: Record<string, unknown> = {}) => ({
  status,
  code: status === 200 ? 'ok' : 'error',
  message: status === 200 ? '' : '出错了|||Something failed',
  data,
  ...extra,
});

export function answer(status: number, extra: Record<string, unknown> = {}, data: unknown = null): UploadResponse {
  return { status, body: envelope(status, data, extra) };
}

interface Held {
  request: UploadRequest;
  release: () => void;
}

export function fakeStorage() {
  const files = new Map<string, StoredFile>();
  const chunks = new Map<string, Map<number, Uint8Array>>();
  const requests: UploadRequest[] = [];
  const faults = new Map<string, Fault[]>();
  const held: Held[] = [];
  let holdPath: string | undefined;
  /** Requests under way, and the most there ever were at once, by path. */
  const inFlight = new Map<string, number>();
  const maxInFlight = new Map<string, number>();
  /** File bytes received in multipart bodies. */
  let receivedBytes = 0;

  const store = (md5: string, name: string, size: number): StoredFile => {
    const file = { fileId: md5, md5, name, size, url: `/api/storage/file/${md5}` };
    files.set(md5, file);
    return file;
  };

  async function handle(request: UploadRequest): Promise<UploadResponse> {
    const f = request.fields;
    const md5 = String(f.md5);
    switch (request.path) {
      case ENDPOINTS.secondUploadCheck:
        return answer(200, {}, files.get(md5) ?? null);
      case ENDPOINTS.singleUpload: {
        const file = f.file as File;
        const bytes = new Uint8Array(await file.arrayBuffer());
        receivedBytes += bytes.length;
        if (md5Of(bytes) !== md5) return answer(400, { code: 'md5_mismatch' });
        return answer(200, {}, store(md5, file.name, bytes.length));
      }
      case ENDPOINTS.chunkCheck: {
        const chunk = chunks.get(md5)?.get(Number(f.chunk));
        return answer(
          200,
          {},
          { data: chunk !== undefined && chunk.length === Number(f.size), chunk: Number(f.chunk) },
        );
      }
      case ENDPOINTS.chunkUpload: {
        const bytes = new Uint8Array(await (f.file as Blob).arrayBuffer());
        receivedBytes += bytes.length;
        const map = chunks.get(md5) ?? new Map<number, Uint8Array>();
        map.set(Number(f.chunk), bytes);
        chunks.set(md5, map);
        return answer(200, {}, { md5, chunk: Number(f.chunk), size: bytes.length });
      }
      case ENDPOINTS.mergeChunks: {
        if (files.has(md5)) return answer(200, {}, files.get(md5));
        const map = chunks.get(md5) ?? new Map();
        const missing: number[] = [];
        for (let n = 1; n <= Number(f.chunks); n++) if (!map.has(n)) missing.push(n);
        if (missing.length) return answer(400, { code: 'chunk_missing' }, { missing });
        const whole = Buffer.concat([...Array(Number(f.chunks)).keys()].map((n) => map.get(n + 1) as Uint8Array));
        if (md5Of(whole) !== md5 || whole.length !== Number(f.size)) return answer(400, { code: 'md5_mismatch' });
        chunks.delete(md5);
        return answer(200, {}, store(md5, String(f.name), whole.length));
      }
      case ENDPOINTS.base64Image:
        return answer(200, {}, store('b'.repeat(32), `${f.fileName}.${f.type}`, String(f.base64Str).length));
      default:
        return answer(404);
    }
  }

  const waiters: Array<() => void> = [];
  const transport: UploadTransport = {
    async send(request) {
      requests.push(request);
      for (const wake of waiters.splice(0)) wake();
      if (request.signal?.aborted) throw new TransportError('abort');
      const now = (inFlight.get(request.path) ?? 0) + 1;
      inFlight.set(request.path, now);
      maxInFlight.set(request.path, Math.max(maxInFlight.get(request.path) ?? 0, now));
      try {
        await new Promise<void>((resolve, reject) => {
          const onAbort = () => reject(new TransportError('abort'));
          request.signal?.addEventListener('abort', onAbort, { once: true });
          const go = () => {
            request.signal?.removeEventListener('abort', onAbort);
            resolve();
          };
          if (holdPath === request.path) held.push({ request, release: go });
          else go();
        });
        const fault = faults.get(request.path)?.shift();
        if (fault === 'network' || fault === 'timeout') throw new TransportError(fault, 1000);
        if (fault) return fault;
        const file = request.fields.file;
        if (file instanceof Blob) request.onProgress?.(Math.floor(file.size / 2));
        return await handle(request);
      } finally {
        inFlight.set(request.path, (inFlight.get(request.path) ?? 1) - 1);
      }
    },
  };

  return {
    transport,
    files,
    chunks,
    requests,
    /** Requests to `path`, in order. */
    calls: (path: string) => requests.filter((request) => request.path === path),
    /** Resolves once `count` requests to `path` were sent (no timer involved: safe under fake timers). */
    async sentTo(path: string, count: number): Promise<void> {
      while (requests.filter((request) => request.path === path).length < count) {
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    },
    /** The next requests to `path` fail like this, one fault each. */
    fail(path: string, ...list: Fault[]) {
      faults.set(path, [...(faults.get(path) ?? []), ...list]);
    },
    /** Requests to `path` wait until released (or aborted). */
    hold(path: string | undefined) {
      holdPath = path;
    },
    held,
    releaseAll() {
      holdPath = undefined;
      for (const entry of held.splice(0)) entry.release();
    },
    /** The most requests to `path` that were under way at once. */
    maxInFlight: (path: string) => maxInFlight.get(path) ?? 0,
    get receivedBytes() {
      return receivedBytes;
    },
    store,
  };
}

export type FakeStorage = ReturnType<typeof fakeStorage>;
