import type { Md5Engine } from './engine';

// Reads a Blob from any offset into an engine as a stream, and at every slice boundary (§9: 2 MB) reports progress,
// lets the event loop run (when 16 ms have passed) and checks for a stop: the loop shared by the worker and the
// main-thread hasher. A stream keeps the reads going while the engine hashes and holds only its own small buffers,
// whatever the file size; the worker may have another thread do the reading (read-ahead.ts).

/** Longest stretch of hashing without letting the event loop run (well under the 50 ms of a long task). */
const YIELD_AFTER_MS = 16;

export interface SliceLoopOptions {
  from: number;
  sliceSize: number;
  /** Checked at each slice boundary: true stops the loop (a pause), keeping the engine's state. */
  shouldStop: () => boolean;
  /** Bytes hashed so far, at each slice boundary and at the end. */
  onProgress: (offset: number) => void;
}

/**
 * Resolves in a new task of the event loop (no timer clamp): a stream's buffered chunks resolve as microtasks, so
 * without this the loop would never let the page run, nor a worker read its 'pause' message.
 */
export function nextTask(): Promise<void> {
  if (typeof MessageChannel !== 'function') return new Promise((resolve) => setTimeout(resolve, 0));
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** The bytes of a Blob from an offset on, in order: a stream's reader, or chunks read by another thread. */
export interface ChunkReader {
  read(): Promise<ReadableStreamReadResult<Uint8Array>>;
  cancel(): Promise<void>;
}

/** Reads on this thread. */
export const streamFrom = (source: Blob, from: number): ChunkReader => source.slice(from).stream().getReader();

export async function hashSlices(
  source: Blob,
  engine: Md5Engine,
  options: SliceLoopOptions,
  readFrom: (source: Blob, from: number) => ChunkReader = streamFrom,
): Promise<{ offset: number; done: boolean }> {
  let offset = options.from;
  if (offset >= source.size) return { offset, done: true };
  if (options.shouldStop()) return { offset, done: false };
  const reader = readFrom(source, offset);
  let yielded = Date.now();
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
        // A task of at most about YIELD_AFTER_MS, then the page (or the worker's messages) may run.
        if (offset < source.size && Date.now() - yielded >= YIELD_AFTER_MS) {
          await nextTask();
          yielded = Date.now();
        }
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
