import type { Md5Engine } from './engine';

// Reads a Blob in slices (§9: 2 MB) into an engine, from any offset, until done or told to stop: the loop shared
// by the worker and the main-thread hasher. At most two slices are in memory (the one hashed, the next one read
// meanwhile), whatever the file size.

export interface SliceLoopOptions {
  from: number;
  sliceSize: number;
  /** Checked before each slice: true stops the loop (a pause), keeping the engine's state. */
  shouldStop: () => boolean;
  /** Bytes hashed so far, after each slice. */
  onProgress: (offset: number) => void;
}

export async function hashSlices(
  source: Blob,
  engine: Md5Engine,
  options: SliceLoopOptions,
): Promise<{ offset: number; done: boolean }> {
  const size = source.size;
  const read = (at: number) => source.slice(at, Math.min(size, at + options.sliceSize)).arrayBuffer();
  let offset = options.from;
  let next = offset < size ? read(offset) : undefined;
  while (next) {
    if (options.shouldStop()) {
      next.catch(() => {});
      return { offset, done: false };
    }
    const bytes = new Uint8Array(await next);
    if (bytes.byteLength === 0) throw new Error('The file became shorter while it was read');
    const following = offset + bytes.byteLength;
    next = following < size ? read(following) : undefined;
    engine.update(bytes);
    offset = following;
    options.onProgress(offset);
  }
  return { offset, done: true };
}
