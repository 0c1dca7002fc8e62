import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '../../../../src/core/api/wire';
import type { ServerContext } from '../../context';
import { BROWSER_FACE_MODELS, FACE_MODEL_DIR } from '../../face/models';
import { fileName, object } from '../../schemas';

/**
 * The face widget's detection model, from this origin (DESIGN §8): read from face-api's npm package, never committed.
 * Only the files the widget needs are served; they change only with the package version, so browsers may keep them.
 */
export function registerFaceModelRoutes(app: FastifyInstance, _ctx: ServerContext): void {
  const cache = new Map<string, Buffer>();
  app.get<{ Params: { file: string } }>(
    ENDPOINTS.faceModel,
    { config: { public: true }, schema: { params: object({ file: fileName }, ['file']) } },
    async (request, reply) => {
      const { file } = request.params;
      if (!BROWSER_FACE_MODELS.has(file)) return reply.callNotFound();
      let bytes = cache.get(file);
      if (!bytes) {
        bytes = await readFile(join(FACE_MODEL_DIR, file));
        cache.set(file, bytes);
      }
      return reply
        .type(file.endsWith('.json') ? 'application/json' : 'application/octet-stream')
        .header('Cache-Control', 'public, max-age=86400')
        .send(bytes);
    },
  );
}
