import { createHash } from 'node:crypto';
import { type FileHandle, open, rename, stat, truncate } from 'node:fs/promises';
import type { TempFile } from './temp-files';
import { chunkOffset, dataPath, markerPath, type UploadFolder } from './upload-folder';

// Chunks mostly arrive in order (a few in flight at once). The hashes of an upload follow its data file from chunk 1
// as far as the chunks are there, so a merge finds them nearly done instead of reading and hashing the whole file at
// the end. The state lives in memory only: after a restart, or on any doubt (a chunk written again after it was read,
// an older layout), the merge reads the data file from the start instead.

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

interface Assembly {
  upload: UploadFolder;
  hashes: ReturnType<typeof hashing>;
  /** The first chunk not yet hashed. */
  next: number;
  /** A chunk already hashed was written again: the hashes no longer vouch for the file. */
  stale: boolean;
  /** Folds run one after another. */
  queue: Promise<void>;
}

/** What the merge expects of chunks 1..count. */
export interface Expected {
  count: number;
  md5: string;
  /** The whole file's size, when the merge gives one. */
  size?: number;
}

/** What the store asks of the assemblies, in this thread (Assemblies) or in a worker (assembly-thread.ts). */
export interface AssemblyService {
  advance(upload: UploadFolder): Promise<void>;
  rewriting(folder: string, chunk: number): Promise<void>;
  finish(upload: UploadFolder, expected: Expected, tempPath: string): Promise<TempFile | null>;
  drop(folder: string): Promise<void>;
  close(): Promise<void>;
}

/** Hashes chunks from `next` on while their markers are there (up to `last`); answers the chunk after the last read. */
async function hashChunks(assembly: Assembly, last = Number.POSITIVE_INFINITY): Promise<number> {
  const { upload, hashes } = assembly;
  let next = assembly.next;
  let data: FileHandle | null = null;
  try {
    for (; next <= last; next++) {
      let size: number;
      try {
        size = (await stat(markerPath(upload.dir, next))).size;
      } catch {
        break;
      }
      data ??= await open(dataPath(upload), 'r');
      const bytes = Buffer.allocUnsafe(size);
      const { bytesRead } = await data.read(bytes, 0, size, chunkOffset(upload.each, next));
      if (bytesRead !== size) break;
      hashes.update(bytes);
    }
  } finally {
    await data?.close();
  }
  return next;
}

const fresh = (upload: UploadFolder): Assembly => ({
  upload,
  hashes: hashing(),
  next: 1,
  stale: false,
  queue: Promise.resolve(),
});

/** The assemblies of uploads in progress, at most `limit` (the least recently fed goes first). */
export class Assemblies implements AssemblyService {
  private readonly open = new Map<string, Assembly>();

  constructor(private readonly limit = 32) {}

  /**
   * After a chunk of the upload was placed: hashes it, and the chunks after it already there, when they are next.
   * Resolves once that is done (or has failed: the assembly is then dropped, and the merge reads from the start).
   */
  advance(upload: UploadFolder): Promise<void> {
    let assembly = this.open.get(upload.folder);
    if (!assembly || assembly.upload.each !== upload.each) assembly = this.start(upload);
    this.open.delete(upload.folder);
    this.open.set(upload.folder, assembly);
    const current = assembly;
    current.queue = current.queue.then(async () => {
      current.next = await hashChunks(current);
    });
    return current.queue.catch(() => this.drop(upload.folder));
  }

  /** Chunk `chunk` is about to be written again: if it was hashed already, the hashes are stale. */
  rewriting(folder: string, chunk: number): Promise<void> {
    const assembly = this.open.get(folder);
    if (!assembly) return Promise.resolve();
    // After the fold in progress, which may be reading the chunk now.
    assembly.queue = assembly.queue.then(() => {
      if (chunk < assembly.next) assembly.stale = true;
    });
    return assembly.queue.catch(() => undefined);
  }

  /**
   * The merged file of chunks 1..count, when they give the MD5 (and size) expected: the data file, cut to their size,
   * moved to `tempPath`. Else null, and the data file stays for a retry. The assembly ends either way.
   */
  async finish(upload: UploadFolder, expected: Expected, tempPath: string): Promise<TempFile | null> {
    let assembly = this.open.get(upload.folder);
    this.open.delete(upload.folder);
    await assembly?.queue.catch(() => undefined);
    if (!assembly || assembly.stale || assembly.next > expected.count + 1 || assembly.upload.each !== upload.each) {
      assembly = fresh(upload);
    }
    assembly.next = await hashChunks(assembly, expected.count);
    if (assembly.next !== expected.count + 1) return null;
    const result = assembly.hashes.result();
    if (result.md5 !== expected.md5 || (expected.size !== undefined && expected.size !== result.size)) return null;
    await truncate(dataPath(upload), result.size);
    await rename(dataPath(upload), tempPath);
    return { path: tempPath, ...result };
  }

  /** Forgets an upload's hashes, if any (its chunks were removed, or it will never be merged). */
  async drop(folder: string): Promise<void> {
    this.open.delete(folder);
  }

  async close(): Promise<void> {
    this.open.clear();
  }

  private start(upload: UploadFolder): Assembly {
    if (this.open.size >= this.limit) this.open.delete(this.open.keys().next().value as string);
    return fresh(upload);
  }
}
