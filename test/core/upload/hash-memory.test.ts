import { describe, expect, it, vi } from 'vitest';
import { createMainThreadHasher } from '../../../src/core/upload';
import type { Md5Engine } from '../../../src/core/upload/hash/engine';

// Memory flat in file size (issue 11, Hash): the MD5 is taken from the file as a stream of small reads, never from
// the whole file in memory. Proven by structure, not by timing: a file of 3 GiB that exists only as it is read
// counts every read and every byte handed out, and an engine that only counts what it is given stands in for MD5
// (the engines' results are hash.test.ts's business), so the test takes a moment whatever the declared size.

const MB = 1024 * 1024;
const SLICE = 2 * MB;
const never = new AbortController().signal;

/** What the file saw: each range read (slice then stream or arrayBuffer), bytes handed out, the largest at once. */
interface Meter {
  ranges: Array<{ start: number; end: number; how: 'stream' | 'arrayBuffer' | 'text' | 'bytes' }>;
  handedOut: number;
  largestRead: number;
}

const meter: Meter = { ranges: [], handedOut: 0, largestRead: 0 };
/** Bytes given to the engine. */
const engine = vi.hoisted(() => ({ hashed: 0 }));
/** Bytes handed out by the file but not yet given to the engine, at their most. */
let mostHeld = 0;

vi.mock('../../../src/core/upload/hash/engine', () => ({
  createMd5Engine: async (): Promise<Md5Engine> => ({
    name: 'spark-md5',
    update(bytes) {
      engine.hashed += bytes.byteLength;
    },
    digest: () => `${engine.hashed}`,
  }),
}));

/** One zero-filled buffer lent out for every read: the test itself stays small. */
const ZEROS = new Uint8Array(256 * 1024);

/** A Blob of `size` bytes (offsets start..end of a whole file) that makes its bytes only when read. */
function virtualFile(start: number, end: number): Blob {
  const hand = (length: number) => {
    meter.handedOut += length;
    meter.largestRead = Math.max(meter.largestRead, length);
    mostHeld = Math.max(mostHeld, meter.handedOut - engine.hashed);
    // Fail at once, rather than make gigabytes for a hasher that keeps what it reads.
    if (length > SLICE || mostHeld > SLICE) throw new Error(`${mostHeld} bytes of the file held at once`);
  };
  const whole = (how: Meter['ranges'][number]['how']) => {
    meter.ranges.push({ start, end, how });
    hand(end - start);
    return new Uint8Array(end - start);
  };
  const blob = {
    size: end - start,
    type: '',
    slice(from = 0, to = end - start) {
      return virtualFile(start + from, start + Math.min(to, end - start));
    },
    stream() {
      meter.ranges.push({ start, end, how: 'stream' });
      let offset = start;
      return new ReadableStream<Uint8Array>({
        pull(controller) {
          if (offset >= end) return controller.close();
          const length = Math.min(ZEROS.byteLength, end - offset);
          hand(length);
          offset += length;
          controller.enqueue(ZEROS.subarray(0, length));
        },
      });
    },
    arrayBuffer: async () => whole('arrayBuffer').buffer,
    bytes: async () => whole('bytes'),
    text: async () => {
      whole('text');
      return '';
    },
  };
  return blob as unknown as Blob;
}

describe('the MD5 reads the file in slices, whatever its size', () => {
  it('hashes a 3 GiB file holding at most one 2 MB slice of it, read once, in order', async () => {
    const size = 3 * 1024 * MB + 5;
    const progress: number[] = [];
    const task = createMainThreadHasher().open(virtualFile(0, size), SLICE);
    expect(await task.run(never, (bytes) => progress.push(bytes))).toBe(`${size}`);

    // Every byte once: read in order, each read starting where the last ended, nothing read twice.
    expect(meter.handedOut).toBe(size);
    let next = 0;
    for (const range of meter.ranges) {
      expect(range.start).toBe(next);
      next = range.end;
    }
    expect(next).toBe(size);
    // Never more than a slice at once, in one read or waiting between the file and the engine.
    expect(meter.largestRead).toBeLessThanOrEqual(SLICE);
    expect(mostHeld).toBeLessThanOrEqual(SLICE);
    // Progress at every slice boundary, then the odd end.
    expect(progress).toHaveLength(Math.ceil(size / SLICE));
    expect(progress.at(-1)).toBe(size);
  });
});
