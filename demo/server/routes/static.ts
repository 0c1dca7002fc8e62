import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { cacheControlFor } from './cache';
import { registerSiteRoutes } from './site';

/**
 * Our own assets at /static/, then the configured folders (built widgets, demo pages) that exist. A root with the
 * prefix `/` is the deploy-layout site (demo/site, see site.ts): the login page answers `/`. Without one, `/` goes
 * to the demo index.
 */
export async function registerStaticRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const roots = [{ prefix: '/static/', root: ctx.staticDir }, ...ctx.options.staticRoots].filter((r) =>
    existsSync(r.root),
  );
  const site = roots.find((r) => r.prefix === '/');
  let first = true;
  for (const { prefix, root, preCompressed = false } of roots) {
    if (prefix === '/') continue;
    await app.register(fastifyStatic, {
      root,
      prefix,
      decorateReply: first,
      index: ['index.html'],
      redirect: true,
      preCompressed,
      // Cache-Control is ours: a year for hashed names, else revalidate (cache.ts).
      cacheControl: false,
      setHeaders: (response, path) => {
        response.setHeader('Cache-Control', cacheControlFor(root, path));
        // Caches must keep the brotli, gzip and plain answers of one URL apart.
        if (preCompressed) response.setHeader('Vary', 'Accept-Encoding');
      },
    });
    first = false;
  }
  if (site) registerSiteRoutes(app, site.root, { pageAnswers: !ctx.options.specStrict });
  else app.get('/', async (_request, reply) => reply.redirect('/demo/', 302));
}
