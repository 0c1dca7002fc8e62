import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import type { StorageDeps } from './deps';
import { downloadRoutes } from './download';
import { mergeRoutes } from './merge';
import { FileStore } from './store';
import { sweepRoutes } from './sweep';
import { uploadRoutes } from './upload';

/** The storage calls as four plugins over one store: upload, merge, download, and the sweep of stale chunks. */
export async function registerStorageRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const store = new FileStore(ctx);
  await store.upgradeLegacyFiles();
  const deps: StorageDeps = { ctx, store, merges: new Map() };
  for (const plugin of [uploadRoutes, mergeRoutes, downloadRoutes, sweepRoutes]) await app.register(plugin, deps);
}
