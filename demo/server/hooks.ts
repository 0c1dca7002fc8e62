import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Envelope } from '../../src/core/api/types';
import { APP_PATH_HEADER, DEVICE_HEADER, DEVICES, INVALID_GRANT } from '../../src/core/api/wire';
import { readAccessToken, resolveAuth } from './auth/session';
import type { ServerContext } from './context';
import { ApiError, errors, UNBOUND } from './envelope';
import { fieldErrorsOf } from './validation';

const DEVICE_REQUIRED = 'device_required';
const API_PREFIXES = ['/api/', '/zuul/api/'];

export function isApiPath(url: string): boolean {
  return API_PREFIXES.some((prefix) => url.startsWith(prefix));
}

/** Device header, then the access token: both decided before the body is read. */
export function registerGuards(app: FastifyInstance, ctx: ServerContext): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    if (!isApiPath(request.url)) return;
    const config = request.routeOptions.config;
    if (!config.deviceOptional && !request.is404) {
      const device = request.headers[DEVICE_HEADER.toLowerCase()];
      if (typeof device !== 'string' || !(DEVICES as readonly string[]).includes(device)) {
        throw new ApiError(400, DEVICE_REQUIRED, {
          zh: `缺少设备标识 ${DEVICE_HEADER}`,
          en: `Missing or unknown ${DEVICE_HEADER} header (app, h5 or pc)`,
        });
      }
    }
    request.auth = resolveAuth(ctx, readAccessToken(request));
    if (!request.auth && !config.public && !request.is404) throw errors.unauthorized();
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: request.url.split('?')[0],
        statusCode: reply.statusCode,
        device: request.headers[DEVICE_HEADER.toLowerCase()],
        appPath: request.headers[APP_PATH_HEADER.toLowerCase()],
        userId: request.auth?.user.id,
        ms: Math.round(reply.elapsedTime),
      },
      'access',
    );
  });
}

const KEPT_STATUSES = new Set([400, 401, 403, 404, 413, 429]);

/** Every failure becomes an envelope whose status is the HTTP status; no stack trace ever leaves the process. */
export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const send = (apiError: ApiError) =>
      reply.status(apiError.status).headers(apiError.headers).send(forRoute(request, apiError.toEnvelope()));
    if (error instanceof ApiError) return send(error);
    if (error.validation) return send(errors.badRequest(undefined, fieldErrorsOf(error.validation)));
    const status = error.statusCode ?? 500;
    if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE') return send(errors.tooLarge());
    if (status >= 400 && status < 500) {
      const kept = KEPT_STATUSES.has(status) ? status : 400;
      const code = status === 429 ? 'too_many_requests' : 'bad_request';
      return send(new ApiError(kept, code, { zh: '请求无效', en: 'Invalid request' }));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send(new ApiError(500, 'server_error', { zh: '服务器内部错误', en: 'Server internal error!' }).toEnvelope());
  });
  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url))
      return reply.status(404).send(errors.notFound({ zh: '接口不存在', en: 'No such call' }).toEnvelope());
    return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
  });
}

/** Malformed URLs and over-long path parameters are refused by the router itself, before any hook: 400 as well. */
export function frameworkError(_error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (isApiPath(request.url)) {
    reply.status(400).send(errors.badRequest({ zh: '请求地址无效', en: 'Malformed or over-long URL' }).toEnvelope());
    return;
  }
  reply.status(400).type('text/plain; charset=utf-8').send('Bad request');
}

/**
 * On login calls only `unbound` may mean "go to the bind page": any other 400 (schema failure, malformed body, bad
 * code or image) is a plain failed login. The missing device header keeps its own code: it is no user input.
 */
function forRoute(request: FastifyRequest, envelope: Envelope<unknown>): Envelope<unknown> {
  const loginLike = request.routeOptions.config?.loginLike === true;
  if (!loginLike || envelope.status !== 400 || envelope.code === UNBOUND || envelope.code === DEVICE_REQUIRED) {
    return envelope;
  }
  return { ...envelope, code: INVALID_GRANT };
}
