import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chunkFolderName } from '../../demo/server/routes/storage/store';
import { type Client, signedIn, startServer, type TestServer } from './helpers';

// Each chunk is written once, at its offset in its upload's data file, and marked when whole (chunk-store.ts); the
// merge hands that file on. What a client sends decides where bytes go, so every rule that keeps them in place is
// checked here through the routes: sizes against eachSize, a try with another chunk size, fields after the file.

let t: TestServer;
let client: Client;
beforeAll(async () => {
  t = await startServer();
  client = await signedIn(t.url, 'teacher');
});
afterAll(() => t.stop());

const md5 = (data: Buffer) => createHash('md5').update(data).digest('hex');
const TEACHER = { unitId: 'unit-school', userId: 'u-teacher' };
const folderOf = (fileMd5: string) => join(t.dataDir, 'chunks', chunkFolderName(TEACHER, fileMd5));
const MB = 1024 * 1024;

/** One chunk upload; the file part goes last (as §7 clients send it) or first. */
function send(fields: Record<string, string | number>, bytes: Buffer, fileFirst = false) {
  const form = new FormData();
  const file = () => form.append('file', new Blob([new Uint8Array(bytes)]), 'lesson.mp4');
  if (fileFirst) file();
  for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
  if (!fileFirst) file();
  return client.call<{ chunk: number; size: number }>('POST', '/zuul/api/storage/file_piecewise/upload', {
    body: form,
  });
}

/** The fields §7 gives chunk `chunk` of `data` cut into chunks of `each` bytes. */
function fieldsOf(data: Buffer, each: number, chunk: number) {
  return {
    chunked: 'true',
    chunk,
    chunks: Math.ceil(data.length / each),
    eachSize: each,
    md5: md5(data),
    fileName: 'lesson.mp4',
    fullSize: data.length,
    size: piece(data, each, chunk).length,
  };
}

const piece = (data: Buffer, each: number, chunk: number) => data.subarray((chunk - 1) * each, chunk * each);

const check = (data: Buffer, chunk: number, chunks: number, size?: number) =>
  client.post<{ data: boolean }>('/api/storage/file_piecewise/block_upload_check', {
    md5: md5(data),
    chunk,
    chunks,
    size,
  });

const merge = (data: Buffer, chunks: number) =>
  client.post<{ md5: string; size: number }>('/api/storage/file_piecewise/merge_file', {
    md5: md5(data),
    name: 'lesson.mp4',
    size: data.length,
    chunks,
  });

describe('chunks placed in the upload data file', () => {
  it('writes each chunk once, at its offset in one data file, marked by an empty file of its size', async () => {
    const data = randomBytes(5 * MB);
    for (const chunk of [3, 1, 2])
      expect((await send(fieldsOf(data, 2 * MB, chunk), piece(data, 2 * MB, chunk))).status).toBe(200);
    const folder = folderOf(md5(data));
    expect(readdirSync(folder).sort()).toEqual(['1', '2', '3', `data-${2 * MB}`]);
    expect(readFileSync(join(folder, `data-${2 * MB}`)).equals(data)).toBe(true);
    for (const [chunk, size] of [
      [1, 2 * MB],
      [3, MB],
    ]) {
      const marker = statSync(join(folder, String(chunk)));
      // Sized, but holding no bytes: nothing is written a second time.
      expect({ size: marker.size, blocks: marker.blocks }).toEqual({ size, blocks: 0 });
      expect((await check(data, chunk as number, 3, size)).body.data.data).toBe(true);
    }
    expect(readdirSync(join(t.dataDir, 'tmp'))).toEqual([]);
    expect((await merge(data, 3)).body.data).toMatchObject({ md5: md5(data), size: data.length });
  });

  it('refuses a chunk before the last that is not eachSize long, and keeps its neighbours whole', async () => {
    const data = randomBytes(4 * MB + 100);
    const each = 2 * MB;
    expect((await send(fieldsOf(data, each, 2), piece(data, each, 2))).status).toBe(200);
    const longer = await send(fieldsOf(data, each, 1), Buffer.concat([piece(data, each, 1), randomBytes(1000)]));
    expect({ status: longer.status, code: longer.body.code }).toEqual({ status: 413, code: 'too_large' });
    const shorter = await send(fieldsOf(data, each, 1), piece(data, each, 1).subarray(1));
    expect({ status: shorter.status, code: shorter.body.code }).toEqual({ status: 400, code: 'chunk_size_mismatch' });
    expect(shorter.body.message).toContain('The chunk is not eachSize bytes long');
    expect((await check(data, 1, 3)).body.data.data).toBe(false);
    expect((await check(data, 2, 3, each)).body.data.data).toBe(true);
    for (const chunk of [1, 3]) await send(fieldsOf(data, each, chunk), piece(data, each, chunk));
    expect((await merge(data, 3)).body.data).toMatchObject({ md5: md5(data), size: data.length });
  });

  it('starts again from nothing when a try with another chunk size comes, and merges that one', async () => {
    const data = randomBytes(3 * MB);
    for (const chunk of [1, 2]) await send(fieldsOf(data, MB, chunk), piece(data, MB, chunk));
    expect((await check(data, 2, 3, MB)).body.data.data).toBe(true);
    expect((await send(fieldsOf(data, 2 * MB, 1), piece(data, 2 * MB, 1))).status).toBe(200);
    expect((await check(data, 2, 3, MB)).body.data.data).toBe(false);
    expect(readdirSync(folderOf(md5(data))).sort()).toEqual(['1', `data-${2 * MB}`]);
    await send(fieldsOf(data, 2 * MB, 2), piece(data, 2 * MB, 2));
    expect((await merge(data, 2)).body.data).toMatchObject({ md5: md5(data), size: data.length });
  });

  it('places a chunk whose fields come after it, and one without eachSize by its size or fullSize', async () => {
    const data = randomBytes(3 * MB);
    const each = 2 * MB;
    const { eachSize: _each, ...withoutEach } = fieldsOf(data, each, 2);
    const lastFirst = await send({ ...withoutEach, fullSize: '' }, piece(data, each, 2), true);
    expect(lastFirst.status).toBe(400);
    const orphan = await send({ chunked: 'true', chunk: 2, chunks: 2, md5: md5(data) }, piece(data, each, 2), true);
    expect({ status: orphan.status, code: orphan.body.code }).toEqual({ status: 400, code: 'each_size_required' });
    expect(orphan.body.message).toContain('eachSize is needed to place this chunk');
    expect((await send(withoutEach, piece(data, each, 2), true)).status).toBe(200);
    const { eachSize: _first, ...firstWithoutEach } = fieldsOf(data, each, 1);
    expect((await send(firstWithoutEach, piece(data, each, 1), true)).status).toBe(200);
    expect(readdirSync(join(t.dataDir, 'tmp'))).toEqual([]);
    expect(readdirSync(folderOf(md5(data))).sort()).toEqual(['1', '2', `data-${each}`]);
    expect((await merge(data, 2)).body.data).toMatchObject({ md5: md5(data), size: data.length });
  });

  it("answers a failure of its own disk as the server's (500), not as a malformed body", async () => {
    const data = randomBytes(1000);
    // A file where the upload's folder belongs: every write into it fails.
    writeFileSync(folderOf(md5(data)), 'in the way');
    const answer = await send({ ...fieldsOf(data, 2 * MB, 1), eachSize: 2 * MB }, data);
    expect(answer.status).toBe(500);
    expect(answer.body.code).not.toBe('bad_multipart');
  });

  it('drops at start the chunk folders of the layout before data files, so their chunks are sent again', async () => {
    const own = await startServer();
    try {
      const data = randomBytes(3 * MB);
      const old = join(own.dataDir, 'chunks', chunkFolderName(TEACHER, md5(data)));
      const kept = join(own.dataDir, 'chunks', chunkFolderName(TEACHER, md5(randomBytes(8))));
      mkdirSync(old, { recursive: true });
      writeFileSync(join(old, '1'), piece(data, 2 * MB, 1));
      mkdirSync(kept, { recursive: true });
      writeFileSync(join(kept, `data-${2 * MB}`), '');
      await own.restart();
      expect({ old: existsSync(old), kept: existsSync(kept) }).toEqual({ old: false, kept: true });
      const teacher = await signedIn(own.url, 'teacher');
      const answer = await teacher.post<{ data: boolean }>('/api/storage/file_piecewise/block_upload_check', {
        md5: md5(data),
        chunk: 1,
        chunks: 2,
        size: 2 * MB,
      });
      expect(answer.body.data.data).toBe(false);
    } finally {
      await own.stop();
    }
  });
});
