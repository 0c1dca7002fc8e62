import type { FastifyInstance } from 'fastify';
import type { MenuNode } from '../../../../src/core/api/types';
import { ENDPOINTS } from '../../../../src/core/api/wire';
import { requireAuth } from '../../auth/session';
import type { ServerContext } from '../../context';
import { isAdmin } from '../../db/users';
import { errors, ok } from '../../envelope';
import { id, int, object, str } from '../../schemas';

/** What an app opened from the desktop asks: its permission tree, the unit's licensed modules, the access log. */
export function registerInsideAppRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get<{ Querystring: { code: string } }>(
    ENDPOINTS.permissionTree,
    { schema: { querystring: object({ code: id }, ['code']) } },
    async (request) => {
      const { user } = requireAuth(request);
      // Spec §6: only types 2 and 4 get permission routes.
      if (user.user_type !== 2 && user.user_type !== 4) return ok([]);
      return ok(permissionTree(ctx, request.query.code, isAdmin(ctx.db, user.id)));
    },
  );

  app.get(ENDPOINTS.insideModules, async (request) => {
    const { user } = requireAuth(request);
    const modules = ctx.db
      .prepare(
        `SELECT server_id AS code, name, english_name AS englishName, end_time AS endTime FROM licences
         WHERE unit_id = ? ORDER BY server_id`,
      )
      .all(user.unit_id);
    return ok(modules);
  });

  app.post<{
    Body: { userId: string; userType?: number; unitId?: string; resId: string; resName?: string; type?: number };
  }>(
    ENDPOINTS.accessLog,
    {
      schema: {
        body: object(
          {
            userId: id,
            userType: int(0, 9),
            unitId: id,
            resId: str(64, { minLength: 1 }),
            resName: str(100),
            type: int(0, 9),
          },
          ['userId', 'resId'],
        ),
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const body = request.body;
      if (body.userId !== user.id) throw errors.forbidden();
      ctx.db
        .prepare(
          `INSERT INTO access_details (user_id, user_type, unit_id, res_id, res_name, type, at)
           VALUES (?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(user.id, user.user_type, user.unit_id, body.resId, body.resName ?? '', body.type ?? 1, ctx.now());
      return ok(true);
    },
  );
}
interface ResourceRow {
  code: string;
  parent_code: string | null;
  name: string;
  resource_type: number;
  menu_route: string;
}

function permissionTree(ctx: ServerContext, appCode: string, admin: boolean): MenuNode[] {
  const rows = ctx.db
    .prepare(
      `SELECT code, parent_code, name, resource_type, menu_route FROM resources
       WHERE app_code = ? AND (admin_only = 0 OR ?) ORDER BY sort`,
    )
    .all(appCode, admin ? 1 : 0) as ResourceRow[];
  const build = (parent: string | null): MenuNode[] =>
    rows
      .filter((row) => row.parent_code === parent)
      .map((row) => ({
        code: row.code,
        name: row.name,
        resourceType: row.resource_type,
        menuRoute: row.menu_route,
        children: build(row.code),
      }));
  return build(null);
}
