import type { FastifyInstance } from 'fastify';
import type { ThemeSetting } from '../../../../src/core/api/types';
import { ENDPOINTS } from '../../../../src/core/api/wire';
import { requireAuth } from '../../auth/session';
import type { ServerContext } from '../../context';
import { isAdmin } from '../../db/users';
import { errors, fieldError, ok } from '../../envelope';
import { flag, object, str } from '../../schemas';
import { HEX_COLOUR, NAMED_THEMES } from '../assets/themes';

/** The desktop's theme: the user's own, or (an admin, `syncAll`) their whole unit's. */
export function registerThemeRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get(ENDPOINTS.themeColor, async (request) => {
    const { user } = requireAuth(request);
    const theme: ThemeSetting = {
      type: user.theme_type === 'default_color' ? 'default_color' : 'color',
      theme: user.theme,
    };
    return ok(theme);
  });

  app.post<{ Body: { type: 'color' | 'default_color'; theme: string; syncAll?: boolean | string } }>(
    ENDPOINTS.setTheme,
    {
      schema: {
        body: object(
          {
            type: { type: 'string', enum: ['color', 'default_color'] },
            theme: str(32, { minLength: 1 }),
            syncAll: flag,
          },
          ['type', 'theme'],
        ),
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const { type, theme } = request.body;
      const valid = type === 'color' ? HEX_COLOUR.test(theme) : Object.hasOwn(NAMED_THEMES, theme);
      if (!valid) {
        throw errors.badRequest({ zh: '主题或颜色无效', en: 'Unknown theme or invalid colour' }, [
          fieldError('theme', { zh: '主题或颜色无效', en: 'Unknown theme or invalid colour' }),
        ]);
      }
      const syncAll = request.body.syncAll === true || request.body.syncAll === 'true' || request.body.syncAll === '1';
      if (syncAll) {
        if (!isAdmin(ctx.db, user.id)) throw errors.forbidden();
        ctx.db.prepare('UPDATE users SET theme_type = ?, theme = ? WHERE unit_id = ?').run(type, theme, user.unit_id);
      } else {
        ctx.db.prepare('UPDATE users SET theme_type = ?, theme = ? WHERE id = ?').run(type, theme, user.id);
      }
      return ok('success');
    },
  );
}
