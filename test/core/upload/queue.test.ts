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
  /** Starts every file of a new queue; answers how many ran at once at most, and the end states. */
  async function mostAtOnce(files: File[], concurrency = 2) {
    const storage = fakeStorage();
    const queue = createUploadQueue({
      concurrency,
      chunkSize: 1 * MB,
      transport: storage.transport,
      hasher: createMainThreadHasher(),
      store: memoryStateStore(),
    });
    const uploads = queue.add(files);
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
    return { most, statuses: ends.map((end) => end.status), listed: queue.$uploads.get().length };
  }

  it('runs at most `concurrency` large uploads at once; the rest wait as queued; all succeed', async () => {
    // Three 1 MB chunks or more each: every one sends `parallel` (3) requests at once.
    const run = await mostAtOnce([3, 4, 5, 3, 4].map((n, index) => randomFile(n * MB, `f${index}.mp4`)));
    expect(run).toEqual({ most: 2, statuses: Array(5).fill('success'), listed: 5 });
  });

  it('sends small files six at once where two large ones would go (one request each; issue 35)', async () => {
    const run = await mostAtOnce(Array.from({ length: 12 }, (_, n) => randomFile(20_000, `doc${n}.pdf`)));
    expect(run).toEqual({ most: 6, statuses: Array(12).fill('success'), listed: 12 });
  });

  it('shares the requests in flight between a large file and small ones', async () => {
    const storage = fakeStorage();
    // Each upload's first request waits: what has started is what the limit let through.
    storage.hold(ENDPOINTS.secondUploadCheck);
    const queue = createUploadQueue({
      chunkSize: 1 * MB,
      transport: storage.transport,
      hasher: createMainThreadHasher(),
      store: null,
    });
    const small = Array.from({ length: 6 }, (_, n) => randomFile(1000, `s${n}.pdf`));
    const uploads = queue.add([randomFile(3 * MB, 'lesson.mp4'), ...small]);
    const all = queue.startAll();
    await storage.sentTo(ENDPOINTS.secondUploadCheck, 4);
    // The large file holds three of the six slots, three small files the rest.
    expect(uploads.map((upload) => upload.$state.get().status)).toEqual([
      ...Array(4).fill('uploading'),
      ...Array(3).fill('queued'),
    ]);
    storage.releaseAll();
    expect((await all).map((end) => end.status)).toEqual(Array(7).fill('success'));
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
    // Three chunks: the first file holds all of the one large file's slots, and the second waits.
    const [first, second] = queue.add([randomFile(6 * MB, 'a.mp4'), randomFile(1 * MB, 'b.mp4')]);
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

  it('counts slots by weight and serves waiters in order: a large one is not passed by small ones behind it', async () => {
    const limiter = createLimiter(6);
    const order: string[] = [];
    const held = await Promise.all([limiter.acquire(undefined, 3), limiter.acquire(undefined, 2)]);
    expect(limiter.active).toBe(5);
    const large = limiter.acquire(undefined, 3).then((free) => {
      order.push('large');
      return free;
    });
    const small = limiter.acquire(undefined, 1).then((free) => {
      order.push('small');
      return free;
    });
    await Promise.resolve();
    // One slot is free, but the large waiter came first: the small one waits behind it.
    expect(order).toEqual([]);
    (held[0] as () => void)();
    const [freeLarge, freeSmall] = await Promise.all([large, small]);
    expect(order).toEqual(['large', 'small']);
    expect(limiter.active).toBe(6);
    for (const free of [held[1], freeLarge, freeSmall]) (free as () => void)();
    expect(limiter.active).toBe(0);
    // A weight above the limit takes the whole limit rather than waiting for ever.
    (await limiter.acquire(undefined, 10))();
  });

  it('lets the ones behind go when a waiting large one gives up', async () => {
    const limiter = createLimiter(2);
    const first = await limiter.acquire(undefined, 1);
    const stop = new AbortController();
    const large = limiter.acquire(stop.signal, 2).catch(() => 'gave up');
    const small = limiter.acquire(undefined, 1);
    stop.abort();
    expect(await large).toBe('gave up');
    (await small)();
    first();
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

  it('tells no time left until the speed was measured for a second (issue 69: the first burst said 1 s, then 7 s)', () => {
    let now = 0;
    const meter = createRateMeter(() => now, 5000);
    meter.record(0);
    now = 200;
    meter.record(4_000_000);
    expect(meter.speed()).toBe(20_000_000);
    expect(meter.remaining(20_000_000)).toBeUndefined();
    now = 1000;
    meter.record(5_000_000);
    expect(meter.remaining(20_000_000)).toBe(4);
  });
});
