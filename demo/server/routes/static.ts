import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';

/** Our own assets at /static/, then the configured folders (built widgets, demo pages) that exist. */
export async function registerStaticRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const roots = [{ prefix: '/static/', root: ctx.staticDir }, ...ctx.options.staticRoots].filter((r) =>
    existsSync(r.root),
  );
  let first = true;
  for (const { prefix, root } of roots) {
    await app.register(fastifyStatic, { root, prefix, decorateReply: first, index: ['index.html'], redirect: true });
    first = false;
  }
  app.get('/', async (_request, reply) => reply.redirect('/demo/', 302));
}
