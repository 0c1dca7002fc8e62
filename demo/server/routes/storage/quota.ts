import { formatBytes } from '../../../../src/core/util/format';
import type { Database } from '../../db/sqlite';
import { ApiError } from '../../envelope';

// Storage quotas (issue 67): a pupil wrote 1 GB of chunks that were never merged in 49 s (kept 24 h), and stored files
// had no limit at all. Bytes are counted per user and per unit in two allowances: chunks of uploads not merged yet
// (`upload_chunks`, one row a chunk, plus the chunks being written now), and stored files (`unit_files`, the bytes each
// unit keeps: identical bytes of two units are one blob on disk, but each unit's allowance counts them).

/** Whose bytes: a person, and the unit their uploads belong to (store.ts's Owner). */
export interface Owner {
  unitId: string;
  userId: string;
}

/** The four allowances in bytes. Tests make them small; `createServer({ quotas })`, `PH_QUOTA_*` in MB. */
export interface QuotaOptions {
  /** Chunks of one person's uploads not merged yet. */
  chunkBytesPerUser: number;
  /** Chunks of all uploads of one unit (school) not merged yet. */
  chunkBytesPerUnit: number;
  /** Files one person stored (counted to the unit they uploaded them to). */
  fileBytesPerUser: number;
  /** Files one unit keeps. */
  fileBytesPerUnit: number;
}

const MB = 1024 * 1024;
const GB = 1024 * MB;

/**
 * A school's defaults: a person may have two of the largest files (1 GB each) on their way at once and keep 10 GB (a
 * teacher's term of lesson videos); a school 20 GB on their way (a class uploading together) and 500 GB kept.
 */
export const QUOTA_DEFAULTS: QuotaOptions = {
  chunkBytesPerUser: 2 * GB,
  chunkBytesPerUnit: 20 * GB,
  fileBytesPerUser: 10 * GB,
  fileBytesPerUnit: 500 * GB,
};

/** Bytes as the uploader writes them beside each file (core's formatBytes): `1.5 GB`, `320 MB`, `64 kB`. */
export const readableBytes = (bytes: number): string => formatBytes(bytes, 1);

type Whose = 'user' | 'unit';

/** 507: the allowance is used up; what is stored stays, nothing of this upload is kept. */
function full(kind: 'chunks' | 'files', whose: Whose, used: number, limit: number): ApiError {
  const u = readableBytes(used);
  const l = readableBytes(limit);
  const text =
    kind === 'files'
      ? whose === 'user'
        ? {
            zh: `你的存储空间已满（已用 ${u}，上限 ${l}），文件未保存`,
            en: `Your storage is full (${u} of ${l} used); the file was not stored`,
            hk: `你的儲存空間已滿（已用 ${u}，上限 ${l}），檔案未儲存`,
          }
        : {
            zh: `学校的存储空间已满（已用 ${u}，上限 ${l}），文件未保存，请联系学校管理员`,
            en: `Your school's storage is full (${u} of ${l} used); the file was not stored. Ask your school's administrator`,
            hk: `學校的儲存空間已滿（已用 ${u}，上限 ${l}），檔案未儲存，請聯絡學校管理員`,
          }
      : whose === 'user'
        ? {
            zh: `你未完成的上传已占 ${u}（上限 ${l}），请先完成或取消其他上传`,
            en: `Your unfinished uploads take ${u} (at most ${l}); finish or cancel another upload first`,
            hk: `你未完成的上載已佔 ${u}（上限 ${l}），請先完成或取消其他上載`,
          }
        : {
            zh: `学校未完成的上传已占 ${u}（上限 ${l}），请稍后再试`,
            en: `Your school's unfinished uploads take ${u} (at most ${l}); please try again later`,
            hk: `學校未完成的上載已佔 ${u}（上限 ${l}），請稍後再試`,
          };
  const code = kind === 'files' ? 'storage_full' : 'uploads_full';
  return new ApiError(507, code, text, undefined, { whose, used, limit });
}

/** 413: the file alone is larger than the whole allowance; no space freed would make it fit. */
function neverFits(whose: Whose, size: number, limit: number): ApiError {
  const s = readableBytes(size);
  const l = readableBytes(limit);
  const text =
    whose === 'user'
      ? {
          zh: `文件（${s}）大于你的存储上限（${l}），无法保存`,
          en: `The file (${s}) is larger than your storage allowance (${l}); it cannot be stored`,
          hk: `檔案（${s}）大於你的儲存上限（${l}），無法儲存`,
        }
      : {
          zh: `文件（${s}）大于学校的存储上限（${l}），无法保存`,
          en: `The file (${s}) is larger than your school's storage allowance (${l}); it cannot be stored`,
          hk: `檔案（${s}）大於學校的儲存上限（${l}），無法儲存`,
        };
  return new ApiError(413, 'over_quota', text, undefined, { whose, size, limit });
}

/** A chunk's place in the allowance while its bytes are written: `done` records what was written, `undo` gives it back. */
export interface ChunkReservation {
  done(size: number): void;
  undo(): void;
}

export class UploadQuota {
  /** Bytes of chunks being written now, by `user:<id>` and `unit:<id>`. */
  private readonly writing = new Map<string, number>();

  constructor(
    private readonly db: Database,
    private readonly limits: QuotaOptions,
  ) {}

  /**
   * Before a chunk's bytes are written: room for `bytes` more (less what this chunk already holds, when it is sent
   * again), or 507 `uploads_full` before anything is written. A chunk of another layout (eachSize) than the folder's
   * rows drops those rows: its write drops those chunks.
   */
  reserveChunk(owner: Owner, folder: string, chunk: number, each: number, bytes: number): ChunkReservation {
    const stale = this.db.prepare('SELECT 1 FROM upload_chunks WHERE folder = ? AND each_size != ?').get(folder, each);
    if (stale) this.dropFolder(folder);
    const held =
      (
        this.db.prepare('SELECT size FROM upload_chunks WHERE folder = ? AND chunk = ?').get(folder, chunk) as
          | { size: number }
          | undefined
      )?.size ?? 0;
    const more = Math.max(0, bytes - held);
    this.refuseChunks(owner, more);
    const keys = [`user:${owner.userId}`, `unit:${owner.unitId}`];
    const add = (delta: number) => {
      for (const key of keys) {
        const next = (this.writing.get(key) ?? 0) + delta;
        if (next > 0) this.writing.set(key, next);
        else this.writing.delete(key);
      }
    };
    add(more);
    let ended = false;
    const end = () => {
      if (ended) return false;
      ended = true;
      add(-more);
      return true;
    };
    return {
      done: (size) => {
        if (!end()) return;
        this.db
          .prepare(
            `INSERT INTO upload_chunks (folder, chunk, unit_id, user_id, each_size, size) VALUES (?, ?, ?, ?, ?, ?)
             ON CONFLICT(folder, chunk) DO UPDATE SET size = excluded.size, each_size = excluded.each_size`,
          )
          .run(folder, chunk, owner.unitId, owner.userId, each, size);
      },
      undo: () => void end(),
    };
  }

  /** The upload's chunks are gone (merged, removed, swept): they no longer count. */
  dropFolder(folder: string): void {
    this.db.prepare('DELETE FROM upload_chunks WHERE folder = ?').run(folder);
  }

  /** Rows of folders that are not on disk any more (removed before a restart) no longer count. */
  forgetMissing(present: (folder: string) => boolean): void {
    const folders = this.db.prepare('SELECT DISTINCT folder FROM upload_chunks').all() as { folder: string }[];
    for (const { folder } of folders) if (!present(folder)) this.dropFolder(folder);
  }

  /**
   * Before a file of `size` bytes is stored for the owner (or, at an upload's first chunk, announced by `fullSize`):
   * 413 `over_quota` when it alone is larger than an allowance, 507 `storage_full` when it does not fit in what is
   * left.
   */
  checkFile(owner: Owner, size: number): void {
    const { fileBytesPerUser, fileBytesPerUnit } = this.limits;
    if (size > fileBytesPerUser) throw neverFits('user', size, fileBytesPerUser);
    if (size > fileBytesPerUnit) throw neverFits('unit', size, fileBytesPerUnit);
    const { user, unit } = this.storedBytes(owner);
    if (user + size > fileBytesPerUser) throw full('files', 'user', user, fileBytesPerUser);
    if (unit + size > fileBytesPerUnit) throw full('files', 'unit', unit, fileBytesPerUnit);
  }

  /** What the owner and their unit use now: stored files, and chunks not merged yet (being written included). */
  usage(owner: Owner): { files: { user: number; unit: number }; chunks: { user: number; unit: number } } {
    return { files: this.storedBytes(owner), chunks: this.chunkBytes(owner) };
  }

  private refuseChunks(owner: Owner, more: number): void {
    const { chunkBytesPerUser, chunkBytesPerUnit } = this.limits;
    const { user, unit } = this.chunkBytes(owner);
    if (user + more > chunkBytesPerUser) throw full('chunks', 'user', user, chunkBytesPerUser);
    if (unit + more > chunkBytesPerUnit) throw full('chunks', 'unit', unit, chunkBytesPerUnit);
  }

  private chunkBytes(owner: Owner): { user: number; unit: number } {
    const sum = (column: 'user_id' | 'unit_id', value: string) =>
      (
        this.db.prepare(`SELECT COALESCE(SUM(size), 0) AS bytes FROM upload_chunks WHERE ${column} = ?`).get(value) as {
          bytes: number;
        }
      ).bytes;
    return {
      user: sum('user_id', owner.userId) + (this.writing.get(`user:${owner.userId}`) ?? 0),
      unit: sum('unit_id', owner.unitId) + (this.writing.get(`unit:${owner.unitId}`) ?? 0),
    };
  }

  private storedBytes(owner: Owner): { user: number; unit: number } {
    const row = this.db
      .prepare(
        `SELECT COALESCE(SUM(size), 0) AS unit, COALESCE(SUM(CASE WHEN created_by = ? THEN size ELSE 0 END), 0) AS user
         FROM unit_files WHERE unit_id = ?`,
      )
      .get(owner.userId, owner.unitId) as { unit: number; user: number };
    return { user: row.user, unit: row.unit };
  }
}
