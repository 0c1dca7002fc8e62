import type { FastifyInstance } from 'fastify';
import type { OwnFiles } from '../../../../src/core/api/types';
import { ENDPOINTS } from '../../../../src/core/api/wire';
import { ok } from '../../envelope';
import { int, object } from '../../schemas';
import { serves } from '../../spec-strict';
import { ownerOf, type StorageDeps } from './deps';

/** The most files one answer lists; `total` says how many there are. */
export const OWN_FILES_LIMIT = 100;

/** GET the caller's own files (an added call: §7 has none that lists files). */
export async function ownFilesRoutes(app: FastifyInstance, { ctx, ownFiles }: StorageDeps): Promise<void> {
  if (!serves(ctx.options, 'GET', ENDPOINTS.myFiles)) return;
  app.get<{ Querystring: { limit?: number } }>(
    ENDPOINTS.myFiles,
    { schema: { querystring: object({ limit: int(1, OWN_FILES_LIMIT) }) } },
    async (request) => {
      const answer: OwnFiles = ownFiles.list(ownerOf(request), request.query.limit ?? OWN_FILES_LIMIT);
      return ok(answer);
    },
  );
}
