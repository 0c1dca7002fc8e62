import type { FastifyInstance } from 'fastify';
import type { StorageDeps } from './deps';

const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Chunks of uploads never merged would stay forever: swept at start and then on an unref'd timer (it never keeps
 * the process alive), stopped when the server closes. Ages are read against the server clock; a merge running on
 * a folder keeps it.
 */
export async function sweepRoutes(app: FastifyInstance, { ctx, store, merges }: StorageDeps): Promise<void> {
  const ttlMs = ctx.options.chunkTtlSeconds * 1000;
  const sweep = () =>
    store
      .sweep(ctx.now() - ttlMs, (folder) => merges.has(folder))
      .then((removed) => {
        if (removed.chunkDirs.length || removed.tmpFiles.length) app.log.info(removed, 'swept stale upload chunks');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'chunk sweep failed'));
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await sweep();
    timer = setInterval(sweep, Math.min(SWEEP_INTERVAL_MS, Math.max(ttlMs, 1000)));
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await store.close();
  });
}
