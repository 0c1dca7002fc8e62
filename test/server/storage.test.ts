import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { chunkFolderName } from '../../demo/server/routes/storage/store';
import { CHUNK_SIZE, DEVICE_HEADER, MAX_CHUNK_BYTES, MAX_CHUNKS, MAX_FILE_BYTES } from '../../src/core/api/wire';
import { eventually } from '../support/eventually';
import { ManualClock } from './clock';
import { Client, LONG, SQL, signedIn, startServer, type TestServer } from './helpers';

let t: TestServer;
let client: Client;
beforeAll(async () => {
  t = await startServer();
  client = await signedIn(t.url, 'teacher');
});
afterAll(() => t.stop());

const md5 = (data: Buffer) => createHash('md5').update(data).digest('hex');
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
/** Where the server keeps a file's bytes (by SHA-256) and the teacher's chunks of an upload (per unit and user). */
const blobPath = (dataDir: string, data: Buffer) => join(dataDir, 'files', sha256(data));
const TEACHER = { unitId: 'unit-school', userId: 'u-teacher' };
const chunkDir = (dataDir: string, fileMd5: string) => join(dataDir, 'chunks', chunkFolderName(TEACHER, fileMd5));

function slices(data: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  for (let offset = 0; offset < data.length; offset += CHUNK_SIZE)
    parts.push(data.subarray(offset, offset + CHUNK_SIZE));
  return parts;
}

function chunkForm(fields: Record<string, string | number>, data: Buffer, fileName = 'blob'): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
  form.append('file', new Blob([new Uint8Array(data)]), fileName);
  return form;
}

function uploadChunk(fileMd5: string, chunk: number, parts: Buffer[], name = 'video.mp4', who = client) {
  const data = parts[chunk - 1] as Buffer;
  const fullSize = parts.reduce((sum, p) => sum + p.length, 0);
  const form = chunkForm(
    {
      chunked: 'true',
      chunk,
      chunks: parts.length,
      eachSize: (parts[0] as Buffer).length,
      md5: fileMd5,
      fileName: name,
      name,
      fullSize,
      uid: 'uid-1',
      size: data.length,
    },
    data,
  );
  return who.call<{ chunk: number }>('POST', '/zuul/api/storage/file_piecewise/upload', { body: form });
}

const blockCheck = (fileMd5: string, chunk: number, chunks: number, size?: number) =>
  client.post<{ data: boolean }>('/api/storage/file_piecewise/block_upload_check', {
    md5: fileMd5,
    chunk,
    chunks,
    size,
    name: 'video.mp4',
    uid: 'uid-1',
  });

const merge = (fileMd5: string, chunks: number, size?: number, name = 'video.mp4') =>
  client.post<{ md5: string; url: string; missing?: number[] }>('/api/storage/file_piecewise/merge_file', {
    md5: fileMd5,
    name,
    size,
    chunks,
  });

describe('chunked upload', () => {
  it('uploads a 7 MB file in 2 MB chunks (concurrently), merges it, and then answers "exists"', async () => {
    const data = randomBytes(7 * 1024 * 1024);
    const fileMd5 = md5(data);
    const parts = slices(data);
    expect(parts).toHaveLength(4);
    const before = await client.post('/api/storage/file_piecewise/second_upload_check', {
      md5: fileMd5,
      name: 'video.mp4',
      serverid: 'base',
    });
    expect(before.body).toMatchObject({ status: 200, data: null });
    for (let chunk = 1; chunk <= 4; chunk++) expect((await blockCheck(fileMd5, chunk, 4)).body.data.data).toBe(false);
    const uploads = await Promise.all([1, 2, 3, 4].map((chunk) => uploadChunk(fileMd5, chunk, parts)));
    for (const upload of uploads) expect(upload.body.code).toBe('ok');
    // A retry of a chunk while others are written is harmless.
    await Promise.all([uploadChunk(fileMd5, 2, parts), uploadChunk(fileMd5, 2, parts)]);
    for (let chunk = 1; chunk <= 4; chunk++) {
      expect((await blockCheck(fileMd5, chunk, 4, parts[chunk - 1]?.length)).body.data.data).toBe(true);
    }
    expect((await blockCheck(fileMd5, 4, 4, CHUNK_SIZE)).body.data.data).toBe(false);

    const merged = await merge(fileMd5, 4, data.length);
    expect(merged.body).toMatchObject({ code: 'ok', data: { md5: fileMd5, size: data.length, name: 'video.mp4' } });
    const onDisk = blobPath(t.dataDir, data);
    expect(md5(readFileSync(onDisk))).toBe(fileMd5);
    expect(existsSync(chunkDir(t.dataDir, fileMd5))).toBe(false);
    expect(readdirSync(join(t.dataDir, 'tmp'))).toEqual([]);

    const after = await client.post<{ md5: string }>('/api/storage/file_piecewise/second_upload_check', {
      md5: fileMd5,
      name: 'copy.mp4',
    });
    expect(after.body).toMatchObject({ status: 200, code: 'ok', data: { md5: fileMd5 } });
    const download = await client.raw('GET', merged.body.data.url, { device: null });
    expect(md5(Buffer.from(await download.arrayBuffer()))).toBe(fileMd5);
    // Merging again is idempotent.
    expect((await merge(fileMd5, 4, data.length)).body.data.md5).toBe(fileMd5);
  });

  it('refuses a merge with a missing chunk, then succeeds once it is sent', async () => {
    const data = randomBytes(5 * 1024 * 1024);
    const fileMd5 = md5(data);
    const parts = slices(data);
    await uploadChunk(fileMd5, 1, parts);
    await uploadChunk(fileMd5, 3, parts);
    const failed = await merge(fileMd5, 3, data.length);
    expect(failed.status).toBe(400);
    expect(failed.body).toMatchObject({ code: 'chunk_missing', data: { missing: [2] } });
    await uploadChunk(fileMd5, 2, parts);
    const merged = await merge(fileMd5, 3, data.length);
    expect(merged.body.data.md5).toBe(fileMd5);
    expect(md5(readFileSync(blobPath(t.dataDir, data)))).toBe(fileMd5);
  });

  it('merges the chunks on disk when one was sent again with other bytes after it arrived', async () => {
    const data = randomBytes(5 * 1024 * 1024);
    const fileMd5 = md5(data);
    const parts = slices(data);
    const damaged = [randomBytes(CHUNK_SIZE), ...parts.slice(1)];
    for (let chunk = 1; chunk <= parts.length; chunk++) await uploadChunk(fileMd5, chunk, damaged);
    await uploadChunk(fileMd5, 1, parts);
    const merged = await merge(fileMd5, parts.length, data.length);
    expect(merged.body.data.md5).toBe(fileMd5);
    expect(readFileSync(blobPath(t.dataDir, data)).equals(data)).toBe(true);
    expect(readdirSync(join(t.dataDir, 'tmp'))).toEqual([]);
  });

  it('shares one merge between concurrent merge calls for the same file', async () => {
    // Many small chunks make the merge's checks take several event-loop turns, so the calls really overlap.
    const data = randomBytes(300 * 1024);
    const fileMd5 = md5(data);
    const parts = Array.from({ length: 300 }, (_, i) => data.subarray(i * 1024, (i + 1) * 1024));
    for (let chunk = 1; chunk <= parts.length; chunk++) await uploadChunk(fileMd5, chunk, parts);
    const answers = await Promise.all(Array.from({ length: 6 }, () => merge(fileMd5, parts.length, data.length)));
    for (const answer of answers) {
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body).toMatchObject({ status: 200, code: 'ok', data: { md5: fileMd5, size: data.length } });
    }
    expect(md5(readFileSync(blobPath(t.dataDir, data)))).toBe(fileMd5);
    expect(existsSync(chunkDir(t.dataDir, fileMd5))).toBe(false);
  });

  it('answers an MD5 mismatch at merge and keeps the chunks for a retry', async () => {
    const data = randomBytes(3 * 1024 * 1024);
    const claimed = md5(Buffer.from('something else'));
    const parts = slices(data);
    await uploadChunk(claimed, 1, parts);
    await uploadChunk(claimed, 2, parts);
    const failed = await merge(claimed, 2);
    expect(failed.status).toBe(400);
    expect(failed.body.code).toBe('md5_mismatch');
    expect((await blockCheck(claimed, 1, 2)).body.data.data).toBe(true);
    expect(existsSync(blobPath(t.dataDir, data))).toBe(false);
    expect(readdirSync(join(t.dataDir, 'tmp'))).toEqual([]);
    // A wrong declared size is caught the same way.
    const real = md5(data);
    await uploadChunk(real, 1, parts);
    await uploadChunk(real, 2, parts);
    expect((await merge(real, 2, data.length + 1)).body.code).toBe('md5_mismatch');
    expect((await merge(real, 2, data.length)).body.code).toBe('ok');
  });

  it('rejects chunk indexes out of range (400) and too many chunks or bytes (413)', async () => {
    const fileMd5 = md5(Buffer.from('range'));
    const parts = [Buffer.from('a'), Buffer.from('b')];
    expect((await blockCheck(fileMd5, 0, 2)).body.code).toBe('chunk_out_of_range');
    expect((await blockCheck(fileMd5, 3, 2)).body.code).toBe('chunk_out_of_range');
    expect((await blockCheck(fileMd5, 1, MAX_CHUNKS + 1)).status).toBe(413);
    const form = (chunk: string, chunks: string) =>
      chunkForm({ md5: fileMd5, chunk, chunks, fileName: 'a.bin' }, parts[0] as Buffer);
    for (const [chunk, chunks, status] of [
      ['0', '2', 400],
      ['3', '2', 400],
      ['-1', '2', 400],
      ['1.5', '2', 400],
      [SQL, '2', 400],
      ['1', String(MAX_CHUNKS + 1), 413],
    ] as const) {
      const answer = await client.call('POST', '/zuul/api/storage/file_piecewise/upload', {
        body: form(chunk, chunks),
      });
      expect(answer.status, `${chunk}/${chunks}`).toBe(status);
    }
    expect((await merge(fileMd5, MAX_CHUNKS + 1)).status).toBe(413);
    expect((await merge(fileMd5, 1, MAX_FILE_BYTES + 1)).status).toBe(413);
    const tooBig = chunkForm({ md5: fileMd5, chunk: 1, chunks: 2, fullSize: MAX_FILE_BYTES + 1 }, parts[0] as Buffer);
    expect((await client.call('POST', '/zuul/api/storage/file_piecewise/upload', { body: tooBig })).status).toBe(413);
    expect(readdirSync(join(t.dataDir, 'tmp'))).toEqual([]);
  });

  it('rejects malformed multipart, a non-multipart body, a missing file and a bad md5', async () => {
    const boundary = '----broken';
    const truncated = `--${boundary}\r\nContent-Disposition: form-data; name="md5"\r\n\r\nabc\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\n\r\npartial`;
    const broken = await client.call('POST', '/zuul/api/storage/file_piecewise/upload', {
      body: truncated,
      headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(broken.status).toBe(400);
    expect(broken.body.code).toBe('bad_multipart');
    const noBoundary = await client.call('POST', '/zuul/api/storage/upload', {
      body: 'hello',
      headers: { 'Content-Type': 'multipart/form-data' },
    });
    expect(noBoundary.status).toBe(400);
    expect((await client.post('/zuul/api/storage/file_piecewise/upload', { md5: 'x' })).status).toBe(400);
    const noFile = new FormData();
    noFile.append('md5', md5(Buffer.from('x')));
    expect((await client.call('POST', '/zuul/api/storage/upload', { body: noFile })).status).toBe(400);
    const longField = chunkForm({ md5: md5(Buffer.from('x')), chunk: 1, chunks: 1, fileName: LONG }, Buffer.from('x'));
    const long = await client.call('POST', '/zuul/api/storage/file_piecewise/upload', { body: longField });
    expect(long.status).toBe(400);
    expect(long.body.fieldErrors?.[0]?.field).toBe('fileName');
    const badMd5 = chunkForm({ md5: '../../etc', chunk: 1, chunks: 1 }, Buffer.from('x'));
    expect((await client.call('POST', '/zuul/api/storage/file_piecewise/upload', { body: badMd5 })).status).toBe(400);
    expect((await client.post('/api/storage/file_piecewise/second_upload_check', { md5: SQL })).status).toBe(400);
    expect(
      (
        await client.post('/api/storage/file_piecewise/merge_file', {
          md5: md5(Buffer.from('y')),
          chunks: 1,
          name: LONG,
        })
      ).status,
    ).toBe(400);
    expect(readdirSync(join(t.dataDir, 'tmp'))).toEqual([]);
  });

  it('leaves no partial chunk when the client aborts mid-upload', async () => {
    const fileMd5 = md5(Buffer.from('aborted'));
    const boundary = '----abort';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="md5"\r\n\r\n${fileMd5}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="chunk"\r\n\r\n1\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="chunks"\r\n\r\n1\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\n\r\n`,
    );
    const controller = new AbortController();
    const body = new ReadableStream<Uint8Array>({
      start(stream) {
        stream.enqueue(new Uint8Array(head));
        stream.enqueue(new Uint8Array(randomBytes(512 * 1024)));
      },
    });
    const cookie = [...client.cookies].map(([name, c]) => `${name}=${c.value}`).join('; ');
    const folder = chunkDir(t.dataDir, fileMd5);
    // The rest never comes: once the server is writing the chunk into the upload's data file, the client gives up.
    const giveUp = (async () => {
      await eventually(() =>
        expect(existsSync(folder) && readdirSync(folder).some((name) => name.startsWith('data-'))).toBe(true),
      );
      controller.abort();
    })();
    await expect(
      fetch(`${t.url}/zuul/api/storage/file_piecewise/upload`, {
        method: 'POST',
        body,
        duplex: 'half',
        signal: controller.signal,
        headers: { Cookie: cookie, [DEVICE_HEADER]: 'pc', 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      } as RequestInit),
    ).rejects.toThrow();
    await giveUp;
    await eventually(() => expect(readdirSync(join(t.dataDir, 'tmp'))).toEqual([]));
    expect(existsSync(join(folder, '1'))).toBe(false);
    expect((await blockCheck(fileMd5, 1, 1)).body.data.data).toBe(false);
  });

  it('answers 413 for a chunk above the limit', async () => {
    const big = randomBytes(MAX_CHUNK_BYTES + 1);
    const answer = await client.call('POST', '/zuul/api/storage/file_piecewise/upload', {
      body: chunkForm({ md5: md5(big), chunk: 1, chunks: 1, fileName: 'big.bin' }, big),
    });
    expect(answer.status).toBe(413);
    expect(answer.body.code).toBe('too_large');
    expect(readdirSync(join(t.dataDir, 'tmp'))).toEqual([]);
  });

  it('needs a token and the device header for every storage call', async () => {
    const guest = new Client(t.url);
    for (const path of [
      '/api/storage/file_piecewise/second_upload_check',
      '/api/storage/file_piecewise/block_upload_check',
      '/api/storage/file_piecewise/merge_file',
      '/api/storage/upload/base64_convert_image',
      '/zuul/api/storage/upload',
      '/zuul/api/storage/file_piecewise/upload',
    ]) {
      expect((await guest.post(path, {})).status, path).toBe(401);
      expect((await client.post(path, {}, { device: null })).status, path).toBe(400);
    }
    expect((await guest.get(`/api/storage/file/${md5(Buffer.from('z'))}`, { device: null })).status).toBe(401);
  });
});

describe('single upload POST /zuul/api/storage/upload', () => {
  it('stores a file under its MD5 and keeps only a sanitised display name', async () => {
    const data = randomBytes(50_000);
    const form = chunkForm({ serverid: 'base', uid: 'u1', md5: md5(data) }, data, '../../etc/passwd.png');
    const answer = await client.call<{ md5: string; name: string; url: string }>('POST', '/zuul/api/storage/upload', {
      body: form,
    });
    expect(answer.body).toMatchObject({ code: 'ok', data: { md5: md5(data), name: 'passwd.png', size: 50_000 } });
    expect(readdirSync(join(t.dataDir, 'files'))).toContain(sha256(data));
    const file = await client.raw('GET', answer.body.data.url, { device: null });
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('rejects a wrong md5, a forbidden extension and a file above the limit', async () => {
    const data = randomBytes(1000);
    const mismatch = await client.call('POST', '/zuul/api/storage/upload', {
      body: chunkForm({ md5: md5(Buffer.from('other')) }, data, 'a.png'),
    });
    expect(mismatch.body.code).toBe('md5_mismatch');
    const badServer = await client.call('POST', '/zuul/api/storage/upload', {
      body: chunkForm({ serverid: SQL }, data, 'a.png'),
    });
    expect(badServer.status).toBe(400);
    for (const name of ['run.exe', 'notes.txt', 'page.HTML', 'x.jsp']) {
      const answer = await client.call('POST', '/zuul/api/storage/upload', { body: chunkForm({}, data, name) });
      expect(answer.status, name).toBe(400);
    }
    const big = await client.call('POST', '/zuul/api/storage/upload', {
      body: chunkForm({}, randomBytes(MAX_CHUNK_BYTES + 1), 'big.bin'),
    });
    expect(big.status).toBe(413);
    expect(readdirSync(join(t.dataDir, 'tmp'))).toEqual([]);
  });
});

describe('POST /api/storage/upload/base64_convert_image', () => {
  const pngBytes = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)]);

  it('stores the decoded image with the given name and type', async () => {
    const answer = await client.post<{ md5: string; name: string }>('/api/storage/upload/base64_convert_image', {
      serverid: 'base',
      fileName: 'avatar',
      base64Str: pngBytes.toString('base64'),
      type: 'png',
    });
    expect(answer.body.data).toMatchObject({ md5: md5(pngBytes), name: 'avatar.png' });
  });

  it('needs an image type, a file name and image bytes', async () => {
    const base = { fileName: 'avatar', base64Str: pngBytes.toString('base64'), type: 'png' };
    expect((await client.post('/api/storage/upload/base64_convert_image', { ...base, type: 'exe' })).status).toBe(400);
    expect((await client.post('/api/storage/upload/base64_convert_image', { ...base, fileName: '' })).status).toBe(400);
    expect((await client.post('/api/storage/upload/base64_convert_image', { ...base, base64Str: '' })).status).toBe(
      400,
    );
    const notImage = await client.post('/api/storage/upload/base64_convert_image', {
      ...base,
      base64Str: Buffer.from('plain').toString('base64'),
    });
    expect(notImage.body.code).toBe('bad_image');
  });
});

describe('download helper /api/storage/download', () => {
  it('sends an attachment by GET query or POST form, without the device header', async () => {
    const data = randomBytes(2000);
    await client.call('POST', '/zuul/api/storage/upload', { body: chunkForm({}, data, 'report.pdf') });
    const get = await client.raw(
      'GET',
      `/api/storage/download?fileId=${md5(data)}&name=${encodeURIComponent('报告.pdf')}`,
      { device: null },
    );
    expect(get.status).toBe(200);
    expect(get.headers.get('content-disposition')).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent('报告.pdf')}`,
    );
    expect(md5(Buffer.from(await get.arrayBuffer()))).toBe(md5(data));
    const post = await client.raw('POST', '/api/storage/download', { device: null, form: { fileId: md5(data) } });
    expect(post.headers.get('content-disposition')).toContain('report.pdf');
    await post.arrayBuffer();
    expect((await client.get(`/api/storage/download?fileId=${md5(Buffer.from('none'))}`)).status).toBe(404);
    expect((await client.get('/api/storage/download?fileId=../../ph.db')).status).toBe(400);
    expect((await new Client(t.url).get(`/api/storage/download?fileId=${md5(data)}`)).status).toBe(401);
    // The header is optional there, not refused: a script download with it gets the same file.
    const withDevice = await client.raw('GET', `/api/storage/download?fileId=${md5(data)}`, { device: 'pc' });
    expect(withDevice.status).toBe(200);
    expect(md5(Buffer.from(await withDevice.arrayBuffer()))).toBe(md5(data));
  });
});

describe('sweep of chunks never merged', () => {
  it('removes chunk folders untouched for longer than chunkTtlSeconds at start, keeps fresh ones', async () => {
    const clock = new ManualClock();
    const own = await startServer({ now: clock.now });
    onTestFinished(() => own.stop());
    const owner = await signedIn(own.url, 'teacher');
    const stale = randomBytes(1000);
    const fresh = randomBytes(1000);
    await uploadChunk(md5(stale), 1, [stale], 'stale.bin', owner);
    // Two days later (default lifetime 24 h) by the server clock, another upload starts.
    clock.advance(2 * 24 * 3600);
    const later = await signedIn(own.url, 'teacher');
    await uploadChunk(md5(fresh), 1, [fresh], 'fresh.bin', later);
    const staleDir = chunkDir(own.dataDir, md5(stale));
    expect(existsSync(staleDir)).toBe(true);
    await own.restart();
    expect(existsSync(staleDir)).toBe(false);
    expect(existsSync(join(chunkDir(own.dataDir, md5(fresh)), '1'))).toBe(true);
  });

  it('sweeps on a timer while running, chunk folders and temp files alike, and merges still work', async () => {
    const clock = new ManualClock();
    const own = await startServer({ chunkTtlSeconds: 1, now: clock.now });
    onTestFinished(() => own.stop());
    const owner = await signedIn(own.url, 'teacher');
    const data = randomBytes(1000);
    await uploadChunk(md5(data), 1, [data], 'left.bin', owner);
    const leftover = join(own.dataDir, 'tmp', 'left-over.part');
    writeFileSync(leftover, 'partial');
    const emptyDir = join(own.dataDir, 'chunks', md5(Buffer.from('empty')));
    mkdirSync(emptyDir);
    // Made now by the server's clock, as the server dates its own chunks: the real time has moved on since the clock
    // was set (seconds, on a loaded machine), and a file dated by it would look fresher than the clock's "now".
    const madeAt = new Date(clock.now());
    for (const path of [leftover, emptyDir]) utimesSync(path, madeAt, madeAt);
    expect(existsSync(join(chunkDir(own.dataDir, md5(data)), '1'))).toBe(true);
    clock.advance(2);
    // The timer runs every second here; the test waits for the whole sweep's effect (chunk folders first, then temp
    // files), not for a time.
    await eventually(() =>
      expect({
        chunks: existsSync(chunkDir(own.dataDir, md5(data))),
        empty: existsSync(emptyDir),
        leftover: existsSync(leftover),
      }).toEqual({ chunks: false, empty: false, leftover: false }),
    );
    // A fresh upload right after a sweep is merged as usual.
    const next = randomBytes(1000);
    await uploadChunk(md5(next), 1, [next], 'next.bin', owner);
    const merged = await owner.post<{ md5: string }>('/api/storage/file_piecewise/merge_file', {
      md5: md5(next),
      name: 'next.bin',
      chunks: 1,
    });
    expect(merged.body).toMatchObject({ status: 200, data: { md5: md5(next) } });
  });
});

describe("each person's own files GET /api/storage/my_files (added: §7 lists no files)", () => {
  interface Listed {
    list: { md5: string; name: string; size: number; url: string; keptAt: number }[];
    total: number;
  }
  const single = (who: Client, data: Buffer, name: string) =>
    who.call<{ md5: string }>('POST', '/zuul/api/storage/upload', { body: chunkForm({ md5: md5(data) }, data, name) });
  const instant = (who: Client, data: Buffer, name: string) =>
    who.post<{ md5: string } | null>('/api/storage/file_piecewise/second_upload_check', { md5: md5(data), name });
  const names = async (who: Client, query = '') => {
    const answer = await who.get<Listed>(`/api/storage/my_files${query}`);
    expect(answer.status, answer.text).toBe(200);
    return { names: answer.body.data.list.map((file) => file.name), total: answer.body.data.total };
  };

  it('lists what the caller uploaded or found by the instant check, newest first, and nobody else sees it', async () => {
    const clock = new ManualClock();
    const own = await startServer({ now: clock.now });
    onTestFinished(() => own.stop());
    const teacher = await signedIn(own.url, 'teacher');
    const staff = await signedIn(own.url, 'staff');
    expect(await names(teacher)).toEqual({ names: [], total: 0 });

    const plan = randomBytes(3000);
    await single(teacher, plan, 'plan.png');
    clock.advance(1);
    const video = randomBytes(CHUNK_SIZE + 500);
    const parts = slices(video);
    for (let chunk = 1; chunk <= parts.length; chunk++) await uploadChunk(md5(video), chunk, parts, 'v.mp4', teacher);
    const merged = await teacher.post('/api/storage/file_piecewise/merge_file', {
      md5: md5(video),
      name: 'lesson 2.mp4',
      size: video.length,
      chunks: parts.length,
    });
    expect(merged.status, merged.text).toBe(200);
    clock.advance(1);
    const listed = await teacher.get<Listed>('/api/storage/my_files');
    expect(listed.body.data.list).toEqual([
      {
        fileId: md5(video),
        md5: md5(video),
        name: 'lesson 2.mp4',
        size: video.length,
        url: `/api/storage/file/${md5(video)}`,
        keptAt: clock.now() - 1000,
      },
      {
        fileId: md5(plan),
        md5: md5(plan),
        name: 'plan.png',
        size: 3000,
        url: `/api/storage/file/${md5(plan)}`,
        keptAt: clock.now() - 2000,
      },
    ]);

    // Another person of the same unit can read the files by MD5 (§7) but has none of their own, until the instant
    // check finds one for them: then it is theirs too, under their name, and the teacher's list is unchanged.
    expect(await names(staff)).toEqual({ names: [], total: 0 });
    expect((await instant(staff, plan, 'copy of plan.png')).body.data).toMatchObject({ md5: md5(plan) });
    expect((await instant(staff, randomBytes(10), 'unknown.png')).body.data).toBeNull();
    expect(await names(staff)).toEqual({ names: ['copy of plan.png'], total: 1 });
    expect(await names(teacher)).toEqual({ names: ['lesson 2.mp4', 'plan.png'], total: 2 });

    // Chosen again, a file moves to the top under its latest name, once.
    clock.advance(1);
    await instant(teacher, plan, 'plan (final).png');
    expect(await names(teacher)).toEqual({ names: ['plan (final).png', 'lesson 2.mp4'], total: 2 });
    expect(await names(teacher, '?limit=1')).toEqual({ names: ['plan (final).png'], total: 2 });
  });

  it('needs a signed-in caller and a limit from 1 to 100', async () => {
    expect((await new Client(t.url).get('/api/storage/my_files')).status).toBe(401);
    for (const limit of ['0', '101', 'x']) {
      expect((await client.get(`/api/storage/my_files?limit=${limit}`)).status, limit).toBe(400);
    }
    expect((await client.get('/api/storage/my_files?limit=100')).status).toBe(200);
  });
});
