import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { QuotaOptions } from '../../demo/server/routes/storage/quota';
import { chunkFolderName } from '../../demo/server/routes/storage/store';
import { MAX_CHUNK_BYTES } from '../../src/core/api/wire';
import { type Client, signedIn, startServer } from './helpers';

// Issue 67, item 4: bytes of unfinished chunks and of stored files have allowances, per user and per unit; past one,
// a clear 507 (413 for a file larger than a whole allowance) in three languages, and nothing of the upload kept.
// The allowances here are a few hundred KB, so that nothing big is written.

const KB = 1024;
const md5 = (data: Buffer) => createHash('md5').update(data).digest('hex');

async function server(quotas: Partial<QuotaOptions>) {
  const t = await startServer({ quotas });
  onTestFinished(() => t.stop());
  return t;
}

/** One chunk of a file cut in `each`-byte chunks, as the uploader sends it (fields first, then the bytes). */
function sendChunk(who: Client, file: Buffer, chunk: number, each: number, extra: Record<string, string> = {}) {
  const chunks = Math.ceil(file.length / each);
  const data = file.subarray((chunk - 1) * each, chunk * each);
  const form = new FormData();
  const fields = {
    chunked: 'true',
    chunk,
    chunks,
    eachSize: each,
    md5: md5(file),
    fileName: 'lesson.mp4',
    fullSize: file.length,
    size: data.length,
    ...extra,
  };
  for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
  form.append('file', new Blob([new Uint8Array(data)]), 'lesson.mp4');
  return who.call('POST', '/zuul/api/storage/file_piecewise/upload', { body: form });
}

const merge = (who: Client, file: Buffer, each: number) =>
  who.post('/api/storage/file_piecewise/merge_file', {
    md5: md5(file),
    name: 'lesson.mp4',
    size: file.length,
    chunks: Math.ceil(file.length / each),
  });

/** Uploads a whole file in chunks and merges it. */
async function store(who: Client, file: Buffer, each = 64 * KB) {
  for (let chunk = 1; chunk <= Math.ceil(file.length / each); chunk++) {
    const sent = await sendChunk(who, file, chunk, each);
    if (sent.status !== 200) return sent;
  }
  return merge(who, file, each);
}

function expectThreeLanguages(message: string, english: RegExp) {
  const parts = message.split('|||');
  expect(parts).toHaveLength(3);
  expect(parts[1]).toMatch(english);
  expect(parts[0]).not.toBe(parts[2]);
}

describe('eachSize', () => {
  it('is a 400 above the chunk maximum, and nothing is written (1e13 once left a 10 TB sparse file)', async () => {
    const t = await server({});
    const teacher = await signedIn(t.url, 'teacher');
    const file = randomBytes(2 * KB);
    for (const eachSize of ['10000000000000', String(MAX_CHUNK_BYTES + 1)]) {
      for (const chunk of [1, 2]) {
        const answer = await sendChunk(teacher, file, chunk, 1 * KB, { eachSize, chunks: '3' });
        expect(answer.status).toBe(400);
        expect(answer.body.code).toBe('each_size_too_large');
        expect(answer.body.fieldErrors?.[0]?.field).toBe('eachSize');
      }
    }
    expect(readdirSync(join(t.dataDir, 'chunks'))).toEqual([]);
  });
});

describe('unfinished chunks', () => {
  it("refuse a user's chunk past their allowance with 507 uploads_full, writing none of it; a merge frees them", async () => {
    const t = await server({ chunkBytesPerUser: 256 * KB });
    const teacher = await signedIn(t.url, 'teacher');
    const each = 64 * KB;
    const first = randomBytes(256 * KB);
    for (let chunk = 1; chunk <= 4; chunk++) expect((await sendChunk(teacher, first, chunk, each)).status).toBe(200);
    const second = randomBytes(128 * KB);
    const refused = await sendChunk(teacher, second, 1, each);
    expect(refused.status).toBe(507);
    expect(refused.body).toMatchObject({
      code: 'uploads_full',
      data: { whose: 'user', used: 256 * KB, limit: 256 * KB },
    });
    expectThreeLanguages(refused.body.message, /^Your unfinished uploads take 256 kB \(at most 256 kB\)/);
    const folder = join(
      t.dataDir,
      'chunks',
      chunkFolderName({ unitId: 'unit-school', userId: 'u-teacher' }, md5(second)),
    );
    expect(existsSync(join(folder, '1'))).toBe(false);
    // Sending a chunk it already holds again takes no more room; another person of the unit has their own.
    expect((await sendChunk(teacher, first, 4, each)).status).toBe(200);
    expect((await sendChunk(await signedIn(t.url, 'staff'), second, 1, each)).status).toBe(200);
    // Merged, the first file's chunks no longer count.
    expect((await merge(teacher, first, each)).status).toBe(200);
    expect((await sendChunk(teacher, second, 1, each)).status).toBe(200);
  });

  it("refuse a unit's chunks past its allowance, whoever sends them, and count them again after a restart", async () => {
    const t = await server({ chunkBytesPerUnit: 192 * KB });
    const teacher = await signedIn(t.url, 'teacher');
    const staff = await signedIn(t.url, 'staff');
    const file = randomBytes(512 * KB);
    const each = 64 * KB;
    for (let chunk = 1; chunk <= 2; chunk++) expect((await sendChunk(teacher, file, chunk, each)).status).toBe(200);
    const otherFile = randomBytes(512 * KB);
    expect((await sendChunk(staff, otherFile, 1, each)).status).toBe(200);
    const refused = await sendChunk(staff, otherFile, 2, each);
    expect(refused).toMatchObject({ status: 507, body: { code: 'uploads_full', data: { whose: 'unit' } } });
    expectThreeLanguages(refused.body.message, /^Your school's unfinished uploads/);
    // The area user is another unit: not held.
    expect((await sendChunk(await signedIn(t.url, 'areauser'), otherFile, 1, each)).status).toBe(200);
    await t.restart({ quotas: { chunkBytesPerUnit: 192 * KB } });
    expect((await sendChunk(await signedIn(t.url, 'staff'), otherFile, 2, each)).status).toBe(507);
  });
});

describe('stored files', () => {
  it("refuse a user's file past their allowance with 507 storage_full, keeping none of it", async () => {
    const t = await server({ fileBytesPerUser: 300 * KB });
    const teacher = await signedIn(t.url, 'teacher');
    expect((await store(teacher, randomBytes(200 * KB))).status).toBe(200);
    const next = randomBytes(128 * KB);
    // Announced by its first chunk (fullSize): refused before any byte of it is written.
    const early = await sendChunk(teacher, next, 1, 64 * KB);
    expect(early.status).toBe(507);
    expect(early.body).toMatchObject({
      code: 'storage_full',
      data: { whose: 'user', used: 200 * KB, limit: 300 * KB },
    });
    expectThreeLanguages(
      early.body.message,
      /^Your storage is full \(200 kB of 300 kB used\); the file was not stored/,
    );
    // A single upload is refused as it is stored, and leaves nothing behind.
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(next)]), 'notes.pdf');
    const single = await teacher.call('POST', '/zuul/api/storage/upload', { body: form });
    expect(single.status).toBe(507);
    const files = await teacher.get<{ list: unknown[] }>('/api/storage/my_files');
    expect(files.body.data.list).toHaveLength(1);
    expect(readdirSync(join(t.dataDir, 'tmp'))).toEqual([]);
    expect(readdirSync(join(t.dataDir, 'files'))).toHaveLength(1);
    // Another person of the unit still stores theirs.
    expect((await store(await signedIn(t.url, 'staff'), next)).status).toBe(200);
  });

  it("refuse a file past the unit's allowance, and a file larger than a whole allowance with 413", async () => {
    const t = await server({ fileBytesPerUnit: 300 * KB, fileBytesPerUser: 1024 * KB });
    const teacher = await signedIn(t.url, 'teacher');
    expect((await store(teacher, randomBytes(256 * KB))).status).toBe(200);
    const refused = await store(await signedIn(t.url, 'staff'), randomBytes(64 * KB));
    expect(refused).toMatchObject({ status: 507, body: { code: 'storage_full', data: { whose: 'unit' } } });
    expectThreeLanguages(refused.body.message, /ask your school's administrator/i);
    const huge = await sendChunk(teacher, randomBytes(2048 * KB), 1, 64 * KB);
    expect(huge).toMatchObject({ status: 413, body: { code: 'over_quota', data: { whose: 'user' } } });
    expectThreeLanguages(huge.body.message, /^The file \(2 MB\) is larger than your storage allowance \(1 MB\)/);
  });

  it('let a file the unit already has be sent again at no cost', async () => {
    const t = await server({ fileBytesPerUser: 256 * KB });
    const teacher = await signedIn(t.url, 'teacher');
    const file = randomBytes(256 * KB);
    expect((await store(teacher, file)).status).toBe(200);
    expect((await store(teacher, file)).status).toBe(200);
  });
});
