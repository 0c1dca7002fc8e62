import { CHUNK_SIZE, MAX_CHUNKS } from '../api/upload-wire';

// §4 chunked upload, the part that is arithmetic: how a file of `size` bytes is cut. Pure, so that it can be
// checked at 0 bytes, exactly one chunk, one byte more, 2 GB, and by property tests.

export interface ChunkPlan {
  /** Whole file, bytes (`fullSize` on the wire). */
  size: number;
  /** §4: a file of at most one chunk goes up in one piece (also an empty file). */
  single: boolean;
  /** Bytes of every chunk but the last (`eachSize`). */
  eachSize: number;
  /** Number of chunks (`chunks`); 1 for a single upload. */
  chunks: number;
}

export interface PlanOptions {
  /** §9: 2 MB by default. */
  chunkSize?: number;
  /** The server's limit on the number of chunks (wire.ts MAX_CHUNKS): chunks grow rather than exceed it. */
  maxChunks?: number;
}

export function planChunks(size: number, options: PlanOptions = {}): ChunkPlan {
  const chunkSize = options.chunkSize ?? CHUNK_SIZE;
  const maxChunks = options.maxChunks ?? MAX_CHUNKS;
  if (!Number.isSafeInteger(size) || size < 0) throw new RangeError(`planChunks: bad file size ${size}`);
  if (!Number.isSafeInteger(chunkSize) || chunkSize < 1)
    throw new RangeError(`planChunks: bad chunk size ${chunkSize}`);
  if (size <= chunkSize) return { size, single: true, eachSize: chunkSize, chunks: 1 };
  const eachSize = Math.max(chunkSize, Math.ceil(size / maxChunks));
  return { size, single: false, eachSize, chunks: Math.ceil(size / eachSize) };
}

/** Byte range of a chunk, numbered from 1 as on the wire: [start, end). */
export function chunkRange(plan: ChunkPlan, chunk: number): { start: number; end: number } {
  if (!Number.isInteger(chunk) || chunk < 1 || chunk > plan.chunks) {
    throw new RangeError(`chunkRange: chunk ${chunk} outside 1..${plan.chunks}`);
  }
  const start = (chunk - 1) * plan.eachSize;
  return { start, end: Math.min(plan.size, start + plan.eachSize) };
}

export function chunkBytes(plan: ChunkPlan, chunk: number): number {
  const { start, end } = chunkRange(plan, chunk);
  return end - start;
}
