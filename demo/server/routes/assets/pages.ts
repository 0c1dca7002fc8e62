import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { registerLanguagePackRoutes } from './pages-languages';
import { registerAppIconRoute, registerThemeStylesheetRoute } from './pages-looks';
import { registerModulePageRoutes } from './pages-modules';
import { registerSubappRoutes } from './pages-subapps';

/** The demo's page assets, one registrar per group: sub-apps, module pages, theme stylesheets, language packs, icons. */
export function registerPageAssetRoutes(app: FastifyInstance, ctx: ServerContext): void {
  registerSubappRoutes(app, ctx);
  registerModulePageRoutes(app, ctx);
  registerThemeStylesheetRoute(app);
  registerLanguagePackRoutes(app, ctx);
  registerAppIconRoute(app, ctx);
}
