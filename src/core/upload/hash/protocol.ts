import type { Md5EngineChoice, Md5EngineName } from './engine';

// Messages between the page and the MD5 worker (worker.ts).

export type ToWorker =
  /** Start (with the file, the first time) or continue hashing. */
  | { type: 'run'; file?: Blob; sliceSize?: number; engine?: Md5EngineChoice }
  /** Stop after the slice being hashed; the worker keeps its state and answers 'paused'. */
  | { type: 'pause' };

export type FromWorker =
  | { type: 'progress'; offset: number }
  | { type: 'paused'; offset: number }
  | { type: 'done'; md5: string; engine: Md5EngineName }
  | { type: 'error'; message: string };
