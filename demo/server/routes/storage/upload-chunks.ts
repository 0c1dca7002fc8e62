import type { FastifyInstance } from 'fastify';
import type { ChunkCheck } from '../../../../src/core/api/types';
import { ENDPOINTS, MAX_CHUNK_BYTES } from '../../../../src/core/api/wire';
import { ok } from '../../envelope';
import { fileName, int, md5, object, str } from '../../schemas';
import { type ChunkTarget, chunkTarget } from './chunk-fields';
import { checkChunkIndex, checkLimits, noFile, ownerOf, type StorageDeps } from './deps';
import { readMultipart } from './multipart';

/** Chunked upload (§4): whether a chunk is already there, and a chunk's upload; merge.ts puts the file together. */
export async function chunkUploadRoutes(app: FastifyInstance, { store }: StorageDeps): Promise<void> {
  app.post<{ Body: { md5: string; chunk: number; chunks: number; size?: number } }>(
    ENDPOINTS.chunkCheck,
    {
      schema: {
        body: object(
          {
            md5,
            chunk: { type: 'integer' },
            chunks: { type: 'integer', minimum: 1 },
            size: int(0, MAX_CHUNK_BYTES),
            name: fileName,
            uid: str(64),
          },
          ['md5', 'chunk', 'chunks'],
        ),
      },
    },
    async (request) => {
      const owner = ownerOf(request);
      const { chunk, chunks, size } = request.body;
      checkLimits(chunks);
      checkChunkIndex(chunk, chunks);
      const check: ChunkCheck = { data: await store.chunkExists(owner, request.body.md5, chunk, size), chunk };
      return ok(check);
    },
  );

  app.post(ENDPOINTS.chunkUpload, async (request) => {
    const owner = ownerOf(request);
    // The fields before the file part (§7 clients send them first) place it straight into the upload's data file.
    let placed: ChunkTarget | null = null;
    const { fields, file } = await readMultipart(
      request,
      async (source, part) => {
        const target = chunkTarget(part.fields, part.filename);
        if (!target) return store.receive(source);
        const size = await store.writeChunk(
          owner,
          target.md5,
          target.placement,
          source,
          part.truncated,
          target.fullSize,
        );
        placed = target;
        return { path: '', size };
      },
      (temp) => (temp.path ? store.discard(temp) : Promise.resolve()),
      MAX_CHUNK_BYTES,
    );
    if (!file) throw noFile();
    let target: ChunkTarget | null = placed;
    if (!target) {
      try {
        target = chunkTarget(fields, file.filename, file.size);
        await store.placeChunk(file, owner, target.md5, target.placement, target.fullSize);
      } catch (error) {
        await store.discard(file);
        throw error;
      }
    }
    return ok({ md5: target.md5, chunk: target.placement.chunk, size: file.size });
  });
}
