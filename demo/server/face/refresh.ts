import type { FastifyBaseLogger } from 'fastify';
import type { ServerContext } from '../context';

/**
 * Describes again, from their stored photos, the faces registered while another matcher was configured (a database
 * from before the descriptor matcher, or a server switched back to digests), so that they can sign in. A photo the
 * current matcher refuses (no face in it) stays as it was and is skipped by matching. Never throws.
 */
export async function refreshFaceDescriptors(ctx: ServerContext, log: FastifyBaseLogger): Promise<void> {
  const kind = ctx.faceMatcher.kind;
  let stale: { userId: string; image: Buffer }[];
  try {
    stale = ctx.db
      .prepare('SELECT user_id AS userId, image FROM face_records WHERE matcher != ?')
      .all(kind) as typeof stale;
  } catch (error) {
    log.warn({ error }, 'face records could not be read');
    return;
  }
  for (const { userId, image } of stale) {
    try {
      const descriptor = await ctx.faceMatcher.describe(image);
      ctx.db
        .prepare('UPDATE face_records SET descriptor = ?, matcher = ? WHERE user_id = ?')
        .run(descriptor, kind, userId);
    } catch (error) {
      log.warn({ userId, error: error instanceof Error ? error.message : String(error) }, 'face not described again');
    }
  }
}
