import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '../../../../src/core/api/wire';
import type { ServerContext } from '../../context';
import { object } from '../../schemas';
import { escapeHtml } from '../../util/html';
import { fileName } from './pages-params';
import { NAMED_THEMES } from './themes';

/** A named theme's stylesheet. */
export function registerThemeStylesheetRoute(app: FastifyInstance): void {
  app.get<{ Params: { file: string } }>(
    ENDPOINTS.themeStylesheet,
    { schema: { params: object({ file: fileName }, ['file']) } },
    async (request, reply) => {
      const theme = /^([A-Za-z]+)\.css$/.exec(request.params.file)?.[1];
      const colour = theme && Object.hasOwn(NAMED_THEMES, theme) ? NAMED_THEMES[theme] : undefined;
      if (!theme || !colour) return reply.callNotFound();
      return reply
        .type('text/css')
        .header('Cache-Control', 'public, max-age=3600')
        .send(`/* theme ${theme} */\n:root,:host{--ph-color-primary:${colour};--ph-theme-name:"${theme}"}\n`);
    },
  );
}

/** An app's icon, drawn from its name and colour (plain, gray or cartoon). */
export function registerAppIconRoute(app: FastifyInstance, ctx: ServerContext): void {
  app.get<{ Params: { file: string } }>(
    ENDPOINTS.appIcon,
    { schema: { params: object({ file: fileName }, ['file']) } },
    async (request, reply) => {
      const match = /^([a-z0-9]+)(?:-(gray|cartoon))?\.svg$/.exec(request.params.file);
      const appRow =
        match &&
        (ctx.db.prepare('SELECT english_name, color FROM apps WHERE code = ?').get(match[1]) as
          | { english_name: string; color: string }
          | undefined);
      if (!match || !appRow) return reply.callNotFound();
      return reply
        .type('image/svg+xml')
        .header('Cache-Control', 'public, max-age=3600')
        .send(appIcon(appRow.english_name, appRow.color, match[2]));
    },
  );
}

function appIcon(englishName: string, colour: string, variant: string | undefined): string {
  const fill = variant === 'gray' ? '#9AA3AD' : colour;
  const radius = variant === 'cartoon' ? 24 : 12;
  const letter = escapeHtml(englishName.charAt(0).toUpperCase());
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img" aria-label="${escapeHtml(englishName)}"><rect width="64" height="64" rx="${radius}" fill="${fill}"/><text x="32" y="42" font-family="system-ui,sans-serif" font-size="28" font-weight="600" fill="#fff" text-anchor="middle">${letter}</text></svg>`;
}
