import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ENDPOINTS } from '../../../src/core/api/wire';
import { $language } from '../../../src/core/i18n/translate';
import {
  createMainThreadHasher,
  createUpload,
  fileFingerprint,
  isTransient,
  type Md5Hasher,
  memoryStateStore,
  toUploadItem,
  UploadError,
} from '../../../src/core/upload';
import { eventually } from '../../support/eventually';
import { answer, md5Of } from './fake-storage';
import { MB, randomFile, setUp, until } from './helpers';

const bytesOf = async (file: Blob) => new Uint8Array(await file.arrayBuffer());

beforeEach(() => $language.set('en'));
afterEach(() => {
  vi.useRealTimers();
  $language.set('zh-CN');
});

describe('the §4 flow, carried out', () => {
  it('uploads a 5 MB file in 2 MB chunks: second check, 1-based checks, chunk uploads, merge, with §7 fields', async () => {
    const { storage, upload, file } = setUp(5 * MB);
    const md5 = md5Of(await bytesOf(file));
    const end = await upload.start();
    expect(end).toMatchObject({ status: 'success', md5, instant: false, uploadedBytes: 5 * MB, sentBytes: 5 * MB });
    expect(end.result).toMatchObject({ md5, size: 5 * MB, name: 'video.mp4' });
    expect(storage.requests.map((r) => r.path)).toEqual(
      [
        ENDPOINTS.secondUploadCheck,
        ...[1, 2, 3].flatMap(() => [ENDPOINTS.chunkCheck]),
        ...[1, 2, 3].map(() => ENDPOINTS.chunkUpload),
        ENDPOINTS.mergeChunks,
      ].sort(
        (a, b) => storage.requests.findIndex((r) => r.path === a) - storage.requests.findIndex((r) => r.path === b),
      ),
    );
    const uid = upload.uid;
    expect(storage.calls(ENDPOINTS.secondUploadCheck)[0]?.fields).toEqual({ md5, name: 'video.mp4', serverid: 'base' });
    expect(storage.calls(ENDPOINTS.chunkCheck).map((r) => r.fields)).toEqual([
      { md5, size: 2 * MB, chunks: 3, name: 'video.mp4', uid, chunk: 1 },
      { md5, size: 2 * MB, chunks: 3, name: 'video.mp4', uid, chunk: 2 },
      { md5, size: 1 * MB, chunks: 3, name: 'video.mp4', uid, chunk: 3 },
    ]);
    const third = storage.calls(ENDPOINTS.chunkUpload).find((r) => r.fields.chunk === 3);
    expect(third?.multipart).toBe(true);
    expect({ ...third?.fields, file: undefined }).toEqual({
      chunked: true,
      chunk: 3,
      chunks: 3,
      eachSize: 2 * MB,
      md5,
      fileName: 'video.mp4',
      name: 'video.mp4',
      fullSize: 5 * MB,
      uid,
      size: 1 * MB,
      file: undefined,
    });
    expect(storage.calls(ENDPOINTS.mergeChunks)[0]?.fields).toEqual({
      md5,
      name: 'video.mp4',
      size: 5 * MB,
      chunks: 3,
      serverid: 'base',
    });
  });

  it('checks each chunk before sending it and skips the chunks the server has', async () => {
    const { storage, upload, file } = setUp(7 * MB);
    const bytes = await bytesOf(file);
    const md5 = md5Of(bytes);
    storage.chunks.set(
      md5,
      new Map([
        [1, bytes.slice(0, 2 * MB)],
        [3, bytes.slice(4 * MB, 6 * MB)],
      ]),
    );
    const end = await upload.start();
    expect(end.status).toBe('success');
    expect(
      storage
        .calls(ENDPOINTS.chunkCheck)
        .map((r) => r.fields.chunk)
        .sort(),
    ).toEqual([1, 2, 3, 4]);
    expect(
      storage
        .calls(ENDPOINTS.chunkUpload)
        .map((r) => r.fields.chunk)
        .sort(),
    ).toEqual([2, 4]);
    expect(end.sentBytes).toBe(3 * MB);
    expect(storage.receivedBytes).toBe(3 * MB);
  });

  it('completes instantly when the server has the file: zero chunk bytes sent', async () => {
    const { storage, upload, file } = setUp(5 * MB);
    const md5 = md5Of(await bytesOf(file));
    storage.store(md5, 'earlier.mp4', 5 * MB);
    const end = await upload.start();
    expect(end).toMatchObject({ status: 'success', instant: true, sentBytes: 0, uploadedBytes: 5 * MB });
    expect(end.result?.name).toBe('earlier.mp4');
    expect(storage.requests.map((r) => r.path)).toEqual([ENDPOINTS.secondUploadCheck]);
    expect(storage.receivedBytes).toBe(0);
  });

  it('refuses an empty file: nothing is sent, and it ends refused, not stored (issue 35)', async () => {
    const { storage, upload } = setUp(0, {}, 'notes.pdf');
    const end = await upload.start();
    expect(end).toMatchObject({ status: 'error', sentBytes: 0, error: { type: 'validation' } });
    expect(storage.requests).toEqual([]);
  });

  it.each([
    [1, 'a single byte'],
    [2 * MB, 'exactly 2 MB'],
  ])('sends %d bytes (%s) in one piece, under the file name, with serverid, uid and md5', async (size) => {
    const { storage, upload, file } = setUp(size, { serverid: 'homework' }, 'notes.pdf');
    const md5 = md5Of(await bytesOf(file));
    const end = await upload.start();
    expect(end).toMatchObject({ status: 'success', sentBytes: size });
    expect(storage.requests.map((r) => r.path)).toEqual([ENDPOINTS.secondUploadCheck, ENDPOINTS.singleUpload]);
    const single = storage.calls(ENDPOINTS.singleUpload)[0];
    expect(single?.multipart).toBe(true);
    expect(single?.fields).toMatchObject({ serverid: 'homework', uid: upload.uid, md5 });
    expect((single?.fields.file as File | undefined)?.name).toBe('notes.pdf');
    expect(storage.calls(ENDPOINTS.secondUploadCheck)[0]?.fields.serverid).toBe('homework');
  });

  it('keeps at most `parallel` chunk uploads in flight (default 3), and as many checks beside them', async () => {
    const three = setUp(21 * MB);
    expect((await three.upload.start()).status).toBe('success');
    expect(three.storage.maxInFlight(ENDPOINTS.chunkUpload)).toBe(3);
    expect(three.storage.maxInFlight(ENDPOINTS.chunkCheck)).toBe(3);
    const one = setUp(9 * MB, { parallel: 1 });
    expect((await one.upload.start()).status).toBe('success');
    expect(one.storage.maxInFlight(ENDPOINTS.chunkUpload)).toBe(1);
    expect(one.storage.maxInFlight(ENDPOINTS.chunkCheck)).toBe(1);
  });

  it('checks the next chunks while uploads are on their way: a free slot never waits for a check', async () => {
    const { storage, upload } = setUp(9 * MB, { parallel: 2 });
    storage.hold(ENDPOINTS.chunkUpload);
    const ended = upload.start();
    // While chunks 1 and 2 are still on their way, chunks 3 and 4 are checked, ready for the next free slot.
    await storage.sentTo(ENDPOINTS.chunkUpload, 2);
    await storage.sentTo(ENDPOINTS.chunkCheck, 4);
    expect(storage.calls(ENDPOINTS.chunkCheck).map((request) => request.fields.chunk)).toEqual([1, 2, 3, 4]);
    expect(storage.calls(ENDPOINTS.chunkUpload)).toHaveLength(2);
    storage.releaseAll();
    expect((await ended).status).toBe('success');
  });
});

describe('retries', () => {
  it('waits retryDelays between tries of one request and succeeds on the third', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { storage, upload } = setUp(3 * MB, { retryDelays: [1000, 3000], parallel: 1 });
    storage.fail(ENDPOINTS.chunkUpload, answer(503), 'network');
    const ended = upload.start();
    await storage.sentTo(ENDPOINTS.chunkUpload, 1);
    await vi.advanceTimersByTimeAsync(999);
    expect(storage.calls(ENDPOINTS.chunkUpload)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await storage.sentTo(ENDPOINTS.chunkUpload, 2);
    await vi.advanceTimersByTimeAsync(2999);
    expect(storage.calls(ENDPOINTS.chunkUpload)).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    const end = await ended;
    expect(end.status).toBe('success');
    // Chunk 1 three times (503, network, ok), then chunk 2.
    expect(storage.calls(ENDPOINTS.chunkUpload).map((r) => r.fields.chunk)).toEqual([1, 1, 1, 2]);
  });

  it.each([408, 429, 500, 502])('retries status %d', async (status) => {
    const { storage, upload } = setUp(1 * MB);
    storage.fail(ENDPOINTS.singleUpload, answer(status));
    expect((await upload.start()).status).toBe('success');
    expect(storage.calls(ENDPOINTS.singleUpload)).toHaveLength(2);
  });

  it.each([400, 401, 403, 404, 413, 422])('treats status %d as permanent: no retry, an uploaderror', async (status) => {
    const { storage, upload } = setUp(1 * MB);
    storage.fail(ENDPOINTS.singleUpload, answer(status));
    const end = await upload.start();
    expect(end.status).toBe('error');
    expect(storage.calls(ENDPOINTS.singleUpload)).toHaveLength(1);
    expect(end.error).toBeInstanceOf(UploadError);
    expect(end.error).toMatchObject({ type: 'uploaderror', status, message: 'Upload failed: Something failed' });
    expect(end.error?.warning).toBe(`${status}：Upload failed: Something failed`);
  });

  // Every step, every permanent status: the one refused request is all that is sent to that step, and the §8 type
  // names the step. The delays are left (three, of 0 ms): only the rule stops a retry that would succeed.
  it.each(
    [400, 401, 403, 404, 413, 422].flatMap((status) =>
      (
        [
          ['the second-upload check', ENDPOINTS.secondUploadCheck, 'checkerror', 3 * MB],
          ['the single upload', ENDPOINTS.singleUpload, 'uploaderror', 1 * MB],
          ['a chunk check', ENDPOINTS.chunkCheck, 'checkchunkerror', 3 * MB],
          ['a chunk upload', ENDPOINTS.chunkUpload, 'uploadunkerror', 3 * MB],
          ['the merge', ENDPOINTS.mergeChunks, 'chunkmerge', 3 * MB],
        ] as const
      ).map(([step, path, type, size]) => ({ status, step, path, type, size })),
    ),
  )('a $status answer to $step is permanent: one request, a $type', async ({ status, path, type, size }) => {
    const { storage, upload } = setUp(size, { parallel: 1 });
    storage.fail(path, answer(status));
    const end = await upload.start();
    expect(end.status).toBe('error');
    expect(end.error).toBeInstanceOf(UploadError);
    expect(end.error).toMatchObject({ type, kind: 'status', status });
    expect(storage.calls(path)).toHaveLength(1);
  });

  it('calls transient exactly no answer, 408, 429 and 5xx but 507 (isTransient over every status)', () => {
    const failure = (status: number) => new UploadError({ type: 'uploaderror', kind: 'status', status, message: '' });
    for (let status = 400; status < 600; status++) {
      const transient = status === 408 || status === 429 || (status >= 500 && status !== 507);
      expect(isTransient(failure(status)), String(status)).toBe(transient);
    }
    for (const kind of ['network', 'timeout'] as const) {
      expect(isTransient(new UploadError({ type: 'uploaderror', kind, message: '' }))).toBe(true);
    }
    expect(isTransient(new UploadError({ type: 'validation', kind: 'rule', status: 501, message: '' }))).toBe(false);
  });

  it('gives up when the delays are used up, and a should-retry hook decides instead of the default', async () => {
    const exhausted = setUp(1 * MB, { retryDelays: [0] });
    exhausted.storage.fail(ENDPOINTS.singleUpload, 'network', 'network');
    const end = await exhausted.upload.start();
    expect(end.error).toMatchObject({ type: 'uploaderror', kind: 'network', message: 'Network Error' });
    expect(exhausted.storage.calls(ENDPOINTS.singleUpload)).toHaveLength(2);

    const seen: Array<[number | undefined, number]> = [];
    const hooked = setUp(1 * MB, {
      retryDelays: [0, 0, 0],
      shouldRetry: (error, retries) => {
        seen.push([error.status, retries]);
        return error.status === 400 && retries < 1;
      },
    });
    hooked.storage.fail(ENDPOINTS.singleUpload, answer(400), answer(400));
    expect((await hooked.upload.start()).error?.status).toBe(400);
    expect(seen).toEqual([
      [400, 0],
      [400, 1],
    ]);
  });

  it('reports a timeout as §8 words it', async () => {
    const { storage, upload } = setUp(1 * MB, { retryDelays: [] });
    storage.fail(ENDPOINTS.secondUploadCheck, 'timeout');
    expect((await upload.start()).error).toMatchObject({ type: 'checkerror', message: 'timeout of 1000ms exceeded' });
  });
});

describe('§8 error types, in the current language', () => {
  it.each([
    [ENDPOINTS.secondUploadCheck, 'checkerror'],
    [ENDPOINTS.chunkCheck, 'checkchunkerror'],
    [ENDPOINTS.chunkUpload, 'uploadunkerror'],
    [ENDPOINTS.mergeChunks, 'chunkmerge'],
  ])('a failure of %s is a %s', async (path, type) => {
    const { storage, upload } = setUp(3 * MB);
    storage.fail(path, answer(403));
    const end = await upload.start();
    expect(end.error).toMatchObject({ type, status: 403, message: 'Something failed' });
    expect(end.error?.warning).toBe('403：Something failed');
  });

  it('shows the Chinese half of a bilingual message in zh-CN, and the step text when the server says nothing', async () => {
    $language.set('zh-CN');
    const { storage, upload } = setUp(3 * MB);
    storage.fail(ENDPOINTS.chunkCheck, answer(403));
    expect((await upload.start()).error?.warning).toBe('403：出错了');
    const silent = setUp(1 * MB);
    silent.storage.fail(ENDPOINTS.singleUpload, { status: 400, body: '' });
    expect((await silent.upload.start()).error?.message).toBe('上传失败');
  });

  it('sends chunks a merge reports missing again, once; missing again is "abnormal chunk count"', async () => {
    const { storage, upload } = setUp(5 * MB);
    storage.fail(ENDPOINTS.mergeChunks, answer(400, { code: 'chunk_missing' }, { missing: [2] }));
    const healed = await upload.start();
    expect(healed.status).toBe('success');
    expect(
      storage
        .calls(ENDPOINTS.chunkUpload)
        .map((r) => r.fields.chunk)
        .sort(),
    ).toEqual([1, 2, 3]);
    expect(storage.calls(ENDPOINTS.mergeChunks)).toHaveLength(2);

    const broken = setUp(5 * MB);
    const missing = answer(400, { code: 'chunk_missing' }, { missing: [2] });
    broken.storage.fail(ENDPOINTS.mergeChunks, missing, missing);
    const end = await broken.upload.start();
    expect(end.error).toMatchObject({ type: 'chunkmerge', message: 'abnormal chunk count' });
    broken.storage.chunks.clear();
    // Retrying asks about every chunk again.
    expect((await broken.upload.retry()).status).toBe('success');
  });

  it('hashes again on retry after the server found a different MD5 at merge', async () => {
    let hashes = 0;
    const counting: Md5Hasher = {
      open(file, slice) {
        hashes++;
        return createMainThreadHasher().open(file, slice);
      },
    };
    const { storage, upload } = setUp(5 * MB, { hasher: counting });
    storage.fail(ENDPOINTS.mergeChunks, answer(400, { code: 'md5_mismatch' }));
    expect((await upload.start()).error?.code).toBe('md5_mismatch');
    expect((await upload.retry()).status).toBe('success');
    expect(hashes).toBe(2);
  });

  it('reports an unreadable file as a read error', async () => {
    const { storage } = setUp(0);
    const file = randomFile(3 * MB);
    file.slice = () => {
      throw new DOMException('gone', 'NotReadableError');
    };
    const upload = createUpload(toUploadItem(file), {
      transport: storage.transport,
      hasher: createMainThreadHasher(),
      store: null,
    });
    expect((await upload.start()).error).toMatchObject({
      type: 'read',
      message: 'The file could not be read; please choose it again',
    });
    expect(storage.requests).toHaveLength(0);
  });
});

describe('validation before anything is sent (§5)', () => {
  it.each([
    ['virus.EXE', 1, 'Files of this type cannot be uploaded (.exe)'],
    ['notes.txt', 1, 'Files of this type cannot be uploaded (.txt)'],
  ])('refuses %s', async (name, size, message) => {
    const { storage, upload } = setUp(size, {}, name);
    expect(upload.$state.get()).toMatchObject({ status: 'error', error: { type: 'validation', message } });
    expect((await upload.start()).status).toBe('error');
    expect(storage.requests).toHaveLength(0);
  });

  it('refuses a file above maxSize ("size exceeds limit")', async () => {
    const { storage, upload } = setUp(3 * MB, { maxSize: 2 * MB });
    expect((await upload.start()).error?.message).toBe('The file size exceeds the limit (2 MB)');
    expect(storage.requests).toHaveLength(0);
  });

  it("refuses a file outside the page's accept list, before its size is weighed", async () => {
    const { storage, upload } = setUp(3 * MB, { accept: '.pdf, image/*', maxSize: 2 * MB }, 'lesson.mp4');
    expect((await upload.start()).error).toMatchObject({
      type: 'validation',
      message: 'Files of this type are not accepted here (accepted: .pdf, image/*)',
    });
    expect(storage.requests).toHaveLength(0);
  });

  it('says a refused extension first, whatever the accept list', async () => {
    const { upload } = setUp(1, { accept: '.txt' }, 'notes.txt');
    expect(upload.$state.get().error?.message).toBe('Files of this type cannot be uploaded (.txt)');
  });

  it('takes a file the accept list names', async () => {
    const { upload } = setUp(1 * MB, { accept: 'video/*' }, 'lesson.mp4');
    expect((await upload.start()).status).toBe('success');
  });
});

describe('pause, resume, abort', () => {
  it('pauses while hashing: nothing is sent; resuming continues from the slice reached', async () => {
    const { storage, upload, file } = setUp(9 * MB);
    const reads: number[] = [];
    const slice = file.slice.bind(file);
    file.slice = (start?: number, end?: number) => {
      if (upload.$state.get().md5 === undefined) reads.push(start ?? 0);
      return slice(start, end);
    };
    const hashed: number[] = [];
    upload.$state.listen((state) => {
      if (state.status === 'hashing' && state.hashedBytes > 0 && hashed.at(-1) !== state.hashedBytes) {
        hashed.push(state.hashedBytes);
        if (state.hashedBytes === 2 * MB) upload.pause();
      }
    });
    void upload.start();
    await until(upload, (state) => state.status === 'paused');
    expect(upload.$state.get().hashedBytes).toBe(2 * MB);
    expect(storage.requests).toHaveLength(0);
    const end = await upload.resume();
    expect(end).toMatchObject({ status: 'success', md5: md5Of(await bytesOf(file)) });
    expect(hashed).toEqual([2, 4, 6, 8, 9].map((n) => n * MB));
    // Read once from the start, then from 2 MB on: the hash went on from the slice it reached.
    expect(reads).toEqual([0, 2 * MB]);
  });

  it('pauses during chunk uploads: requests in flight are aborted; resuming sends only what is missing', async () => {
    const { storage, upload } = setUp(9 * MB);
    storage.hold(ENDPOINTS.chunkUpload);
    void upload.start();
    await eventually(() => expect(storage.held.length).toBe(3));
    upload.pause();
    expect(upload.$state.get().status).toBe('paused');
    expect(storage.held.every((entry) => entry.request.signal?.aborted)).toBe(true);
    storage.releaseAll();
    const end = await upload.resume();
    expect(end.status).toBe('success');
    const uploads = storage.calls(ENDPOINTS.chunkUpload).map((r) => r.fields.chunk);
    expect(uploads.slice(0, 3).sort()).toEqual([1, 2, 3]);
    expect(uploads.slice(3).sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('aborts at any point: requests in flight are cancelled, nothing more is sent, start resolves "aborted"', async () => {
    const { storage, upload } = setUp(9 * MB);
    storage.hold(ENDPOINTS.chunkCheck);
    const ended = upload.start();
    await eventually(() => expect(storage.held.length).toBe(3));
    upload.abort();
    expect((await ended).status).toBe('aborted');
    const count = storage.requests.length;
    storage.releaseAll();
    upload.pause();
    await upload.resume();
    expect(storage.requests).toHaveLength(count);
    expect(storage.held.every((entry) => entry.request.signal?.aborted)).toBe(true);
  });

  it('aborts while queued or hashing', async () => {
    const { upload, storage } = setUp(9 * MB);
    upload.$state.listen((state) => {
      if (state.hashedBytes > 0) upload.abort();
    });
    expect((await upload.start()).status).toBe('aborted');
    expect(storage.requests).toHaveLength(0);
  });
});

describe('resume across reloads (stored state)', () => {
  it('skips hashing for a file whose MD5 is stored, and sends only the chunks the server lacks', async () => {
    const store = memoryStateStore();
    const first = setUp(9 * MB, { store });
    first.storage.hold(ENDPOINTS.chunkUpload);
    void first.upload.start();
    await eventually(() => expect(first.storage.held.length).toBe(3));
    // Two chunks reach the server, then the page goes away.
    for (const entry of first.storage.held.splice(0, 2)) entry.release();
    await until(first.upload, (state) => state.uploadedBytes >= 4 * MB);
    await first.upload.flushed();
    const md5 = first.upload.$state.get().md5 as string;
    // Kept with its name and the bytes the server confirmed, for the list of unfinished uploads (issue 35).
    await eventually(async () =>
      expect(await store.list()).toEqual([
        expect.objectContaining({ md5, size: 9 * MB, fileName: first.item.fileName, uploadedBytes: 4 * MB }),
      ]),
    );

    let opened = 0;
    const again = createUpload(toUploadItem(first.file), {
      transport: first.storage.transport,
      store,
      hasher: {
        open: () => {
          opened++;
          return createMainThreadHasher().open(first.file, MB);
        },
      },
      retryDelays: [],
    });
    first.storage.hold(undefined);
    const before = first.storage.receivedBytes;
    const end = await again.start();
    expect(end).toMatchObject({ status: 'success', resumed: true, md5 });
    expect(opened).toBe(0);
    expect(first.storage.receivedBytes - before).toBe(5 * MB);
    await again.flushed();
    expect(await store.get(fileFingerprint(first.item))).toBeUndefined();
  });

  it('keeps nothing of a cancelled upload: cancelled is not unfinished (issue 35)', async () => {
    const store = memoryStateStore();
    const { storage, upload } = setUp(9 * MB, { store });
    storage.hold(ENDPOINTS.chunkUpload);
    void upload.start();
    await eventually(async () => expect(await store.list()).toHaveLength(1));
    upload.abort();
    await upload.flushed();
    expect(await store.list()).toEqual([]);
  });

  it('uploads all the same when the store fails', async () => {
    const failing = {
      get: () => Promise.reject(new Error('quota')),
      put: () => Promise.reject(new Error('quota')),
      delete: () => Promise.reject(new Error('quota')),
      list: () => Promise.reject(new Error('quota')),
    };
    expect((await setUp(3 * MB, { store: failing }).upload.start()).status).toBe('success');
  });
});

describe('speed and time remaining (injected clock)', () => {
  it('tells no time left while hashing: the whole upload is still ahead (issue 69: 1 s, then 7 s)', async () => {
    let now = 0;
    const { upload } = setUp(9 * MB, { now: () => now, parallel: 1 });
    const seen: (number | undefined)[] = [];
    upload.$state.subscribe((state) => {
      if (state.status !== 'hashing' || state.hashedBytes === 0) return;
      seen.push(state.remainingSeconds);
      now += 1000;
    });
    expect((await upload.start()).status).toBe('success');
    expect(seen.length).toBeGreaterThan(2);
    expect(seen.filter((seconds) => seconds !== undefined)).toEqual([]);
  });

  it('measures bytes per second over the window and the seconds left', async () => {
    let now = 0;
    const { storage, upload } = setUp(9 * MB, { now: () => now, parallel: 1 });
    storage.hold(ENDPOINTS.chunkUpload);
    void upload.start();
    await eventually(() => expect(storage.held.length).toBe(1));
    now = 1000;
    storage.held.shift()?.release();
    await eventually(() => expect(storage.held.length).toBe(1));
    const state = upload.$state.get();
    // 2 MB sent in the second that passed; 7 MB left.
    expect(state.speed).toBe(2 * MB);
    expect(state.remainingSeconds).toBe(3.5);
    upload.abort();
  });
});
