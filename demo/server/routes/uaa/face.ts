import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '../../../../src/core/api/wire';
import type { ServerContext } from '../../context';
import { ChallengeStore } from '../../face/challenges';
import { reportDuplicateFaces } from '../../face/duplicates';
import type { EnrolledFace } from '../../face/matcher';
import { refreshFaceDescriptors } from '../../face/refresh';
import { serves } from '../../spec-strict';
import { registerFaceChallenge } from './face-challenge';
import { registerFaceAttendance, registerFaceClocking } from './face-clocking';
import type { FaceDeps } from './face-deps';
import { registerFaceLogin } from './face-login';
import { photoSchema } from './face-photo';
import { registerFaceRegistration } from './face-registration';

/**
 * The face calls, one registrar per group over one FaceDeps: the liveness challenge, face login, clock-in (and its
 * attendance list), registration. Plain functions on the root instance, like every other registrar, so the guards,
 * error handlers and page hooks of createServer apply to them as they did.
 */
export function registerFaceRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const deps = faceDeps(app, ctx);
  registerFaceChallenge(app, deps);
  registerFaceLogin(app, deps);
  registerFaceClocking(app, deps);
  registerFaceRegistration(app, deps);
  // An added call (spec-strict.ts): the §7-as-written profile leaves it out.
  if (serves(ctx.options, 'GET', ENDPOINTS.faceAttendance)) registerFaceAttendance(app, deps);
}

function faceDeps(app: FastifyInstance, ctx: ServerContext): FaceDeps {
  // Faces registered under another matcher are described again in the background (from their stored photos).
  const refreshed = refreshFaceDescriptors(ctx, app.log);
  // Then faces registered to two accounts are reported (issue 54), without holding up face calls.
  void refreshed.then(() => reportDuplicateFaces(ctx.db, ctx.faceMatcher, app.log));
  const challenges = new ChallengeStore(ctx.seconds, ctx.options.faceChallengeActions, ctx.options.faceChallengeLimits);
  return {
    ctx,
    challenges,
    enrolled: async (unitId, signIn = false) => {
      await refreshed;
      return ctx.db
        .prepare(
          `SELECT f.user_id AS userId, f.descriptor FROM face_records f JOIN users u ON u.id = f.user_id
           LEFT JOIN unit_settings s ON s.unit_id = u.unit_id
           WHERE f.matcher = ? AND (? IS NULL OR u.unit_id = ?) AND (? = 0 OR COALESCE(s.face_login, 1) = 1)`,
        )
        .all(ctx.faceMatcher.kind, unitId ?? null, unitId ?? null, signIn ? 1 : 0) as EnrolledFace[];
    },
    takeActions: (photo, address, purpose) =>
      ctx.options.specStrict ? null : challenges.take(photo.challengeId ?? '', address, purpose),
    schema: { body: photoSchema(ctx.options.specStrict) },
  };
}
