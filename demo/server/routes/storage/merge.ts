import type { FastifyInstance } from 'fastify';
import { DEFAULT_SERVER_ID, ENDPOINTS } from '../../../../src/core/api/wire';
import { ApiError, ok } from '../../envelope';
import { fileName, md5, object, serverId } from '../../schemas';
import { checkLimits, md5Mismatch, ownerOf, type StorageDeps } from './deps';
import { checkedName } from './names';
import type { CommitInfo, StoredFile } from './store';

/** Merge (§4 chunked upload): the caller's own chunks 1..chunks become the unit's file, checked by MD5 and size. */
export async function mergeRoutes(app: FastifyInstance, { store, ownFiles, merges }: StorageDeps): Promise<void> {
  app.post<{ Body: { md5: string; name?: string; size?: number; chunks: number; serverid?: string } }>(
    ENDPOINTS.mergeChunks,
    {
      schema: {
        body: object(
          {
            md5,
            name: fileName,
            size: { type: 'integer', minimum: 0 },
            chunks: { type: 'integer', minimum: 1 },
            serverid: serverId,
          },
          ['md5', 'chunks'],
        ),
      },
    },
    async (request) => {
      const owner = ownerOf(request);
      const body = request.body;
      checkLimits(body.chunks, body.size);
      const fileMd5 = body.md5.toLowerCase();
      const info: CommitInfo = { ...owner, name: checkedName(body.name), serverId: body.serverid || DEFAULT_SERVER_ID };
      // A merge of the same upload already running is shared: its answer (file or error) is this call's answer too.
      // It is registered before the first await, so two concurrent calls can never both start one.
      const folder = store.chunkFolder(owner, fileMd5);
      const running = merges.get(folder);
      if (running) return ok(ownFiles.keep(owner, await running, info.name));
      const work = merge(fileMd5, body.chunks, body.size, info);
      merges.set(folder, work);
      try {
        return ok(ownFiles.keep(owner, await work, info.name));
      } finally {
        merges.delete(folder);
      }
    },
  );

  async function merge(fileMd5: string, chunks: number, size: number | undefined, info: CommitInfo) {
    const existing = store.find(info.unitId, fileMd5);
    if (existing) {
      await store.removeChunks(info, fileMd5);
      return existing;
    }
    const missing: number[] = [];
    for (let chunk = 1; chunk <= chunks; chunk++) {
      if (!(await store.chunkExists(info, fileMd5, chunk))) missing.push(chunk);
    }
    if (missing.length) {
      const text = { zh: '分片不完整，无法合并', en: 'Chunks are missing, cannot merge' };
      throw new ApiError(400, 'chunk_missing', text, undefined, { missing });
    }
    const temp = await store.assemble(info, fileMd5, chunks, size);
    if (!temp) throw md5Mismatch();
    // The chunks' bytes are now the temp file: if it is not stored, a retry must send them again.
    const stored: StoredFile = await store.commit(temp, info).catch(async (error: unknown) => {
      await store.removeChunks(info, fileMd5);
      throw error;
    });
    await store.removeChunks(info, fileMd5);
    return stored;
  }
}
