import { open } from 'node:fs/promises';

/**
 * Bytes gathered before each write. A request body arrives in pieces of 64 KB or less, and a write per piece costs
 * the server's thread more than the bytes do (a 2 MB chunk was 32 writes); a megabyte held per upload in flight is
 * the price of two.
 */
export const WRITE_BATCH_BYTES = 1024 * 1024;

/** Writes what `source` gives into a new file at `path`, gathered into writes of `batch` bytes; answers the size. */
export async function writeInBatches(
  source: AsyncIterable<Buffer>,
  path: string,
  batch = WRITE_BATCH_BYTES,
): Promise<number> {
  const handle = await open(path, 'w');
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let size = 0;
  const flush = async () => {
    const { bytesWritten } = await handle.writev(pending);
    if (bytesWritten !== pendingBytes) throw new Error(`short write: ${bytesWritten} of ${pendingBytes} bytes`);
    pending = [];
    pendingBytes = 0;
  };
  try {
    for await (const piece of source) {
      pending.push(piece);
      pendingBytes += piece.length;
      size += piece.length;
      if (pendingBytes >= batch) await flush();
    }
    if (pendingBytes > 0) await flush();
  } finally {
    await handle.close();
  }
  return size;
}
