import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { StoredFile } from '../../../../src/core/api/types';
import type { ServerContext } from '../../context';

export type { StoredFile };

export interface TempFile {
  path: string;
  size: number;
  md5: string;
}

interface FileRow {
  md5: string;
  name: string;
  size: number;
}

/** Files live at `files/{md5}`; anything being written goes to `tmp/` first and is renamed into place when whole. */
export class FileStore {
  constructor(private readonly ctx: ServerContext) {}

  tempPath(): string {
    return join(this.ctx.dirs.tmp, `${Date.now()}-${randomBytes(8).toString('hex')}.part`);
  }

  filePath(md5: string): string {
    return join(this.ctx.dirs.files, md5.toLowerCase());
  }

  chunkDir(md5: string): string {
    return join(this.ctx.dirs.chunks, md5.toLowerCase());
  }

  chunkPath(md5: string, chunk: number): string {
    return join(this.chunkDir(md5), String(chunk));
  }

  find(md5: string): StoredFile | null {
    const row = this.ctx.db.prepare('SELECT md5, name, size FROM files WHERE md5 = ?').get(md5.toLowerCase()) as
      | FileRow
      | undefined;
    return row && existsSync(this.filePath(row.md5)) ? toStored(row) : null;
  }

  /** Streams into a temp file while hashing; the caller renames or discards it. */
  async writeTemp(source: Readable): Promise<TempFile> {
    const path = this.tempPath();
    const hash = createHash('md5');
    let size = 0;
    source.on('data', (chunk: Buffer) => {
      hash.update(chunk);
      size += chunk.length;
    });
    try {
      await pipeline(source, createWriteStream(path));
    } catch (error) {
      await rm(path, { force: true });
      throw error;
    }
    return { path, size, md5: hash.digest('hex') };
  }

  /** Moves a complete temp file into place under its MD5 and records it (first name wins for identical bytes). */
  async commit(temp: TempFile, name: string, serverId: string, userId: string): Promise<StoredFile> {
    await rename(temp.path, this.filePath(temp.md5));
    this.ctx.db
      .prepare(
        'INSERT OR IGNORE INTO files (md5, name, size, server_id, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run(temp.md5, name, temp.size, serverId, userId, Date.now());
    return this.find(temp.md5) as StoredFile;
  }

  async chunkExists(md5: string, chunk: number, expectedSize?: number): Promise<boolean> {
    try {
      const info = await stat(this.chunkPath(md5, chunk));
      return expectedSize === undefined || info.size === expectedSize;
    } catch {
      return false;
    }
  }

  /** Concatenates chunks 1..count into a temp file, hashing on the way; never touches the chunks themselves. */
  async concatenate(md5: string, count: number): Promise<TempFile> {
    const path = this.tempPath();
    const hash = createHash('md5');
    let size = 0;
    const out = createWriteStream(path);
    try {
      for (let chunk = 1; chunk <= count; chunk++) {
        const source = createReadStream(this.chunkPath(md5, chunk));
        source.on('data', (data) => {
          hash.update(data);
          size += data.length;
        });
        await pipeline(source, out, { end: false });
      }
      out.end();
      await new Promise<void>((resolve, reject) => {
        out.once('finish', resolve);
        out.once('error', reject);
      });
    } catch (error) {
      out.destroy();
      await rm(path, { force: true });
      throw error;
    }
    return { path, size, md5: hash.digest('hex') };
  }

  discard(temp: TempFile): Promise<void> {
    return unlink(temp.path).catch(() => undefined);
  }

  removeChunks(md5: string): Promise<void> {
    return rm(this.chunkDir(md5), { recursive: true, force: true });
  }

  /**
   * Removes chunk folders whose folder and chunks were all last modified before `olderThan` (epoch ms) — uploads
   * never merged — except those `busy` names (a merge running on them), and temp files as old. Answers what went.
   */
  async sweep(olderThan: number, busy: (md5: string) => boolean): Promise<{ chunkDirs: string[]; tmpFiles: string[] }> {
    const removed = { chunkDirs: [] as string[], tmpFiles: [] as string[] };
    for (const name of await entries(this.ctx.dirs.chunks)) {
      if (busy(name)) continue;
      const dir = join(this.ctx.dirs.chunks, name);
      const times = [await mtime(dir)];
      for (const chunk of await entries(dir)) times.push(await mtime(join(dir, chunk)));
      if (Math.max(...times) >= olderThan || busy(name)) continue;
      await rm(dir, { recursive: true, force: true });
      removed.chunkDirs.push(name);
    }
    for (const name of await entries(this.ctx.dirs.tmp)) {
      const path = join(this.ctx.dirs.tmp, name);
      if ((await mtime(path)) >= olderThan) continue;
      await rm(path, { recursive: true, force: true });
      removed.tmpFiles.push(name);
    }
    return removed;
  }
}

async function entries(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch {
    return [];
  }
}

/** Modification time in epoch ms; something already gone counts as brand new (nothing to sweep). */
async function mtime(path: string): Promise<number> {
  try {
    return (await stat(path)).mtimeMs;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

function toStored(row: FileRow): StoredFile {
  return { fileId: row.md5, md5: row.md5, name: row.name, size: row.size, url: `/api/storage/file/${row.md5}` };
}
