import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createMainThreadHasher,
  createWorkerHasher,
  MAIN_THREAD_HASH_BYTES,
  type Md5EngineChoice,
} from '../../../src/core/upload';

const MB = 1024 * 1024;
const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');
const never = new AbortController().signal;

/**
 * A file whose reads all resolve as microtasks, as a browser's buffered stream's do (Node's Blob reads let timers
 * run between chunks): only the hasher's own yield lets a timer run while it hashes.
 */
function bufferedFile(bytes: Uint8Array): Blob {
  const blob = new Blob([new Uint8Array(bytes)]);
  const CHUNK = 64 * 1024;
  blob.slice = (start = 0) => {
    const rest = bytes.subarray(start);
    const stream = () =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (let at = 0; at < rest.byteLength; at += CHUNK) controller.enqueue(rest.subarray(at, at + CHUNK));
          controller.close();
        },
      });
    return { size: rest.byteLength, stream } as unknown as Blob;
  };
  return blob;
}

describe('MD5 in 2 MB slices (§4, §9), both engines behind one interface', () => {
  const sizes = [0, 1, 64, 2 * MB - 1, 2 * MB, 2 * MB + 1, 5 * MB + 17];
  it.each(['hash-wasm', 'spark-md5', 'auto'] as Md5EngineChoice[])(
    '%s gives the MD5 of node:crypto',
    async (engine) => {
      for (const size of sizes) {
        const bytes = randomBytes(size);
        const progress: number[] = [];
        const task = createMainThreadHasher({ engine }).open(new Blob([bytes]), 2 * MB);
        expect(await task.run(never, (hashed) => progress.push(hashed))).toBe(md5(bytes));
        const slices = Math.ceil(size / (2 * MB));
        expect(progress).toEqual(Array.from({ length: slices }, (_, index) => Math.min(size, (index + 1) * 2 * MB)));
      }
    },
  );

  it('stops at a slice boundary when its signal aborts, and continues reading from there', async () => {
    const bytes = randomBytes(9 * MB);
    const blob = new Blob([bytes]);
    const reads: number[] = [];
    const slice = blob.slice.bind(blob);
    blob.slice = (start?: number, end?: number) => {
      reads.push(start ?? 0);
      return slice(start, end);
    };
    const task = createMainThreadHasher().open(blob, 2 * MB);
    const pause = new AbortController();
    const before: number[] = [];
    const paused = await task.run(pause.signal, (hashed) => {
      before.push(hashed);
      if (hashed === 4 * MB) pause.abort();
    });
    expect(paused).toBeNull();
    expect(before).toEqual([2 * MB, 4 * MB]);
    const after: number[] = [];
    expect(await task.run(never, (hashed) => after.push(hashed))).toBe(md5(bytes));
    expect(after).toEqual([6, 8, 9].map((n) => n * MB));
    // One read from the start, one from where the pause stopped: nothing hashed twice, nothing skipped.
    expect(reads).toEqual([0, 4 * MB]);
  });

  it('lets the event loop run while it hashes (a timer set at its first report fires before it ends)', async () => {
    const blob = bufferedFile(randomBytes(32 * MB));
    let timerSet = false;
    let timerFired = false;
    // Stops at the first report after the timer ran: the rest of the file would prove nothing more.
    const stop = new AbortController();
    let firedBeforeEnd = false;
    await createMainThreadHasher()
      .open(blob, 2 * MB)
      .run(stop.signal, (hashed) => {
        if (!timerSet) {
          timerSet = true;
          setTimeout(() => {
            timerFired = true;
          }, 0);
        } else if (timerFired) {
          firedBeforeEnd = hashed < blob.size;
          stop.abort();
        }
      });
    expect(firedBeforeEnd).toBe(true);
  });

  it('runs one run at a time: a resume asked for before the pause finished waits for it', async () => {
    const bytes = randomBytes(6 * MB);
    const task = createMainThreadHasher().open(new Blob([bytes]), 2 * MB);
    const pause = new AbortController();
    pause.abort();
    const first = task.run(pause.signal, () => {});
    const second = task.run(never, () => {});
    expect(await first).toBeNull();
    expect(await second).toBe(md5(bytes));
  });

  it('hashes a file of up to 1 MB on the main thread from the start, never in a worker (issue 35)', async () => {
    const opened: number[] = [];
    const fallback = {
      open(file: Blob, sliceSize: number) {
        opened.push(file.size);
        return createMainThreadHasher().open(file, sliceSize);
      },
    };
    const hasher = createWorkerHasher({ url: '/nowhere.js', fallback });
    const small = randomBytes(MAIN_THREAD_HASH_BYTES);
    const task = hasher.open(new Blob([small]), 2 * MB);
    expect(opened).toEqual([MAIN_THREAD_HASH_BYTES]);
    expect(await task.run(never, () => {})).toBe(md5(small));
    // A larger file is the worker's: the main thread takes it only once no worker can start.
    hasher.open(new Blob([randomBytes(MAIN_THREAD_HASH_BYTES + 1)]), 2 * MB);
    expect(opened).toEqual([MAIN_THREAD_HASH_BYTES]);
  });

  it('hashes on the main thread where no worker can start (Node has no Worker)', async () => {
    const bytes = randomBytes(3 * MB);
    const task = createWorkerHasher({ url: '/nowhere.js' }).open(new Blob([bytes]), 2 * MB);
    expect(await task.run(never, () => {})).toBe(md5(bytes));
  });
});
