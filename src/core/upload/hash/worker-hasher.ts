import type { Md5EngineChoice } from './engine';
import { type HashTask, type Md5Hasher, oneRunAtATime } from './hasher';
import { createMainThreadHasher } from './main-thread';
import type { FromWorker, ToWorker } from './protocol';
import { md5WorkerUrl } from './worker-url';

// Hashing in a Web Worker, one worker per file. When no worker can be started (no Worker, no built worker file,
// a CSP without worker-src, a worker file that fails to load) the task quietly hashes on the main thread instead.
// A small file is hashed on the main thread from the start: its MD5 takes a few milliseconds there, while starting a
// worker for it took longer than sending it (50 files of 20 KB: 4.4 s with a worker each, 2.0 s without; issue 35).

/** Files up to this size are hashed on the main thread (a few ms with either engine), never in a worker. */
export const MAIN_THREAD_HASH_BYTES = 1024 * 1024;

export interface WorkerHasherOptions {
  /** URL of the built worker script; default: the one emitted beside this bundle. */
  url?: string;
  engine?: Md5EngineChoice;
  /** Where no worker runs; default: the main-thread hasher with the same engine. */
  fallback?: Md5Hasher;
}

/** A worker from a URL; across origins (bundles on a CDN) through a same-origin blob that imports the script. */
function startWorker(url: string): Worker {
  try {
    return new Worker(url);
  } catch (error) {
    if (typeof Blob === 'undefined' || typeof URL.createObjectURL !== 'function') throw error;
    const blob = new Blob([`importScripts(${JSON.stringify(new URL(url, location.href).href)});`], {
      type: 'text/javascript',
    });
    const blobUrl = URL.createObjectURL(blob);
    try {
      return new Worker(blobUrl);
    } finally {
      URL.revokeObjectURL(blobUrl);
    }
  }
}

class WorkerUnavailable extends Error {}

export function createWorkerHasher(options: WorkerHasherOptions = {}): Md5Hasher {
  const fallback = options.fallback ?? createMainThreadHasher({ engine: options.engine });
  /** Once a worker failed to start, later files go straight to the fallback. */
  let broken = false;
  return {
    open(file, sliceSize) {
      if (file.size <= MAIN_THREAD_HASH_BYTES) return fallback.open(file, sliceSize);
      const url = options.url ?? md5WorkerUrl();
      let worker: Worker | undefined;
      let started = false;
      let replaced: HashTask | undefined;
      const runInWorker = (signal: AbortSignal, onProgress: (bytes: number) => void) =>
        new Promise<string | null>((resolve, reject) => {
          if (!worker) {
            if (broken || !url || typeof Worker !== 'function') return reject(new WorkerUnavailable());
            try {
              worker = startWorker(url);
            } catch {
              return reject(new WorkerUnavailable());
            }
          }
          const current = worker;
          let answered = false;
          const stop = () => current.postMessage({ type: 'pause' } satisfies ToWorker);
          const finish = () => {
            signal.removeEventListener('abort', stop);
            current.removeEventListener('message', onMessage);
            current.removeEventListener('error', onError);
          };
          const onMessage = (event: MessageEvent<FromWorker>) => {
            answered = true;
            const message = event.data;
            if (message.type === 'progress') return onProgress(message.offset);
            finish();
            if (message.type === 'paused') resolve(null);
            else if (message.type === 'done') resolve(message.md5);
            else reject(new Error(message.message));
          };
          // An error before any answer is a worker that never started (404, CSP, syntax): use the fallback.
          const onError = (event: Event) => {
            event.preventDefault();
            finish();
            reject(started || answered ? new Error('MD5 worker failed') : new WorkerUnavailable());
          };
          current.addEventListener('message', onMessage);
          current.addEventListener('error', onError);
          signal.addEventListener('abort', stop, { once: true });
          const message: ToWorker = started
            ? { type: 'run' }
            : { type: 'run', file, sliceSize, engine: options.engine };
          current.postMessage(message);
          if (signal.aborted) stop();
        });
      return oneRunAtATime({
        async run(signal, onProgress) {
          if (replaced) return replaced.run(signal, onProgress);
          try {
            const md5 = await runInWorker(signal, onProgress);
            started = true;
            return md5;
          } catch (error) {
            if (!(error instanceof WorkerUnavailable)) throw error;
            broken = true;
            worker?.terminate();
            worker = undefined;
            replaced = fallback.open(file, sliceSize);
            return replaced.run(signal, onProgress);
          }
        },
        close() {
          worker?.terminate();
          worker = undefined;
          replaced?.close();
        },
      });
    },
  };
}

/** The hasher pages get: a worker where there is one, else the main thread. */
export function defaultHasher(): Md5Hasher {
  return typeof Worker === 'function' && md5WorkerUrl() ? createWorkerHasher() : createMainThreadHasher();
}
