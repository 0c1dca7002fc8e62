import { createHash, randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  ftruncateSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Assemblies, type AssemblyService } from '../../demo/server/routes/storage/assembly';
import { AssemblyThread } from '../../demo/server/routes/storage/assembly-thread';
import { chunkOffset, dataPath, markerPath, type UploadFolder } from '../../demo/server/routes/storage/upload-folder';

// The merge's head start (assembly.ts): the hashes follow an upload's data file from chunk 1 as its chunks land. What
// they cannot vouch for (a restart, a chunk written again after it was read, an older layout) the merge reads from the
// start; a file that does not give the MD5 is refused, and its data stays for a retry.

const EACH = 300_000;
let dir: string;
let temps = 0;
const tmp = () => join(dir, 'tmp');
const tempPath = () => join(tmp(), `merged-${temps++}.part`);
const md5 = (data: Buffer) => createHash('md5').update(data).digest('hex');
const upload = (folder = 'f', each = EACH): UploadFolder => ({ folder, dir: join(dir, 'chunks', folder), each });

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ph-assembly-'));
  mkdirSync(tmp());
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

// The same rules in this thread and in the worker thread the store uses (assembly-thread.ts).
const kinds = [
  ['in this thread', (limit?: number): AssemblyService => new Assemblies(limit)],
  ['in a worker thread', (limit?: number): AssemblyService => new AssemblyThread(limit)],
] as const;

/** Chunks of random bytes (the last one shorter) and the file they make. */
function parts(count = 4) {
  const list = Array.from({ length: count }, (_, index) => randomBytes(index === count - 1 ? EACH / 2 : EACH));
  return { list, whole: Buffer.concat(list) };
}

/** Writes chunk n at its offset and marks it, as the store does (chunk-store.ts); no assembly is told. */
function write(target: UploadFolder, chunk: number, bytes: Buffer) {
  mkdirSync(target.dir, { recursive: true });
  const data = openSync(dataPath(target), existsSync(dataPath(target)) ? 'r+' : 'w');
  writeSync(data, bytes, 0, bytes.length, chunkOffset(target.each, chunk));
  closeSync(data);
  const marker = openSync(markerPath(target.dir, chunk), 'w');
  ftruncateSync(marker, bytes.length);
  closeSync(marker);
}

/** Writes chunk n and tells the assemblies; resolves when they have taken it. */
function place(assemblies: AssemblyService, target: UploadFolder, chunk: number, bytes: Buffer) {
  write(target, chunk, bytes);
  return assemblies.advance(target);
}

describe.each(kinds)('assemblies of chunks (assembly.ts), %s', (_kind, create) => {
  let opened: AssemblyService[] = [];
  const assemblies = (limit?: number) => {
    const target = create(limit);
    opened.push(target);
    return target;
  };
  afterEach(async () => {
    await Promise.all(opened.map((target) => target.close()));
    opened = [];
  });

  it('gives the data file, moved, as the merged file with its hashes, for chunks that came in any order', async () => {
    const target = assemblies();
    const { list, whole } = parts();
    for (const chunk of [2, 4, 1, 3]) place(target, upload(), chunk, list[chunk - 1] as Buffer);
    const path = tempPath();
    const merged = await target.finish(upload(), { count: 4, md5: md5(whole), size: whole.length }, path);
    expect(merged).toEqual({
      path,
      size: whole.length,
      md5: md5(whole),
      sha256: createHash('sha256').update(whole).digest('hex'),
    });
    expect(readFileSync(path).equals(whole)).toBe(true);
    expect(existsSync(dataPath(upload()))).toBe(false);
  });

  it('reads at the end the chunks it was not told about, and after a restart or a drop the whole file', async () => {
    const target = assemblies();
    const { list, whole } = parts();
    place(target, upload(), 1, list[0] as Buffer);
    for (const chunk of [2, 3, 4]) write(upload(), chunk, list[chunk - 1] as Buffer);
    const merged = await target.finish(upload(), { count: 4, md5: md5(whole) }, tempPath());
    expect(merged && readFileSync(merged.path).equals(whole)).toBe(true);

    for (const chunk of [1, 2, 3, 4]) write(upload('g'), chunk, list[chunk - 1] as Buffer);
    const unknown = await target.finish(upload('g'), { count: 4, md5: md5(whole) }, tempPath());
    expect(unknown?.md5).toBe(md5(whole));
    await place(target, upload('h'), 1, list[0] as Buffer);
    await target.drop('h');
    for (const chunk of [2, 3, 4]) write(upload('h'), chunk, list[chunk - 1] as Buffer);
    expect((await target.finish(upload('h'), { count: 4, md5: md5(whole) }, tempPath()))?.md5).toBe(md5(whole));
  });

  it('answers null, and keeps the data file for a retry, when the bytes do not give the MD5 or the size', async () => {
    const target = assemblies();
    const { list, whole } = parts();
    for (const chunk of [1, 2, 3, 4]) place(target, upload(), chunk, list[chunk - 1] as Buffer);
    expect(await target.finish(upload(), { count: 4, md5: md5(randomBytes(8)) }, tempPath())).toBeNull();
    expect(await target.finish(upload(), { count: 4, md5: md5(whole), size: whole.length + 1 }, tempPath())).toBeNull();
    expect(readdirSync(tmp())).toEqual([]);
    expect(readFileSync(dataPath(upload())).equals(whole)).toBe(true);
    expect(await target.finish(upload(), { count: 4, md5: md5(whole), size: whole.length }, tempPath())).not.toBeNull();
  });

  it('reads the file again when a chunk it had hashed is written again', async () => {
    const target = assemblies();
    const { list, whole } = parts();
    await place(target, upload(), 1, randomBytes(EACH));
    for (const chunk of [2, 3, 4]) place(target, upload(), chunk, list[chunk - 1] as Buffer);
    target.rewriting('f', 1);
    await place(target, upload(), 1, list[0] as Buffer);
    expect((await target.finish(upload(), { count: 4, md5: md5(whole) }, tempPath()))?.md5).toBe(md5(whole));
  });

  it('merges chunks 1..count only, cut to their size, whatever else the file holds', async () => {
    const target = assemblies();
    const { list } = parts(5);
    const full = list.map((bytes) => Buffer.concat([bytes, randomBytes(EACH - bytes.length)]));
    for (let chunk = 1; chunk <= 5; chunk++) place(target, upload(), chunk, full[chunk - 1] as Buffer);
    const firstThree = Buffer.concat(full.slice(0, 3));
    const merged = await target.finish(upload(), { count: 3, md5: md5(firstThree) }, tempPath());
    expect(merged && readFileSync(merged.path).equals(firstThree)).toBe(true);
  });

  it('keeps the hashes of at most `limit` uploads, letting the least recently fed go first', async () => {
    // Bytes changed behind its back (no `rewriting`) tell a kept assembly, which answers from what it read, from a
    // dropped one, which reads the file again.
    const target = assemblies(2);
    const { list } = parts(1);
    const other = randomBytes(EACH / 2);
    for (const folder of ['a', 'b']) await place(target, upload(folder), 1, list[0] as Buffer);
    await place(target, upload('a'), 1, list[0] as Buffer);
    await place(target, upload('c'), 1, list[0] as Buffer);
    for (const folder of ['a', 'b', 'c']) write(upload(folder), 1, other);
    expect(await target.finish(upload('b'), { count: 1, md5: md5(other) }, tempPath())).not.toBeNull();
    expect(await target.finish(upload('a'), { count: 1, md5: md5(list[0] as Buffer) }, tempPath())).not.toBeNull();
    expect(await target.finish(upload('c'), { count: 1, md5: md5(list[0] as Buffer) }, tempPath())).not.toBeNull();
  });
});
