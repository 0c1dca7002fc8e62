import type { FastifyRequest } from 'fastify';
import { requireAuth } from '../auth/session';
import type { AuthContext, ServerContext } from '../context';
import { hasRole } from '../db/users';
import { notATerminal } from './refusals';

/** The role of a clock-in terminal's account (README › Demo accounts: `terminal`). */
export const FACE_TERMINAL_ROLE = 'FACE_TERMINAL';

/** The signed-in caller, when it is a clock-in terminal's account; else 401, or 403 `not_a_terminal`. */
export function requireTerminal(ctx: ServerContext, request: FastifyRequest): AuthContext {
  const auth = requireAuth(request);
  if (!hasRole(ctx.db, auth.user.id, FACE_TERMINAL_ROLE)) throw notATerminal();
  return auth;
}
