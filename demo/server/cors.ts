import type { FastifyInstance } from 'fastify';
import { APP_PATH_HEADER, AUTHORIZATION_HEADER, DEVICE_HEADER, SIGNATURE_HEADER } from '../../src/core/api/wire';

/** `loopback` admits any http://localhost:PORT and http://127.0.0.1:PORT (a test runner's page on its own port). */
export const LOOPBACK_ORIGINS = 'loopback';
const LOOPBACK = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\]):\d{1,5}$/;

export function originAllowed(origin: string, allowed: string[]): boolean {
  return allowed.includes(origin) || (allowed.includes(LOOPBACK_ORIGINS) && LOOPBACK.test(origin));
}

/**
 * Cross-origin pages (embeds, a test runner on another port) may call the API with credentials when their origin is
 * listed. Nothing is allowed by default: same-origin pages need no CORS at all.
 */
export function registerCors(app: FastifyInstance, allowed: string[]): void {
  if (!allowed.length) return;
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (!origin || !originAllowed(origin, allowed)) return;
    reply.header('Access-Control-Allow-Origin', origin);
    reply.header('Access-Control-Allow-Credentials', 'true');
    reply.header('Access-Control-Expose-Headers', SIGNATURE_HEADER);
    reply.header('Vary', 'Origin');
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      reply.header('Access-Control-Allow-Methods', 'GET, POST');
      reply.header(
        'Access-Control-Allow-Headers',
        ['Content-Type', AUTHORIZATION_HEADER, DEVICE_HEADER, APP_PATH_HEADER].join(', '),
      );
      reply.header('Access-Control-Max-Age', '600');
      return reply.code(204).send();
    }
  });
}
