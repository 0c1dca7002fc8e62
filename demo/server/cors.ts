import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import { APP_PATH_HEADER, AUTHORIZATION_HEADER, DEVICE_HEADER, SIGNATURE_HEADER } from '../../src/core/api/wire';

/** `loopback` admits any http://localhost:PORT and http://127.0.0.1:PORT (a test runner's page on its own port). */
export const LOOPBACK_ORIGINS = 'loopback';
export const LOOPBACK = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\]):\d{1,5}$/;

/**
 * Cross-origin pages (embeds, a test runner on another port) may call the API with credentials when their origin is
 * listed, through @fastify/cors. Nothing is allowed by default: same-origin pages need no CORS at all, so without a
 * list the plugin is not even registered.
 */
export async function registerCors(app: FastifyInstance, allowed: string[]): Promise<void> {
  if (!allowed.length) return;
  const origins: (string | RegExp)[] = allowed.filter((origin) => origin !== LOOPBACK_ORIGINS);
  if (allowed.includes(LOOPBACK_ORIGINS)) origins.push(LOOPBACK);
  await app.register(cors, {
    origin: origins,
    credentials: true,
    exposedHeaders: [SIGNATURE_HEADER],
    methods: ['GET', 'POST'],
    allowedHeaders: ['Content-Type', AUTHORIZATION_HEADER, DEVICE_HEADER, APP_PATH_HEADER],
    maxAge: 600,
  });
}
