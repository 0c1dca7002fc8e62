import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AssemblyThread } from '../../demo/server/routes/storage/assembly-thread';
import { ChunkStore } from '../../demo/server/routes/storage/chunk-store';

// The chunk store with its assemblies on their worker thread, as the server runs it: their reads and the chunks'
// writes run truly at once, and the hashes must never take a chunk that is not whole.

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ph-chunk-store-'));
  mkdirSync(join(dir, 'tmp'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const md5 = (data: Buffer) => createHash('md5').update(data).digest('hex');

async function* pieces(bytes: Buffer) {
  for (let offset = 0; offset < bytes.length; offset += 16_384) yield bytes.subarray(offset, offset + 16_384);
}

describe('ChunkStore', () => {
  it('merges chunks written many at once while their hashes follow (a marker is whole when it appears)', async () => {
    const store = new ChunkStore(join(dir, 'chunks'), () => Date.now());
    const each = 64 * 1024;
    const chunks = 256;
    const data = randomBytes(each * chunks - 1000);
    let next = 1;
    const lane = async () => {
      for (let chunk = next++; chunk <= chunks; chunk = next++) {
        await store.write('f', { chunk, chunks, each }, pieces(data.subarray((chunk - 1) * each, chunk * each)));
      }
    };
    await Promise.all(Array.from({ length: 8 }, lane));
    const merged = await store.assemble('f', { count: chunks, md5: md5(data) }, join(dir, 'tmp', 'merged'));
    expect(merged).toMatchObject({ md5: md5(data), size: data.length });
    expect(readFileSync(join(dir, 'tmp', 'merged')).equals(data)).toBe(true);
    await store.close();
  });

  it('takes the same chunk sent twice at once (a retry while the first try still runs)', async () => {
    const store = new ChunkStore(join(dir, 'chunks'), () => Date.now());
    const each = 1000;
    const data = randomBytes(each * 2);
    const chunk = (n: number) => data.subarray((n - 1) * each, n * each);
    for (let round = 0; round < 5; round++) {
      const sizes = await Promise.all(
        [1, 1, 1, 2, 2].map((n) => store.write('f', { chunk: n, chunks: 2, each }, pieces(chunk(n)))),
      );
      expect(sizes).toEqual([each, each, each, each, each]);
    }
    expect(readdirSync(join(dir, 'chunks', 'f')).sort()).toEqual(['1', '2', `data-${each}`]);
    const merged = await store.assemble('f', { count: 2, md5: md5(data) }, join(dir, 'tmp', 'merged'));
    expect(merged).toMatchObject({ md5: md5(data), size: data.length });
    await store.close();
  });

  it('merges while a request for a chunk stalls, and what that request writes later leaves the merged file alone', async () => {
    const store = new ChunkStore(join(dir, 'chunks'), () => Date.now());
    const each = 64 * 1024;
    const data = randomBytes(each * 2);
    const chunk = (n: number) => data.subarray((n - 1) * each, n * each);
    // A try of chunk 2 whose client went quiet half way (an abort the proxy never passed on), then sends other bytes.
    let resume = () => {};
    const resumed = new Promise<void>((done) => {
      resume = done;
    });
    async function* stalled() {
      yield randomBytes(each / 2);
      await resumed;
      yield randomBytes(each / 2);
    }
    const quiet = store.write('f', { chunk: 2, chunks: 2, each }, stalled(), () => false);
    await store.write('f', { chunk: 1, chunks: 2, each }, pieces(chunk(1)));
    await store.write('f', { chunk: 2, chunks: 2, each }, pieces(chunk(2)));
    const path = join(dir, 'tmp', 'merged');
    expect(await store.assemble('f', { count: 2, md5: md5(data) }, path)).toMatchObject({ md5: md5(data) });
    resume();
    await quiet.catch(() => undefined);
    expect(readFileSync(path).equals(data)).toBe(true);
    await store.close();
  });

  it('keeps the hashes taken as the chunks came when each chunk came once (the merge reads nothing again)', async () => {
    // Bytes changed behind the store's back tell hashes kept, which answer from what they read, from hashes dropped,
    // which read the file again (a whole 512 MB file took the merge 1.2 s instead of 0.03 s when every write dropped
    // them). On the worker thread, as the server runs them: they lag behind the writes there.
    const assemblies = new AssemblyThread();
    const store = new ChunkStore(join(dir, 'chunks'), () => Date.now(), assemblies);
    const each = 2 * 1024 * 1024;
    const data = randomBytes(each * 6);
    let next = 1;
    const lane = async () => {
      for (let chunk = next++; chunk <= 6; chunk = next++) {
        await store.write('f', { chunk, chunks: 6, each }, pieces(data.subarray((chunk - 1) * each, chunk * each)));
      }
    };
    await Promise.all([lane(), lane(), lane()]);
    // Once the hashes have caught up with the chunks.
    await assemblies.advance({ folder: 'f', dir: join(dir, 'chunks', 'f'), each });
    writeFileSync(join(dir, 'chunks', 'f', `data-${each}`), randomBytes(data.length));
    const merged = await store.assemble('f', { count: 6, md5: md5(data) }, join(dir, 'tmp', 'merged'));
    expect(merged?.md5).toBe(md5(data));
    await store.close();
  });

  it('never shows a marker before it has its size (a check or the hashes would take the chunk as empty)', async () => {
    const store = new ChunkStore(join(dir, 'chunks'), () => Date.now());
    const folder = join(dir, 'chunks', 'f');
    // Whenever a file is being sized, every marker already in the folder must have its chunk's size (none is empty).
    const seen: Record<string, number>[] = [];
    const probe = await open(join(dir, 'probe'), 'w');
    const handles = Object.getPrototypeOf(probe) as { truncate: (length?: number) => Promise<void> };
    await probe.close();
    const truncate = handles.truncate;
    const spy = vi.spyOn(handles, 'truncate').mockImplementation(async function (this: unknown, length?: number) {
      const markers = readdirSync(folder).filter((name) => /^\d+$/.test(name));
      seen.push(Object.fromEntries(markers.map((name) => [name, statSync(join(folder, name)).size])));
      return truncate.call(this, length);
    });
    try {
      const each = 1000;
      for (let chunk = 1; chunk <= 3; chunk++) {
        await store.write('f', { chunk, chunks: 3, each }, pieces(randomBytes(each)));
      }
    } finally {
      spy.mockRestore();
    }
    expect(seen).toEqual([{}, { 1: 1000 }, { 1: 1000, 2: 1000 }]);
    await store.close();
  });
});
