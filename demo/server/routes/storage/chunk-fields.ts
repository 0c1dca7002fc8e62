import { MAX_CHUNK_BYTES } from '../../../../src/core/api/wire';
import { ApiError, fieldError } from '../../envelope';
import { chunkUploadFields } from '../../schemas';
import { checkFields } from '../../validation';
import type { ChunkPlacement } from './chunk-store';
import { checkChunkIndex, checkLimits } from './deps';
import { checkedName } from './names';

interface ChunkFields {
  md5: string;
  chunk: number;
  chunks: number;
  eachSize?: number;
  fullSize?: number;
  fileName?: string;
  name?: string;
}

/** A chunk upload's fields, checked: the upload's MD5 and where the chunk goes. */
export interface ChunkTarget {
  md5: string;
  placement: ChunkPlacement;
  /** The whole file's size, when the client said it: checked against the allowance before any chunk is written. */
  fullSize?: number;
}

/** eachSize is the chunk size, which MAX_CHUNK_BYTES bounds: a larger one placed a chunk terabytes into a file. */
const eachSizeTooLarge = () => {
  const text = {
    zh: `eachSize 不能大于分片上限 ${MAX_CHUNK_BYTES} 字节`,
    en: `eachSize may not be larger than a chunk's limit of ${MAX_CHUNK_BYTES} bytes`,
    hk: `eachSize 不能大於分片上限 ${MAX_CHUNK_BYTES} 位元組`,
  };
  return new ApiError(400, 'each_size_too_large', text, [fieldError('eachSize', text)]);
};

const eachSizeNeeded = () =>
  new ApiError(400, 'each_size_required', {
    zh: '缺少 eachSize，无法确定分片位置',
    en: 'eachSize is needed to place this chunk',
  });

/**
 * Checks a chunk upload's fields and works out where the chunk goes. Before the chunk is received (`size` not given)
 * it answers null when the fields cannot say yet: those before the file part may lack the ones required (they come
 * after it), and `eachSize` may be missing (§7 sends it; without it a chunk before the last gives it by its own size,
 * the last one by fullSize).
 */
export function chunkTarget(fields: Record<string, string>, filename: string): ChunkTarget | null;
export function chunkTarget(fields: Record<string, string>, filename: string, size: number): ChunkTarget;
export function chunkTarget(fields: Record<string, string>, filename: string, size?: number): ChunkTarget | null {
  const early = size === undefined;
  if (early && !('md5' in fields && 'chunk' in fields && 'chunks' in fields)) return null;
  const checked = checkFields<ChunkFields>(chunkUploadFields, fields);
  checkLimits(checked.chunks, checked.fullSize);
  checkChunkIndex(checked.chunk, checked.chunks);
  checkedName(checked.fileName || checked.name || filename, 'fileName');
  const each = eachSizeOf(checked, size);
  if (each === null) return null;
  if (!Number.isSafeInteger(each) || each < 1) throw eachSizeNeeded();
  if (each > MAX_CHUNK_BYTES) throw eachSizeTooLarge();
  const placement = { chunk: checked.chunk, chunks: checked.chunks, each };
  return { md5: checked.md5.toLowerCase(), placement, fullSize: checked.fullSize };
}

function eachSizeOf({ eachSize, chunk, chunks, fullSize }: ChunkFields, size?: number): number | null {
  if (eachSize !== undefined) return eachSize;
  // One chunk starts at 0 whatever the chunk size: any layout places it.
  if (chunks === 1) return MAX_CHUNK_BYTES;
  if (size === undefined) return null;
  if (chunk < chunks) return size;
  if (fullSize !== undefined) return (fullSize - size) / (chunks - 1);
  throw eachSizeNeeded();
}
