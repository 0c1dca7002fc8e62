import type { Md5Engine } from './engine';

// Reads a Blob from any offset into an engine as a stream, reporting progress and checking for a stop at every
// slice boundary (§9: 2 MB): the loop shared by the worker and the main-thread hasher. A stream keeps the reads
// going while the engine hashes and holds only its own small buffers, whatever the file size.

export interface SliceLoopOptions {
  from: number;
  sliceSize: number;
  /** Checked at each slice boundary: true stops the loop (a pause), keeping the engine's state. */
  shouldStop: () => boolean;
  /** Bytes hashed so far, at each slice boundary and at the end. */
  onProgress: (offset: number) => void;
}

export async function hashSlices(
  source: Blob,
  engine: Md5Engine,
  options: SliceLoopOptions,
): Promise<{ offset: number; done: boolean }> {
  let offset = options.from;
  if (offset >= source.size) return { offset, done: true };
  if (options.shouldStop()) return { offset, done: false };
  const reader = source.slice(offset).stream().getReader();
  let boundary = offset - (offset % options.sliceSize) + options.sliceSize;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    let bytes = value;
    while (bytes.byteLength > 0) {
      const take = Math.min(bytes.byteLength, boundary - offset);
      engine.update(take === bytes.byteLength ? bytes : bytes.subarray(0, take));
      offset += take;
      bytes = bytes.subarray(take);
      if (offset === boundary) {
        boundary += options.sliceSize;
        options.onProgress(offset);
        if (offset < source.size && options.shouldStop()) {
          // Bytes already read past the boundary are read again on resume: the state stops at the boundary.
          await reader.cancel();
          return { offset, done: false };
        }
      }
    }
  }
  if (offset !== source.size) throw new Error('The file changed while it was read');
  if (offset % options.sliceSize !== 0) options.onProgress(offset);
  return { offset, done: true };
}
