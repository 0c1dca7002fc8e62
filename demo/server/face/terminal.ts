import type { FastifyRequest } from 'fastify';
import { requireAuth } from '../auth/session';
import type { AuthContext, ServerContext } from '../context';
import { isFaceTerminal } from '../db/users';
import { notATerminal } from './refusals';

/** The signed-in caller, when it is a clock-in terminal's account; else 401, or 403 `not_a_terminal`. */
export function requireTerminal(ctx: ServerContext, request: FastifyRequest): AuthContext {
  const auth = requireAuth(request);
  if (!isFaceTerminal(ctx.db, auth.user.id)) throw notATerminal();
  return auth;
}
