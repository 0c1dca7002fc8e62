import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '../../../../src/core/api/wire';
import { ok } from '../../envelope';
import { refuseLockedAddress } from '../../face/limits';
import { requireTerminal } from '../../face/terminal';
import { object } from '../../schemas';
import { serves } from '../../spec-strict';
import type { FaceDeps } from './face-deps';

/**
 * The liveness challenge, asked before the photo is sent: the widget asks the user for the action and records the
 * frames (issue 37). A clock-in's challenge is the terminal's own, outside the anonymous allowance (issue 54). An
 * added call (spec-strict.ts).
 */
export function registerFaceChallenge(app: FastifyInstance, { ctx, challenges }: FaceDeps): void {
  if (!serves(ctx.options, 'POST', ENDPOINTS.faceChallenge)) return;
  app.post<{ Body: { mode: 'login' | 'orther' } }>(
    ENDPOINTS.faceChallenge,
    { config: { public: true }, schema: { body: object({ mode: { enum: ['login', 'orther'] } }, ['mode']) } },
    async (request) => {
      if (request.body.mode === 'orther') {
        const terminal = requireTerminal(ctx, request);
        return ok(challenges.issueClocking(terminal.user.id, request.ip));
      }
      // An address out of face-login failures could not use a challenge: it is told so before the user moves. Asking
      // is not a failure (issue 67: 21 asks without a photo locked face login for the address for 15 minutes).
      refuseLockedAddress(ctx, request.ip);
      return ok(challenges.issueLogin(request.ip));
    },
  );
}
