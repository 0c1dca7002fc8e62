import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
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
}

/**
 * Writes what `source` gives into the file at `path`, gathered into writes of `batch` bytes: a new file, or at the
 * offset `at` of a file kept as it is around it. Answers the size written.
 */
export async function writeInBatches(
  source: AsyncIterable<Buffer>,
  path: string,
  { at, limit = Number.POSITIVE_INFINITY, batch = WRITE_BATCH_BYTES }: WriteOptions = {},
): Promise<number> {
  const handle = await open(path, at === undefined ? 'w' : constants.O_WRONLY | constants.O_CREAT);
  let position = at ?? 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let size = 0;
  const flush = async () => {
    const { bytesWritten } = await handle.writev(pending, position);
    if (bytesWritten !== pendingBytes) throw new Error(`short write: ${bytesWritten} of ${pendingBytes} bytes`);
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
    await handle.close();
  }
  return size;
}
