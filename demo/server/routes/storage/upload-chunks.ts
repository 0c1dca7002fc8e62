import type { FastifyInstance } from 'fastify';
import type { ChunkCheck } from '../../../../src/core/api/types';
import { ENDPOINTS, MAX_CHUNK_BYTES } from '../../../../src/core/api/wire';
import { ok } from '../../envelope';
import { chunkUploadFields, fileName, int, md5, object, str } from '../../schemas';
import { checkFields } from '../../validation';
import { checkChunkIndex, checkLimits, noFile, ownerOf, type StorageDeps } from './deps';
import { readMultipart } from './multipart';
import { checkedName } from './names';

interface ChunkFields {
  md5: string;
  chunk: number;
  chunks: number;
  fullSize?: number;
  fileName?: string;
  name?: string;
}

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
    const { fields, file } = await readMultipart(
      request,
      (source) => store.receive(source),
      (temp) => store.discard(temp),
      MAX_CHUNK_BYTES,
    );
    if (!file) throw noFile();
    try {
      const checked = checkFields<ChunkFields>(chunkUploadFields, fields);
      const fileMd5 = checked.md5.toLowerCase();
      checkLimits(checked.chunks, checked.fullSize);
      checkChunkIndex(checked.chunk, checked.chunks);
      checkedName(checked.fileName || checked.name || file.filename, 'fileName');
      // Rename is atomic: a concurrent check or merge sees either no chunk or the whole chunk.
      await store.placeChunk(file, owner, fileMd5, checked.chunk);
      return ok({ md5: fileMd5, chunk: checked.chunk, size: file.size });
    } catch (error) {
      await store.discard(file);
      throw error;
    }
  });
}
