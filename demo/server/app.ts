import { createServer as createHttpServer } from 'node:http';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import * as qs from 'qs-esm';
import { MAX_CHUNK_BYTES } from '../../src/core/api/wire';
import { registerAfterPaint } from './after-paint';
import { registerCompression } from './compression';
import type { ResolvedOptions } from './config';
import type { ServerContext } from './context';
import { registerCors } from './cors';
import { frameworkError, registerErrorHandlers, registerGuards } from './hooks';
import { registerInlineStyles } from './inline-styles';
import { registerModulePreloads } from './module-preloads';
import { registerPrerender } from './prerender';
import { registerSecurityHeaders } from './security-headers';
import { markFormBody, validatorCompiler } from './validation';

// createServer's steps after the context: the Fastify instance, how it reads bodies, and the hooks every answer
// goes through. Routes come after them (routes/index.ts), so that every route is behind the hooks.

/** The Fastify instance with the server's timeouts, logging and router limits. */
export function createApp(resolved: ResolvedOptions): FastifyInstance {
  return Fastify({
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
    // X-Forwarded-For is believed from the configured proxies only (issue 67); by default from nobody.
    trustProxy: resolved.trustProxy,
    // close() ends every connection, including an upload whose client stopped sending mid-body; waiting for it
    // would hang the shutdown (and a test's afterAll) for as long as the peer keeps the socket open.
    forceCloseConnections: true,
    // One access line per request, written by the onResponse hook (with device and app path), instead of two.
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { maxParamLength: 200 },
    frameworkErrors: frameworkError,
  });
}

/** Cookies, JSON, forms with dotted keys, multipart and WebSocket, and the one validator. */
export async function registerParsers(app: FastifyInstance): Promise<void> {
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
    parser: (body) => markFormBody(qs.parse(body, { allowDots: true, depth: 5, arrayLimit: 20, parameterLimit: 1000 })),
  });
  app.setValidatorCompiler(validatorCompiler);
  await app.register(multipart, {
    limits: { fileSize: MAX_CHUNK_BYTES, files: 1, fields: 30, fieldSize: 2000, parts: 40 },
  });
  // The speech gateway's WebSocket route; registered before any route, as the plugin asks. A recording is at most
  // 60 s of 16 kHz 16-bit audio, sent in frames of 100 ms: no single message is near this limit.
  await app.register(websocket, { options: { maxPayload: 256 * 1024 } });
}

/** Page rewrites, security headers, compression, CORS, then the device and token guards and the error envelopes. */
export async function registerHooks(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const resolved = ctx.options;
  // Before the security headers: they hash the page as it is finally sent.
  registerAfterPaint(app, resolved.staticRoots);
  registerModulePreloads(app, resolved.staticRoots);
  registerInlineStyles(app, resolved.staticRoots);
  registerPrerender(app, resolved.staticRoots);
  await registerSecurityHeaders(app, resolved);
  await registerCompression(app);
  await registerCors(app, resolved.corsOrigins);
  registerGuards(app, ctx);
  registerErrorHandlers(app);
}
