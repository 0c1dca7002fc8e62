import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '../../../../src/core/api/wire';
import { issueLogin } from '../../auth/session';
import { ApiError, ok } from '../../envelope';
import { countAgainstAddress, refuseLockedAddress } from '../../face/limits';
import type { FaceDeps } from './face-deps';
import { identifyFace } from './face-identify';
import { type FacePhoto, PHOTO_BODY_LIMIT } from './face-photo';

/**
 * Face login. Public: failures count per address like password failures (issue 37, F3), and its photos wait in the
 * public share of the description queue (F5).
 */
export function registerFaceLogin(app: FastifyInstance, deps: FaceDeps): void {
  const { ctx, takeActions, schema } = deps;
  app.post<{ Body: FacePhoto }>(
    ENDPOINTS.faceLogin,
    { config: { public: true, loginLike: true }, bodyLimit: PHOTO_BODY_LIMIT, schema },
    async (request, reply) => {
      refuseLockedAddress(ctx, request.ip);
      try {
        const actions = takeActions(request.body, request.ip, { kind: 'login' });
        return ok(issueLogin(ctx, reply, await identifyFace(deps, { photo: request.body, actions }, 'public')));
      } catch (error) {
        if (error instanceof ApiError && error.status === 400) countAgainstAddress(ctx, request.ip);
        throw error;
      }
    },
  );
}
