import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Assemblies, type AssemblyService } from '../../demo/server/routes/storage/assembly';
import { AssemblyThread } from '../../demo/server/routes/storage/assembly-thread';

// The merge's head start (assembly.ts): chunks that extend the run from chunk 1 are appended and hashed as they land.
// Whatever the assembly cannot vouch for, it hands back as null, and the merge concatenates the chunk files instead.

let dir: string;
let temps = 0;
const tmp = () => join(dir, 'tmp');
const chunkDir = () => join(dir, 'chunks');
const chunkPath = (chunk: number) => join(chunkDir(), String(chunk));
const md5 = (data: Buffer) => createHash('md5').update(data).digest('hex');

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ph-assembly-'));
  for (const sub of ['tmp', 'chunks']) mkdirSync(join(dir, sub));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

// The same rules in this thread and in the worker thread the store uses (assembly-thread.ts).
const kinds = [
  ['in this thread', (limit?: number): AssemblyService => new Assemblies(limit)],
  ['in a worker thread', (limit?: number): AssemblyService => new AssemblyThread(limit)],
] as const;

/** Four chunks of random bytes and the file they make. */
function parts(count = 4, size = 300_000) {
  const list = Array.from({ length: count }, () => randomBytes(size));
  return { list, whole: Buffer.concat(list) };
}

/** Places chunk n (1-based) as the store does, then tells the assemblies; resolves when they have taken it. */
function place(target: AssemblyService, folder: string, chunk: number, bytes: Buffer) {
  writeFileSync(chunkPath(chunk), bytes);
  return target.advance({ folder, dir: chunkDir(), tempPath: join(tmp(), `assembly-${temps++}.part`) });
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

  it('gives the merged file and its hashes for chunks that came in any order', async () => {
    const target = assemblies();
    const { list, whole } = parts();
    for (const chunk of [2, 4, 1, 3]) place(target, 'f', chunk, list[chunk - 1] as Buffer);
    const merged = await target.finish('f', 4, md5(whole));
    expect(merged).toMatchObject({ size: whole.length, md5: md5(whole) });
    expect(merged?.sha256).toBe(createHash('sha256').update(whole).digest('hex'));
    expect(readFileSync(merged?.path as string).equals(whole)).toBe(true);
  });

  it('reads at the end the chunks it was not told about', async () => {
    const target = assemblies();
    const { list, whole } = parts();
    place(target, 'f', 1, list[0] as Buffer);
    for (const chunk of [2, 3, 4]) writeFileSync(chunkPath(chunk), list[chunk - 1] as Buffer);
    const merged = await target.finish('f', 4, md5(whole));
    expect(merged && readFileSync(merged.path).equals(whole)).toBe(true);
  });

  it('answers null, and leaves no file, when its bytes do not give the MD5 (a chunk was replaced after it was read)', async () => {
    const target = assemblies();
    const { list, whole } = parts();
    await place(target, 'f', 1, randomBytes(300_000));
    for (const chunk of [2, 3, 4]) place(target, 'f', chunk, list[chunk - 1] as Buffer);
    writeFileSync(chunkPath(1), list[0] as Buffer);
    expect(await target.finish('f', 4, md5(whole))).toBeNull();
    expect(readdirSync(tmp())).toEqual([]);
  });

  it('answers null when it read past `count` (chunks of an older try with a smaller chunk size)', async () => {
    const target = assemblies();
    const { list } = parts(5);
    for (let chunk = 1; chunk <= 5; chunk++) place(target, 'f', chunk, list[chunk - 1] as Buffer);
    const firstFour = Buffer.concat(list.slice(0, 4));
    expect(await target.finish('f', 4, md5(firstFour))).toBeNull();
    expect(readdirSync(tmp())).toEqual([]);
  });

  it('answers null for an upload it never saw (after a restart) and for one dropped', async () => {
    const target = assemblies();
    const { list, whole } = parts(1);
    expect(await target.finish('unknown', 1, md5(whole))).toBeNull();
    place(target, 'f', 1, list[0] as Buffer);
    await target.drop('f');
    expect(await target.finish('f', 1, md5(whole))).toBeNull();
    expect(readdirSync(tmp())).toEqual([]);
  });

  it('keeps at most `limit` open, letting the least recently fed go first', async () => {
    const target = assemblies(2);
    const { list, whole } = parts(1);
    for (const folder of ['a', 'b']) place(target, folder, 1, list[0] as Buffer);
    place(target, 'a', 1, list[0] as Buffer);
    place(target, 'c', 1, list[0] as Buffer);
    expect(await target.finish('b', 1, md5(whole))).toBeNull();
    expect(await target.finish('a', 1, md5(whole))).not.toBeNull();
    expect(await target.finish('c', 1, md5(whole))).not.toBeNull();
    await target.close();
  });

  it('removes the files of the assemblies still open when closed', async () => {
    const target = assemblies();
    const { list } = parts(2);
    place(target, 'a', 1, list[0] as Buffer);
    place(target, 'b', 2, list[1] as Buffer);
    await target.close();
    expect(readdirSync(tmp())).toEqual([]);
  });
});
