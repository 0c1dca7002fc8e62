import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../../src/core/api/wire';
import {
  createLimiter,
  createMainThreadHasher,
  createRateMeter,
  createUploadQueue,
  memoryStateStore,
  type UploadStatus,
} from '../../../src/core/upload';
import { fakeStorage } from './fake-storage';
import { MB, randomFile } from './helpers';

describe('a queue of many files (global concurrency limit)', () => {
  it('runs at most `concurrency` uploads at once; the rest wait as queued; all succeed', async () => {
    const storage = fakeStorage();
    const queue = createUploadQueue({
      concurrency: 2,
      transport: storage.transport,
      hasher: createMainThreadHasher(),
      store: memoryStateStore(),
    });
    const uploads = queue.add([1, 2, 3, 4, 5].map((n) => randomFile(n * MB, `f${n}.mp4`)));
    let most = 0;
    const statuses = new Map<string, UploadStatus>();
    for (const upload of uploads) {
      upload.$state.subscribe((state) => {
        statuses.set(upload.uid, state.status);
        const running = [...statuses.values()].filter((status) => status === 'hashing' || status === 'uploading');
        most = Math.max(most, running.length);
      });
    }
    const ends = await queue.startAll();
    expect(ends.map((end) => end.status)).toEqual(Array(5).fill('success'));
    expect(most).toBe(2);
    expect(queue.$uploads.get()).toHaveLength(5);
  });

  it("gives a paused upload's slot to the next one, and resumes all", async () => {
    const storage = fakeStorage();
    storage.hold(ENDPOINTS.chunkUpload);
    const queue = createUploadQueue({
      concurrency: 1,
      transport: storage.transport,
      hasher: createMainThreadHasher(),
      store: null,
    });
    const [first, second] = queue.add([randomFile(3 * MB, 'a.mp4'), randomFile(1 * MB, 'b.mp4')]);
    const all = queue.startAll();
    await storage.sentTo(ENDPOINTS.chunkUpload, 1);
    expect(second?.$state.get().status).toBe('queued');
    first?.pause();
    const secondEnd = await second?.start();
    expect(secondEnd?.status).toBe('success');
    storage.releaseAll();
    const resumed = await queue.resumeAll();
    expect(resumed.map((end) => end.status)).toEqual(['success']);
    expect((await all).map((end) => end.status)).toEqual(['success', 'success']);
  });

  it("answers 'Not find file' when there is nothing to upload, and describes picked folders", async () => {
    const queue = createUploadQueue({ store: null });
    await expect(queue.startAll()).rejects.toMatchObject({ type: 'validation', message: '未找到文件' });
    const file = randomFile(1, 'a.mp4');
    queue.add([
      { file, size: 1, fileName: 'a.mp4', lastModified: 0, type: '', uid: 'u1', webkitRelativePath: 'class/a.mp4' },
    ]);
    expect(queue.directory().directorys).toEqual([
      { id: 'class', fileName: 'class', type: 'directory', parentId: null },
      { id: 'u1', fileName: 'a.mp4', type: 'file', parentId: 'class', uid: 'u1' },
    ]);
    queue.abortAll();
    queue.remove(queue.$uploads.get()[0] as never);
    expect(queue.$uploads.get()).toEqual([]);
  });
});

describe('limiter and rate meter', () => {
  it('grants slots in order and lets a waiter give up', async () => {
    const limiter = createLimiter(1);
    const release = await limiter.acquire();
    const order: string[] = [];
    const stop = new AbortController();
    const gaveUp = limiter.acquire(stop.signal).catch(() => order.push('gave up'));
    const next = limiter.acquire().then((free) => {
      order.push('next');
      return free;
    });
    stop.abort();
    await gaveUp;
    release();
    (await next)();
    expect(order).toEqual(['gave up', 'next']);
    expect(limiter.active).toBe(0);
  });

  it('measures speed over a sliding window', () => {
    let now = 0;
    const meter = createRateMeter(() => now, 5000);
    meter.record(0);
    expect(meter.speed()).toBe(0);
    expect(meter.remaining(100)).toBeUndefined();
    now = 2000;
    meter.record(4000);
    expect(meter.speed()).toBe(2000);
    expect(meter.remaining(1000)).toBe(0.5);
    now = 6000;
    meter.record(4000);
    now = 11_000;
    meter.record(9000);
    // The 5 s window starts at 6 s: the samples before it are dropped, 5000 bytes in 5 s.
    expect(meter.speed()).toBe(1000);
  });
});
