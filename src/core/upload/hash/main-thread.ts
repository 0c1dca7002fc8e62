import type { Md5Engine, Md5EngineChoice } from './engine';
import { type HashTask, type Md5Hasher, oneRunAtATime } from './hasher';
import { hashSlices } from './slices';

// Hashing on the calling thread: Node (tests, scripts) and browsers without workers. The file is read as a stream
// of small chunks (64 KB in Chromium), each a task of about a millisecond at most, so the page stays responsive.
// The engines are imported on first use, so bundles that never hash on this thread do not carry them.

export function createMainThreadHasher(options: { engine?: Md5EngineChoice } = {}): Md5Hasher {
  return {
    open(file, sliceSize) {
      let engine: Promise<Md5Engine> | undefined;
      let offset = 0;
      const task: HashTask = {
        async run(signal, onProgress) {
          engine ??= import('./engine').then((module) => module.createMd5Engine(options.engine));
          const current = await engine;
          const result = await hashSlices(file, current, {
            from: offset,
            sliceSize,
            shouldStop: () => signal.aborted,
            onProgress: (reached) => {
              offset = reached;
              onProgress(reached);
            },
          });
          return result.done ? current.digest() : null;
        },
        close() {},
      };
      return oneRunAtATime(task);
    },
  };
}
