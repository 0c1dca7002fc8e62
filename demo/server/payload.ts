import type { Readable } from 'node:stream';

/** The whole body of an answer about to be sent; HTML pages are small, so a streamed file (from @fastify/static) is read whole. */
export async function bodyOf(payload: string | Buffer | Readable): Promise<Buffer> {
  if (typeof payload === 'string') return Buffer.from(payload);
  if (Buffer.isBuffer(payload)) return payload;
  const parts: Buffer[] = [];
  for await (const chunk of payload) parts.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(parts);
}
