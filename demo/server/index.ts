import type { FastifyInstance } from 'fastify';
import { createApp, registerHooks, registerParsers } from './app';
import type { ResolvedOptions, ServerOptions } from './config';
import type { ServerContext } from './context';
import { registerRoutes } from './routes';
import { openContext } from './server-context';

export type { ServerOptions } from './config';
export { repositoryStaticRoots } from './config';
export { STATIC_DIR } from './server-context';

export interface PhServer {
  url: string;
  app: FastifyInstance;
  context: ServerContext;
  close(): Promise<void>;
}

/**
 * The reference server, in its steps: the context (options, database, services: server-context.ts), the Fastify
 * instance with its parsers and hooks (app.ts), the routes and static roots (routes/index.ts), then listening.
 */
export async function createServer(options: ServerOptions): Promise<PhServer> {
  const { ctx, listensAt } = openContext(options);
  const app = createApp(ctx.options);
  const shutDown = async () => {
    await app.close();
    await ctx.faceMatcher.close?.();
    ctx.db.close();
  };
  try {
    await registerParsers(app);
    await registerHooks(app, ctx);
    await registerRoutes(app, ctx);
    await app.listen({ port: ctx.options.port, host: ctx.options.host });
  } catch (error) {
    await shutDown();
    throw error;
  }
  const origin = listeningOrigin(app, ctx.options);
  listensAt(origin);
  let closed = false;
  return {
    url: origin,
    app,
    context: ctx,
    async close() {
      if (closed) return;
      closed = true;
      await shutDown();
    },
  };
}

/** `http://host:port` as listened on: the port picked when 0 was asked, an IPv6 host in brackets. */
function listeningOrigin(app: FastifyInstance, resolved: ResolvedOptions): string {
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : resolved.port;
  const host = resolved.host.includes(':') ? `[${resolved.host}]` : resolved.host;
  return `http://${host}:${port}`;
}
