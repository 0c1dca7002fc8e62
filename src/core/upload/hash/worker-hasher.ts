import { reportUnloaded } from '../../loaders/unloaded';
import type { Md5EngineChoice } from './engine';
import { type HashTask, type Md5Hasher, oneRunAtATime } from './hasher';
import { createMainThreadHasher } from './main-thread';
import type { FromWorker, ToWorker } from './protocol';
import { md5WorkerUrl } from './worker-url';

// Hashing in a Web Worker, one worker per file. When no worker can be started (no Worker, no built worker file,
// a CSP without worker-src, a worker file that fails to load) the task hashes on the main thread instead; a worker
// asked for that did not start is said once in the console, with the fix (loaders/unloaded.ts).
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

/** No worker here; `unloaded`: one was asked for and did not start (its file, a CSP): said once in the console. */
class WorkerUnavailable extends Error {
  constructor(readonly unloaded = false) {
    super('No MD5 worker');
  }
}

/** How long a worker that finished a file waits for the next before it ends. */
export const IDLE_WORKER_MS = 30_000;

/**
 * One finished worker kept for the next file: starting one (its script, then hash-wasm's module) took about 35 ms of
 * each file's hash in Chromium here, and a queue of large files hashes one after another.
 */
function idleWorkerKeeper() {
  let idle: { worker: Worker; timer: ReturnType<typeof setTimeout> } | undefined;
  return {
    take(): Worker | undefined {
      if (!idle) return undefined;
      clearTimeout(idle.timer);
      const { worker } = idle;
      idle = undefined;
      return worker;
    },
    keep(worker: Worker): void {
      if (idle) {
        worker.terminate();
        return;
      }
      const timer = setTimeout(() => {
        idle = undefined;
        worker.terminate();
      }, IDLE_WORKER_MS);
      idle = { worker, timer };
    },
  };
}

/**
 * One run of `message` in `worker`: the MD5, or null when `signal` paused it. An error before any answer from a worker
 * not `known` to run is one that never started (404, CSP, syntax): WorkerUnavailable, so the fallback takes over.
 */
function runOnce(
  worker: Worker,
  message: ToWorker,
  known: boolean,
  signal: AbortSignal,
  onProgress: (bytes: number) => void,
): Promise<string | null> {
  return new Promise<string | null>((resolve, reject) => {
    let answered = false;
    const stop = () => worker.postMessage({ type: 'pause' } satisfies ToWorker);
    const finish = () => {
      signal.removeEventListener('abort', stop);
      worker.removeEventListener('message', onMessage);
      worker.removeEventListener('error', onError);
    };
    const onMessage = (event: MessageEvent<FromWorker>) => {
      answered = true;
      const answer = event.data;
      if (answer.type === 'progress') return onProgress(answer.offset);
      finish();
      if (answer.type === 'paused') resolve(null);
      else if (answer.type === 'done') resolve(answer.md5);
      else reject(new Error(answer.message));
    };
    const onError = (event: Event) => {
      event.preventDefault();
      finish();
      reject(known || answered ? new Error('MD5 worker failed') : new WorkerUnavailable(true));
    };
    worker.addEventListener('message', onMessage);
    worker.addEventListener('error', onError);
    signal.addEventListener('abort', stop, { once: true });
    worker.postMessage(message);
    if (signal.aborted) stop();
  });
}

export function createWorkerHasher(options: WorkerHasherOptions = {}): Md5Hasher {
  const fallback = options.fallback ?? createMainThreadHasher({ engine: options.engine });
  /** Once a worker failed to start, later files go straight to the fallback. */
  let broken = false;
  const idle = idleWorkerKeeper();
  return {
    open(file, sliceSize) {
      if (file.size <= MAIN_THREAD_HASH_BYTES) return fallback.open(file, sliceSize);
      const url = options.url ?? md5WorkerUrl();
      let worker: Worker | undefined;
      let started = false;
      let replaced: HashTask | undefined;
      let md5: string | undefined;
      const runInWorker = (signal: AbortSignal, onProgress: (bytes: number) => void) => {
        if (!worker) {
          if (broken || !url || typeof Worker !== 'function') return Promise.reject(new WorkerUnavailable());
          try {
            worker = idle.take() ?? startWorker(url);
          } catch {
            return Promise.reject(new WorkerUnavailable(true));
          }
        }
        const message: ToWorker = started ? { type: 'run' } : { type: 'run', file, sliceSize, engine: options.engine };
        return runOnce(worker, message, started, signal, onProgress);
      };
      return oneRunAtATime({
        async run(signal, onProgress) {
          if (md5) return md5;
          if (replaced) return replaced.run(signal, onProgress);
          try {
            const result = await runInWorker(signal, onProgress);
            started = true;
            if (result !== null && worker) {
              md5 = result;
              idle.keep(worker);
              worker = undefined;
            }
            return result;
          } catch (error) {
            if (!(error instanceof WorkerUnavailable)) throw error;
            if (error.unloaded && url) reportUnloaded('md5Worker', new URL(url, location.href).href);
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
