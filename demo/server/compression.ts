import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

// Every text answer goes compressed (issue 36: the pages' HTML and the demo site's script and stylesheet went
// plain). The built scripts have brotli and gzip copies made at build time (routes/static.ts sends those, already
// encoded, and this leaves them alone); what is made or changed per request — pages with their preload links and
// prerendered login form, JSON, the demo folders' files — is compressed here. Brotli at quality 4: a page of 20 KB
// takes well under a millisecond, within a few per cent of the best size for text this short.

/** Bytes below which an answer goes plain: a header and a frame cost more than they save. */
export const COMPRESS_ABOVE_BYTES = 1024;

/** Registered after every hook that changes a page (preloads, prerender, security headers): it sends the result. */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_ABOVE_BYTES,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
