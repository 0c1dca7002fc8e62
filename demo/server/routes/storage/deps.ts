import type { FastifyRequest } from 'fastify';
import { MAX_CHUNKS, MAX_FILE_BYTES } from '../../../../src/core/api/wire';
import { requireAuth } from '../../auth/session';
import type { ServerContext } from '../../context';
import { ApiError, errors, fieldError } from '../../envelope';
import type { OwnFileRecords } from './own-file-records';
import type { FileStore, Owner, StoredFile } from './store';

/**
 * What the storage plugins share: the store, whose files each person has (their own list), and the merges running
 * now (by chunk folder), which the sweep spares.
 */
export interface StorageDeps {
  ctx: ServerContext;
  store: FileStore;
  ownFiles: OwnFileRecords;
  merges: Map<string, Promise<StoredFile>>;
}

/** The signed-in caller as the owner of uploads: their unit owns the files, their own chunks are theirs. */
export function ownerOf(request: FastifyRequest): Owner {
  const { user } = requireAuth(request);
  return { unitId: user.unit_id, userId: user.id };
}

/** Limits of wire.ts are 413 (too large), like an oversized body; a bad index is a plain 400. */
export function checkLimits(chunks: number, fullSize?: number): void {
  if (chunks > MAX_CHUNKS || (fullSize !== undefined && fullSize > MAX_FILE_BYTES)) throw errors.tooLarge();
}

export function checkChunkIndex(chunk: number, chunks: number): void {
  if (chunk >= 1 && chunk <= chunks) return;
  const text = { zh: '分片序号超出范围', en: 'Chunk index out of range' };
  throw new ApiError(400, 'chunk_out_of_range', text, [fieldError('chunk', text)]);
}

export const md5Mismatch = () =>
  new ApiError(400, 'md5_mismatch', { zh: '文件校验失败（MD5 不一致）', en: 'File check failed: MD5 mismatch' });

export const noFile = () => errors.badRequest({ zh: '未找到文件', en: 'Not find file' });
