import { mkdirSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import * as qs from 'qs-esm';
import { MAX_CHUNK_BYTES } from '../../src/core/api/wire';
import { LoginLimiter } from './auth/login-limiter';
import { verifyPassword } from './auth/passwords';
import { SignInGuard } from './auth/sign-in-guard';
import { TokenStore } from './auth/tokens';
import { registerCompression } from './compression';
import { resolveOptions, type ServerOptions } from './config';
import type { ServerContext } from './context';
import { registerCors } from './cors';
import { getMeta, openDatabase, setMeta } from './db';
import { faceMatcherFor } from './face/choose';
import { frameworkError, registerErrorHandlers, registerGuards } from './hooks';
import { registerModulePreloads } from './module-preloads';
import { registerPrerender } from './prerender';
import { registerRoutes } from './routes';
import { registerSecurityHeaders } from './security-headers';
import { pocketsphinxRecognizer } from './speech/pocketsphinx';
import { randomToken } from './util/ids';
import { markFormBody, validatorCompiler } from './validation';

export type { ServerOptions } from './config';
export { repositoryStaticRoots } from './config';

export interface PhServer {
  url: string;
  app: FastifyInstance;
  context: ServerContext;
  close(): Promise<void>;
}

export const STATIC_DIR = join(dirname(fileURLToPath(import.meta.url)), 'static');

export async function createServer(options: ServerOptions): Promise<PhServer> {
  const resolved = resolveOptions(options);
  const db = openDatabase(resolved.dataDir, {
    now: resolved.now,
    deviceClientIds: resolved.deviceClientIds,
    desktopApps: resolved.desktopApps,
  });
  const dirs = {
    files: join(resolved.dataDir, 'files'),
    chunks: join(resolved.dataDir, 'chunks'),
    tmp: join(resolved.dataDir, 'tmp'),
  };
  // Leftovers in tmp/ are writes a previous process never finished; they were never visible, so drop them.
  rmSync(dirs.tmp, { recursive: true, force: true });
  for (const dir of Object.values(dirs)) mkdirSync(dir, { recursive: true });
  let origin = '';
  const signingSecret = resolved.signingSecret ?? storedSecret(db);
  const ctx: ServerContext = {
    db,
    options: resolved,
    tokens: new TokenStore(db, resolved.accessTtlSeconds, resolved.refreshTtlSeconds, resolved.now, signingSecret),
    limiter: new LoginLimiter(resolved.loginLimit, resolved.now),
    signIns: new SignInGuard(resolved.loginLimit, resolved.now),
    verifyPassword: options.verifyPassword ?? verifyPassword,
    faceMatcher: faceMatcherFor(options.faceMatcher),
    speech: options.speechRecognizer ?? pocketsphinxRecognizer({ tmpDir: dirs.tmp }),
    signingSecret,
    dirs,
    staticDir: STATIC_DIR,
    now: resolved.now,
    seconds: () => Math.floor(resolved.now() / 1000),
    listeningOrigin: () => origin,
  };

  const app = Fastify({
    // Slow clients hold no connection for long (issue 37, F13): a request's headers and body must arrive within
    // `requestTimeoutMs`, checked at least every quarter of it, and a connection silent for `idleTimeoutMs` closes.
    serverFactory: (handler) =>
      createHttpServer(
        {
          requestTimeout: resolved.requestTimeoutMs,
          headersTimeout: resolved.requestTimeoutMs,
          connectionsCheckingInterval: Math.max(100, Math.min(30_000, resolved.requestTimeoutMs / 4)),
        },
        handler,
      ),
    connectionTimeout: resolved.idleTimeoutMs,
    logger: resolved.logger,
    trustProxy: false,
    // close() ends every connection, including an upload whose client stopped sending mid-body; waiting for it
    // would hang the shutdown (and a test's afterAll) for as long as the peer keeps the socket open.
    forceCloseConnections: true,
    // One access line per request, written by the onResponse hook (with device and app path), instead of two.
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { maxParamLength: 200 },
    frameworkErrors: frameworkError,
  });
  try {
    await app.register(cookie);
    // Bodiless calls (logout, mark-all-read) may still be sent as JSON: an empty JSON body means {}.
    const json = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      if (body === '') done(null, {});
      else json(request, body as string, done);
    });
    // The widgets post nested keys with dots (§7); qs with the spec's own limits (§9) reads them back. The body is
    // marked as text, so its numbers may be read as numbers (JSON bodies keep their types: validation.ts).
    await app.register(formbody, {
      parser: (body) =>
        markFormBody(qs.parse(body, { allowDots: true, depth: 5, arrayLimit: 20, parameterLimit: 1000 })),
    });
    app.setValidatorCompiler(validatorCompiler);
    await app.register(multipart, {
      limits: { fileSize: MAX_CHUNK_BYTES, files: 1, fields: 30, fieldSize: 2000, parts: 40 },
    });
    // The speech gateway's WebSocket route; registered before any route, as the plugin asks. A recording is at most
    // 60 s of 16 kHz 16-bit audio, sent in frames of 100 ms: no single message is near this limit.
    await app.register(websocket, { options: { maxPayload: 256 * 1024 } });
    // Before the security headers: they hash the page as it is finally sent.
    registerModulePreloads(app, resolved.staticRoots);
    registerPrerender(app, resolved.staticRoots);
    await registerSecurityHeaders(app, resolved);
    await registerCompression(app);
    await registerCors(app, resolved.corsOrigins);
    registerGuards(app, ctx);
    registerErrorHandlers(app);
    await registerRoutes(app, ctx);
    await app.listen({ port: resolved.port, host: resolved.host });
  } catch (error) {
    await app.close();
    await ctx.faceMatcher.close?.();
    db.close();
    throw error;
  }

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : resolved.port;
  const host = resolved.host.includes(':') ? `[${resolved.host}]` : resolved.host;
  origin = `http://${host}:${port}`;
  let closed = false;
  return {
    url: origin,
    app,
    context: ctx,
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      await ctx.faceMatcher.close?.();
      db.close();
    },
  };
}

/** Generated once and kept, so signatures stay stable across restarts without configuration. */
function storedSecret(db: ServerContext['db']): string {
  const existing = getMeta(db, 'signing_secret');
  if (existing) return existing;
  const secret = randomToken(32);
  setMeta(db, 'signing_secret', secret);
  return secret;
}
