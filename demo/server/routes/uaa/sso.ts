import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { registerSsoPageRoutes } from './sso-page';
import { registerSsoTicketRoutes } from './sso-ticket';

/** Single sign-on, one registrar per group: the sign-in page that issues a one-time ticket, and the ticket login. */
export function registerSsoRoutes(app: FastifyInstance, ctx: ServerContext): void {
  registerSsoPageRoutes(app, ctx);
  registerSsoTicketRoutes(app, ctx);
}
