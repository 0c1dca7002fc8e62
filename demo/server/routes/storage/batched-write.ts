import { constants } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { errors } from '../../envelope';

/**
 * Bytes gathered before each write. A request body arrives in pieces of 64 KB or less, and a write per piece costs
 * the server's thread more than the bytes do (a 2 MB chunk was 32 writes); a megabyte held per upload in flight is
 * the price of two.
 */
export const WRITE_BATCH_BYTES = 1024 * 1024;

export interface WriteOptions {
  /** Where the bytes go in the file; a new file is written from 0 when not given. */
  at?: number;
  /** More bytes than this fail the write (413) before any of the excess is written. */
  limit?: number;
  batch?: number;
  /**
   * Runs each write, the file opened and closed inside it (with `at` only): the caller knows when the file is touched,
   * and nothing holds it open while the body is slow to come.
   */
  guard?: (write: () => Promise<void>) => Promise<void>;
}

/**
 * Writes what `source` gives into the file at `path`, gathered into writes of `batch` bytes: a new file, or at the
 * offset `at` of a file kept as it is around it. Answers the size written.
 */
export async function writeInBatches(
  source: AsyncIterable<Buffer>,
  path: string,
  { at, limit = Number.POSITIVE_INFINITY, batch = WRITE_BATCH_BYTES, guard }: WriteOptions = {},
): Promise<number> {
  const placed = at !== undefined && guard !== undefined;
  const held = placed ? null : await open(path, at === undefined ? 'w' : PLACED);
  let position = at ?? 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let size = 0;
  const writeOut = async (handle: FileHandle) => {
    const { bytesWritten } = await handle.writev(pending, position);
    if (bytesWritten !== pendingBytes) throw new Error(`short write: ${bytesWritten} of ${pendingBytes} bytes`);
  };
  const flush = async () => {
    if (held) await writeOut(held);
    else await (guard as NonNullable<typeof guard>)(() => withFile(path, writeOut));
    position += pendingBytes;
    pending = [];
    pendingBytes = 0;
  };
  try {
    for await (const piece of source) {
      size += piece.length;
      if (size > limit) throw errors.tooLarge();
      pending.push(piece);
      pendingBytes += piece.length;
      if (pendingBytes >= batch) await flush();
    }
    if (pendingBytes > 0) await flush();
  } finally {
    await held?.close();
  }
  return size;
}

/** Writes at an offset: the file made if missing, kept as it is around the bytes. */
const PLACED = constants.O_WRONLY | constants.O_CREAT;

async function withFile(path: string, work: (handle: FileHandle) => Promise<void>): Promise<void> {
  const handle = await open(path, PLACED);
  try {
    await work(handle);
  } finally {
    await handle.close();
  }
}
