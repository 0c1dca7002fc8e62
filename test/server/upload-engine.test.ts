import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_HEADER, ENDPOINTS } from '../../src/core/api/wire';
import {
  createFetchTransport,
  createMainThreadHasher,
  createUpload,
  memoryStateStore,
  toUploadItem,
  type UploadRequest,
  type UploadStateStore,
  type UploadTransport,
  uploadBase64Image,
} from '../../src/core/upload';
import { signedIn, startServer, type TestServer } from './helpers';

// The engine of src/core/upload against the reference server over real HTTP (fetch transport, hashing on the
// main thread): proof that the field names and paths of §7 are the ones the storage routes read.

const MB = 1024 * 1024;
const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');

let t: TestServer;
let transport: UploadTransport;
const sent: UploadRequest[] = [];

beforeAll(async () => {
  t = await startServer();
  const client = await signedIn(t.url, 'teacher');
  const token = (await client.login('teacher')).body.data.accessToken;
  const http = createFetchTransport({
    apiBase: t.url,
    headers: () => ({ [DEVICE_HEADER]: 'pc', Authorization: `Bearer ${token}` }),
    recoverSession: async () => false,
  });
  transport = {
    send(request) {
      sent.push(request);
      return http.send(request);
    },
  };
});
afterAll(() => t.stop());

function upload(file: File, store: UploadStateStore = memoryStateStore()) {
  return createUpload(toUploadItem(file), { transport, hasher: createMainThreadHasher(), store, retryDelays: [] });
}

describe('the upload engine against the reference server', () => {
  it('uploads a 7 MB file in chunks; the stored file has our MD5; the same file again sends no chunk', async () => {
    const bytes = randomBytes(7 * MB);
    const file = new File([bytes], '公开课.mp4', { type: 'video/mp4' });
    const end = await upload(file).start();
    expect(end).toMatchObject({ status: 'success', md5: md5(bytes), sentBytes: 7 * MB, instant: false });
    expect(end.result).toMatchObject({ md5: md5(bytes), size: 7 * MB, name: '公开课.mp4' });
    expect(md5(readFileSync(join(t.dataDir, 'files', md5(bytes))))).toBe(md5(bytes));
    expect(existsSync(join(t.dataDir, 'chunks', md5(bytes)))).toBe(false);

    const before = sent.length;
    const again = await upload(new File([bytes], 'copy.mp4')).start();
    expect(again).toMatchObject({ status: 'success', instant: true, sentBytes: 0 });
    expect(sent.slice(before).map((request) => request.path)).toEqual([ENDPOINTS.secondUploadCheck]);
  });

  it('uploads a small file in one piece under its name', async () => {
    const bytes = randomBytes(MB + 3);
    const end = await upload(new File([bytes], 'notes.pdf')).start();
    expect(end.result).toMatchObject({ md5: md5(bytes), name: 'notes.pdf', size: MB + 3 });
  });

  it('after a stop midway, the same file (a reload) skips hashing and sends only the chunks the server lacks', async () => {
    const bytes = randomBytes(9 * MB);
    const file = new File([bytes], 'lesson.mp4');
    const store = memoryStateStore();
    const first = upload(file, store);
    first.$state.listen((state) => {
      if (state.sentBytes >= 4 * MB && state.status === 'uploading') first.pause();
    });
    await new Promise<void>((resolve) => {
      first.$state.listen((state) => state.status === 'paused' && resolve());
      void first.start();
    });
    await first.flushed();
    const chunksOnServer = readdirSync(join(t.dataDir, 'chunks', md5(bytes))).length;
    expect(chunksOnServer).toBeGreaterThanOrEqual(2);
    const second = await upload(file, store).start();
    expect(second).toMatchObject({ status: 'success', resumed: true, hashedBytes: 9 * MB });
    // Chunks of 2 MB: 5 in all, of which the server already had some.
    expect(second.sentBytes).toBeLessThanOrEqual(9 * MB - chunksOnServer * 2 * MB + MB);
    expect(md5(readFileSync(join(t.dataDir, 'files', md5(bytes))))).toBe(md5(bytes));
  });

  it('refuses a disallowed extension before any request', async () => {
    const before = sent.length;
    const end = await upload(new File(['x'], 'run.BAT')).start();
    expect(end.error).toMatchObject({ type: 'validation' });
    expect(sent).toHaveLength(before);
  });

  it('stores a base64 image', async () => {
    // A 1 x 1 PNG.
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
    const stored = await uploadBase64Image(
      { image: `data:image/png;base64,${png}`, fileName: 'avatar' },
      { transport },
    );
    expect(stored.name).toBe('avatar.png');
  });
});
