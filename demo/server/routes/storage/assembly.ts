import { createHash } from 'node:crypto';
import { type FileHandle, open, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { TempFile } from './temp-files';

// Chunks mostly arrive in order (a few in flight at once). Each chunk that extends the run from chunk 1 is appended
// to an assembly file as soon as it lands, hashed on the way, so a merge finds the work already done instead of
// reading, hashing and writing the whole file at the end. The state lives in memory only: after a restart, on any
// doubt (a gap, extra chunks, bytes that do not give the MD5) the merge concatenates from the chunk files instead.

/** MD5 (the protocol's check), SHA-256 (the blob's name) and size of bytes as they go by. */
export function hashing() {
  const md5 = createHash('md5');
  const sha = createHash('sha256');
  let size = 0;
  return {
    update: (bytes: Buffer) => {
      md5.update(bytes);
      sha.update(bytes);
      size += bytes.length;
    },
    result: () => ({ size, md5: md5.digest('hex'), sha256: sha.digest('hex') }),
  };
}

/** Appends chunk files from `next` on while they exist (and up to `last`); answers the chunk after the last one read. */
export async function appendChunks(
  target: FileHandle,
  hashes: ReturnType<typeof hashing>,
  chunkPath: (chunk: number) => string,
  next: number,
  last = Number.POSITIVE_INFINITY,
): Promise<number> {
  for (; next <= last; next++) {
    let bytes: Buffer;
    try {
      bytes = await readFile(chunkPath(next));
    } catch {
      return next;
    }
    hashes.update(bytes);
    await target.write(bytes);
  }
  return next;
}

/** Chunk n of an upload is the file `n` in its chunk folder. */
export const chunkPathIn = (dir: string) => (chunk: number) => join(dir, String(chunk));

interface Assembly {
  path: string;
  handle: Promise<FileHandle>;
  hashes: ReturnType<typeof hashing>;
  /** The first chunk not yet appended. */
  next: number;
  /** Folds run one after another. */
  queue: Promise<void>;
  chunkPath: (chunk: number) => string;
}

export interface AssemblyRequest {
  /** The chunk folder's name: one assembly per upload. */
  folder: string;
  /** The chunk folder's path. */
  dir: string;
  /** Where the assembled file goes, if this chunk starts the upload's assembly. */
  tempPath: string;
}

/** What the store asks of the assemblies, in this thread (Assemblies) or in a worker (assembly-thread.ts). */
export interface AssemblyService {
  advance(request: AssemblyRequest): Promise<void>;
  finish(folder: string, count: number, md5: string): Promise<TempFile | null>;
  drop(folder: string): Promise<void>;
  close(): Promise<void>;
}

/** The assemblies of uploads in progress, at most `limit` (the least recently fed goes first). */
export class Assemblies implements AssemblyService {
  private readonly open = new Map<string, Assembly>();

  constructor(private readonly limit = 32) {}

  /**
   * After a chunk of the upload was placed: appends it, and the chunks after it already there, when they are next.
   * Resolves once that is done (or has failed: the assembly is then dropped, and the merge concatenates).
   */
  advance({ folder, dir, tempPath }: AssemblyRequest): Promise<void> {
    const chunkPath = chunkPathIn(dir);
    const assembly = this.open.get(folder) ?? this.start(chunkPath, tempPath);
    this.open.delete(folder);
    this.open.set(folder, assembly);
    assembly.queue = assembly.queue.then(async () => {
      assembly.next = await appendChunks(await assembly.handle, assembly.hashes, chunkPath, assembly.next);
    });
    return assembly.queue.catch(() => this.drop(folder));
  }

  /**
   * The merged file of chunks 1..count when the assembly holds exactly them and they give `md5`; else null, and the
   * caller concatenates from the chunk files. The assembly ends either way.
   */
  async finish(folder: string, count: number, md5: string): Promise<TempFile | null> {
    const assembly = this.open.get(folder);
    if (!assembly) return null;
    this.open.delete(folder);
    try {
      await assembly.queue;
      const handle = await assembly.handle;
      const next = await appendChunks(handle, assembly.hashes, assembly.chunkPath, assembly.next, count);
      await handle.close();
      const result = assembly.hashes.result();
      if (next === count + 1 && result.md5 === md5) return { path: assembly.path, ...result };
    } catch {
      // Falls through: the chunk files decide.
    }
    await this.dispose(assembly);
    return null;
  }

  /** Ends an upload's assembly, if any (its chunks were removed, or it will never be merged). */
  async drop(folder: string): Promise<void> {
    const assembly = this.open.get(folder);
    if (!assembly) return;
    this.open.delete(folder);
    await this.dispose(assembly);
  }

  async close(): Promise<void> {
    await Promise.all([...this.open.keys()].map((folder) => this.drop(folder)));
  }

  private start(chunkPath: (chunk: number) => string, path: string): Assembly {
    if (this.open.size >= this.limit) void this.drop(this.open.keys().next().value as string);
    const handle = open(path, 'w');
    return { path, handle, hashes: hashing(), next: 1, chunkPath, queue: handle.then(() => undefined) };
  }

  private async dispose(assembly: Assembly): Promise<void> {
    await assembly.queue.catch(() => undefined);
    await assembly.handle.then((handle) => handle.close()).catch(() => undefined);
    await rm(assembly.path, { force: true });
  }
}
