import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../src/core/api/wire';
import { createHttpClient } from '../../src/core/http';
import {
  createClientTransport,
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

// The engine of src/core/upload against the reference server over real HTTP (hashing on the main thread, the
// request client's transport): proof that the field names and paths of §7 are the ones the storage routes read.

const MB = 1024 * 1024;
const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');

let t: TestServer;
let token = '';
let transport: UploadTransport;
const sent: UploadRequest[] = [];

beforeAll(async () => {
  t = await startServer();
  const client = await signedIn(t.url, 'teacher');
  token = (await client.login('teacher')).body.data.accessToken;
  const http = createClientTransport(
    createHttpClient({ apiBase: t.url, device: 'pc', accessToken: () => token, notify: () => {} }),
  );
  transport = {
    send(request) {
      sent.push(request);
      return http.send(request);
    },
  };
});
afterAll(() => t.stop());

/** The stored file's bytes, as the server hands them out. */
async function download(url: string): Promise<Uint8Array> {
  const response = await fetch(t.url + url, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

/** How many of a file's 2 MB chunks the server holds, by its own block_upload_check. */
async function chunksOnServer(fileMd5: string, size: number): Promise<number> {
  const chunks = Math.ceil(size / (2 * MB));
  let held = 0;
  for (let chunk = 1; chunk <= chunks; chunk++) {
    const response = await transport.send({
      path: ENDPOINTS.chunkCheck,
      fields: { md5: fileMd5, chunk, chunks, size: Math.min(2 * MB, size - (chunk - 1) * 2 * MB) },
      multipart: false,
    });
    if ((response.body as { data: { data: boolean } }).data.data) held++;
  }
  return held;
}

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
    expect(md5(await download(end.result?.url as string))).toBe(md5(bytes));
    expect(await chunksOnServer(md5(bytes), 7 * MB)).toBe(0);

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
    const held = await chunksOnServer(md5(bytes), 9 * MB);
    expect(held).toBeGreaterThanOrEqual(2);
    const second = await upload(file, store).start();
    expect(second).toMatchObject({ status: 'success', resumed: true, hashedBytes: 9 * MB });
    // Chunks of 2 MB: 5 in all, of which the server already had some.
    expect(second.sentBytes).toBeLessThanOrEqual(9 * MB - held * 2 * MB + MB);
    expect(md5(await download(second.result?.url as string))).toBe(md5(bytes));
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
