import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { registerAppIconRoutes } from './desktop-icons';
import { registerInsideAppRoutes } from './desktop-inside';
import { registerThemeRoutes } from './desktop-theme';

/** The desktop's calls, one registrar per group over the server context: theme, icons, what an opened app asks. */
export function registerDesktopRoutes(app: FastifyInstance, ctx: ServerContext): void {
  registerThemeRoutes(app, ctx);
  registerAppIconRoutes(app, ctx);
  registerInsideAppRoutes(app, ctx);
}
