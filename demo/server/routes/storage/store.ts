import { randomBytes } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { StoredFile } from '../../../../src/core/api/types';
import { ENDPOINTS, endpointPath, MAX_CHUNK_BYTES } from '../../../../src/core/api/wire';
import type { ServerContext } from '../../context';
import { ApiError } from '../../envelope';
import { sha256 } from '../../util/ids';
import { hashing } from './assembly';
import { writeInBatches } from './batched-write';
import { type ChunkPlacement, ChunkStore } from './chunk-store';
import { UploadQuota } from './quota';
import type { ReceivedFile, TempFile } from './temp-files';

export type { StoredFile };

/** Who an upload in progress belongs to: chunks are kept apart per unit and user, so nobody overwrites another's. */
export interface Owner {
  unitId: string;
  userId: string;
}

export interface CommitInfo extends Owner {
  name: string;
  serverId: string;
}

interface FileRow {
  md5: string;
  sha256: string;
  name: string;
  size: number;
}

export const md5Conflict = () =>
  new ApiError(400, 'md5_conflict', {
    zh: '已有 MD5 相同但内容不同的文件，未覆盖',
    en: 'A different file with the same MD5 is already stored; it was not replaced',
  });

/**
 * Files on disk are blobs named by the SHA-256 of their bytes (`files/<sha256>`), so nothing — not even another file
 * with the same MD5 — can replace one. MD5 stays the protocol's index, per unit: `unit_files` says which files a
 * unit has (identical bytes are stored once on disk). Chunks of uploads in progress live in a folder per unit, user
 * and MD5 (chunk-store.ts); any other file being written goes to `tmp/` first and is renamed into place when whole.
 */
export class FileStore {
  private readonly chunks: ChunkStore;
  /** Each person's and unit's allowances (issue 67): chunks on their way and files kept. */
  readonly quota: UploadQuota;

  constructor(private readonly ctx: ServerContext) {
    this.chunks = new ChunkStore(ctx.dirs.chunks, () => ctx.now());
    this.quota = new UploadQuota(ctx.db, ctx.options.quotas);
  }

  tempPath(): string {
    return join(this.ctx.dirs.tmp, `${this.ctx.now()}-${randomBytes(8).toString('hex')}.part`);
  }

  blobPath(hash: string): string {
    return join(this.ctx.dirs.files, hash);
  }

  /** The unit's file with this MD5, if the unit has one (and its bytes are on disk). */
  find(unitId: string, md5: string): StoredFile | null {
    const row = this.row(unitId, md5);
    return row && existsSync(this.blobPath(row.sha256)) ? toStored(row) : null;
  }

  /** Disk path of the unit's file with this MD5, or null. */
  pathOf(unitId: string, md5: string): string | null {
    const row = this.row(unitId, md5);
    return row ? this.blobPath(row.sha256) : null;
  }

  private row(unitId: string, md5: string): FileRow | undefined {
    return this.ctx.db
      .prepare('SELECT md5, sha256, name, size FROM unit_files WHERE unit_id = ? AND md5 = ?')
      .get(unitId, md5.toLowerCase()) as FileRow | undefined;
  }

  /** Streams into a temp file while hashing (MD5 and SHA-256); the caller commits or discards it. */
  async writeTemp(source: AsyncIterable<Buffer>): Promise<TempFile> {
    const hashes = hashing();
    async function* hashed() {
      for await (const piece of source) {
        hashes.update(piece);
        yield piece;
      }
    }
    const { path } = await this.receive(hashed());
    return { path, ...hashes.result() };
  }

  /** Streams a body into a temp file, unhashed: a chunk whose fields came after it, before it goes into place. */
  async receive(source: AsyncIterable<Buffer>): Promise<ReceivedFile> {
    const path = this.tempPath();
    try {
      return { path, size: await writeInBatches(source, path) };
    } catch (error) {
      await rm(path, { force: true });
      throw error;
    }
  }

  /**
   * Records a complete temp file as the unit's file. The first bytes stored for an MD5 stay: the same bytes again
   * answer the stored file, other bytes with that MD5 are refused (`md5_conflict`); a file past the uploader's or the
   * unit's allowance is refused (413 `over_quota`, 507 `storage_full`). The temp file is used or removed.
   */
  async commit(temp: TempFile, info: CommitInfo): Promise<StoredFile> {
    const existing = this.row(info.unitId, temp.md5);
    if (existing) {
      await this.discard(temp);
      if (existing.sha256 !== temp.sha256) throw md5Conflict();
      return toStored(existing);
    }
    try {
      this.quota.checkFile(info, temp.size);
    } catch (error) {
      await this.discard(temp);
      throw error;
    }
    const blob = this.blobPath(temp.sha256);
    if (existsSync(blob)) await this.discard(temp);
    else await rename(temp.path, blob);
    this.ctx.db
      .prepare(
        `INSERT OR IGNORE INTO unit_files (unit_id, md5, sha256, name, size, server_id, created_by, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(info.unitId, temp.md5, temp.sha256, info.name, temp.size, info.serverId, info.userId, this.ctx.now());
    const row = this.row(info.unitId, temp.md5) as FileRow;
    if (row.sha256 !== temp.sha256) throw md5Conflict();
    return toStored(row);
  }

  /** The chunks of the owner's upload of `md5`, in progress (chunk-store.ts). */
  chunkFolder(owner: Owner, md5: string): string {
    return chunkFolderName(owner, md5);
  }

  /**
   * Writes a chunk of the owner's upload of `md5` into place from `source`; answers its size. Nothing is written past
   * an allowance: a file announced larger than what the owner may still keep (`fullSize`), or a chunk whose bytes the
   * owner's unfinished uploads have no room for, is refused first (quota.ts).
   */
  async writeChunk(
    owner: Owner,
    md5: string,
    placement: ChunkPlacement,
    source: AsyncIterable<Buffer>,
    truncated?: () => boolean,
    fullSize?: number,
  ): Promise<number> {
    if (fullSize !== undefined && !this.find(owner.unitId, md5)) this.quota.checkFile(owner, fullSize);
    const folder = this.chunkFolder(owner, md5);
    const reservation = this.quota.reserveChunk(
      owner,
      folder,
      placement.chunk,
      placement.each,
      chunkBytes(placement, fullSize),
    );
    try {
      const size = await this.chunks.write(folder, placement, source, truncated);
      reservation.done(size);
      return size;
    } catch (error) {
      reservation.undo();
      throw error;
    }
  }

  /** Puts a chunk received into a temp file (its fields came after it) into place; the temp file goes either way. */
  async placeChunk(
    temp: ReceivedFile,
    owner: Owner,
    md5: string,
    placement: ChunkPlacement,
    fullSize?: number,
  ): Promise<void> {
    try {
      await this.writeChunk(owner, md5, placement, createReadStream(temp.path), undefined, fullSize);
    } finally {
      await this.discard(temp);
    }
  }

  chunkExists(owner: Owner, md5: string, chunk: number, expectedSize?: number): Promise<boolean> {
    return this.chunks.exists(this.chunkFolder(owner, md5), chunk, expectedSize);
  }

  /**
   * Chunks 1..count as one temp file with its hashes, when they give `md5` (and `size`, when given); else null, and
   * the chunks stay for a retry.
   */
  assemble(owner: Owner, md5: string, count: number, size?: number): Promise<TempFile | null> {
    return this.chunks.assemble(this.chunkFolder(owner, md5), { count, md5, size }, this.tempPath());
  }

  discard(temp: { path: string }): Promise<void> {
    return unlink(temp.path).catch(() => undefined);
  }

  async removeChunks(owner: Owner, md5: string): Promise<void> {
    const folder = this.chunkFolder(owner, md5);
    await this.chunks.remove(folder);
    this.quota.dropFolder(folder);
  }

  /**
   * Removes chunk folders of the layout before data files (chunk-store.ts); answers how many went. Chunks counted for
   * folders no longer on disk (removed while the server was down) stop counting.
   */
  async upgradeLegacyChunks(): Promise<number> {
    const dropped = await this.chunks.dropOldLayouts();
    const present = new Set(await entries(this.ctx.dirs.chunks));
    this.quota.forgetMissing((folder) => present.has(folder));
    return dropped.length;
  }

  /** Ends the assemblies of uploads in progress (the server is closing). */
  close(): Promise<void> {
    return this.chunks.close();
  }

  /**
   * Removes chunk folders whose folder and chunks were all last modified before `olderThan` (epoch ms) — uploads
   * never merged — except those `busy` names (a merge running on them), and temp files as old. Answers what went.
   */
  async sweep(
    olderThan: number,
    busy: (folder: string) => boolean,
  ): Promise<{ chunkDirs: string[]; tmpFiles: string[] }> {
    const removed = { chunkDirs: [] as string[], tmpFiles: [] as string[] };
    for (const name of await entries(this.ctx.dirs.chunks)) {
      const inUse = () => busy(name) || this.chunks.busy(name);
      if (inUse()) continue;
      const dir = join(this.ctx.dirs.chunks, name);
      const times = [await mtime(dir)];
      for (const chunk of await entries(dir)) times.push(await mtime(join(dir, chunk)));
      if (Math.max(...times) >= olderThan || inUse()) continue;
      await this.chunks.remove(name);
      this.quota.dropFolder(name);
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

  /**
   * Databases from before files belonged to units kept them in `files` (one row per MD5, bytes at `files/<md5>`):
   * each becomes a blob named by its SHA-256, owned by its uploader's unit. Runs once; later starts find nothing.
   */
  async upgradeLegacyFiles(): Promise<number> {
    const rows = this.ctx.db
      .prepare(
        `SELECT f.md5, f.name, f.size, f.server_id, f.created_by, f.created_at, u.unit_id FROM files f
         LEFT JOIN users u ON u.id = f.created_by`,
      )
      .all() as {
      md5: string;
      name: string;
      size: number;
      server_id: string;
      created_by: string;
      created_at: number;
      unit_id: string | null;
    }[];
    for (const row of rows) {
      const legacy = join(this.ctx.dirs.files, row.md5);
      if (row.unit_id && existsSync(legacy)) {
        const hashes = hashing();
        for await (const chunk of createReadStream(legacy)) hashes.update(chunk as Buffer);
        const { sha256: hash } = hashes.result();
        await rename(legacy, this.blobPath(hash));
        this.ctx.db
          .prepare(
            `INSERT OR IGNORE INTO unit_files (unit_id, md5, sha256, name, size, server_id, created_by, created_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
          )
          .run(row.unit_id, row.md5, hash, row.name, row.size, row.server_id, row.created_by, row.created_at);
      }
      this.ctx.db.prepare('DELETE FROM files WHERE md5 = ?').run(row.md5);
    }
    return rows.length;
  }
}

/**
 * The bytes a chunk may write: `each` before the last; the rest of `fullSize` for the last, when it is known, else a
 * whole chunk's limit.
 */
function chunkBytes({ chunk, chunks, each }: ChunkPlacement, fullSize?: number): number {
  if (chunk < chunks) return each;
  if (fullSize === undefined) return MAX_CHUNK_BYTES;
  return Math.min(MAX_CHUNK_BYTES, Math.max(0, fullSize - (chunks - 1) * each));
}

/** The chunk folder of one upload: named by its owner (hashed) and the file's MD5, flat under `chunks/`. */
export function chunkFolderName(owner: Owner, md5: string): string {
  return `${sha256(`${owner.unitId}\n${owner.userId}`).slice(0, 16)}-${md5.toLowerCase()}`;
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
  return {
    fileId: row.md5,
    md5: row.md5,
    name: row.name,
    size: row.size,
    url: endpointPath(ENDPOINTS.storedFile, { md5: row.md5 }),
  };
}
