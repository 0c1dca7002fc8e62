import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import type { StorageDeps } from './deps';
import { downloadRoutes } from './download';
import { mergeRoutes } from './merge';
import { OwnFileRecords } from './own-file-records';
import { ownFilesRoutes } from './own-files';
import { FileStore } from './store';
import { sweepRoutes } from './sweep';
import { chunkUploadRoutes } from './upload-chunks';
import { instantUploadRoutes } from './upload-instant';
import { singleUploadRoutes } from './upload-single';

/**
 * The storage calls as plugins over one store, one per group: upload (the instant check, whole files, chunks),
 * merge, download, each person's own files (an added list), and the sweep of stale chunks.
 */
export async function registerStorageRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const store = new FileStore(ctx);
  await store.upgradeLegacyFiles();
  await store.upgradeLegacyChunks();
  const deps: StorageDeps = { ctx, store, ownFiles: new OwnFileRecords(ctx), merges: new Map() };
  for (const plugin of [
    instantUploadRoutes,
    singleUploadRoutes,
    chunkUploadRoutes,
    mergeRoutes,
    downloadRoutes,
    ownFilesRoutes,
    sweepRoutes,
  ])
    await app.register(plugin, deps);
}
