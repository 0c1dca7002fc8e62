import type { Md5EngineChoice, Md5EngineName } from './engine';
import type { ReadOrder } from './read-ahead';

// Messages between the page and the MD5 worker (worker.ts).

export type ToWorker =
  /** Start hashing a file (with the file: a new one, once the last is done) or continue the one paused. */
  | { type: 'run'; file?: Blob; sliceSize?: number; engine?: Md5EngineChoice }
  /** Stop after the slice being hashed; the worker keeps its state and answers 'paused'. */
  | { type: 'pause' }
  /** From an MD5 worker to the reader it started from the same script (read-ahead.ts). */
  | { type: 'reader-hello' }
  | ReadOrder;

export type FromWorker =
  | { type: 'progress'; offset: number }
  | { type: 'paused'; offset: number }
  /** `reading`: whether a reader worker read the file, or the MD5 worker itself. */
  | { type: 'done'; md5: string; engine: Md5EngineName; reading: 'reader-worker' | 'in-thread' }
  | { type: 'error'; message: string };
