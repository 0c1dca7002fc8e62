import type { FastifyInstance } from 'fastify';
import type { AppItem, MenuGroup } from '../../../../src/core/api/types';
import { GROUP_CODES } from '../../../../src/core/api/types';
import { ENDPOINTS, endpointPath } from '../../../../src/core/api/wire';
import { requireAuth } from '../../auth/session';
import type { ServerContext } from '../../context';
import { GROUPS } from '../../db/seed-data';
import { isFaceTerminal } from '../../db/users';
import { errors, fieldError, ok } from '../../envelope';
import { id, int, object, str } from '../../schemas';
import { serves } from '../../spec-strict';

/** The desktop's icons: the groups of apps for the user, a teacher's own order in a group, the unread counts. */
export function registerAppIconRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get<{ Querystring: { userId?: string; unitId?: string; appType?: number } }>(
    ENDPOINTS.appIcons,
    { schema: { querystring: object({ userId: id, unitId: id, appType: int(0, 9) }) } },
    async (request) => {
      const { user } = requireAuth(request);
      const { userId, unitId } = request.query;
      if ((userId && userId !== user.id) || (unitId && unitId !== user.unit_id)) throw errors.forbidden();
      return ok(iconGroups(ctx, user.id, user.user_type));
    },
  );

  // An added call (spec-strict.ts): the §7-as-written profile leaves it out.
  if (serves(ctx.options, 'POST', ENDPOINTS.appIconOrder)) registerAppIconOrder(app, ctx);

  app.get(ENDPOINTS.unreadCodeCount, async (request) => {
    const { user } = requireAuth(request);
    const rows = ctx.db
      .prepare('SELECT app_code AS code, num FROM app_unread WHERE user_id = ? AND num > 0 ORDER BY app_code')
      .all(user.id);
    return ok(rows);
  });
}

interface AppRow {
  code: string;
  group_code: string;
  zname: string;
  name: string;
  short_name: string;
  english_name: string;
  english_short_name: string;
  menu_route: string;
  server_id: string;
  deploy_path: string;
  front_user_type: string;
  limit_user_type: string;
  update_status: number;
  num: number | null;
}

/** Every app on the user's desktop (the speech gateway listens for their names: nls.ts). */
export function userApps(ctx: ServerContext, userId: string): AppItem[] {
  const user = ctx.db.prepare('SELECT user_type FROM users WHERE id = ?').get(userId) as
    | { user_type: number }
    | undefined;
  return user ? iconGroups(ctx, userId, user.user_type).flatMap((group) => group.iconVMs) : [];
}

/**
 * The desktop's groups of the apps for the user's type (`frontUserType`, a comma list; empty is everyone). A clock-in
 * terminal's account has none: every door to an app refuses it (issue 69: it had a staff desktop of 18 apps).
 */
function iconGroups(ctx: ServerContext, userId: string, userType: number): MenuGroup[] {
  const terminal = isFaceTerminal(ctx.db, userId);
  const rows = ctx.db
    .prepare(
      `SELECT a.*, r.num FROM apps a
       LEFT JOIN app_unread r ON r.app_code = a.code AND r.user_id = ?
       LEFT JOIN app_orders o ON o.app_code = a.code AND o.group_code = a.group_code AND o.user_id = ?
       ORDER BY o.sort IS NULL, o.sort, a.sort`,
    )
    .all(userId, userId) as AppRow[];
  const forUser = (row: AppRow) =>
    !terminal && (row.front_user_type === '' || row.front_user_type.split(',').includes(String(userType)));
  return GROUP_CODES.map((code) => ({
    code,
    name: GROUPS[code] ?? code,
    iconVMs: rows.filter((row) => row.group_code === code && forUser(row)).map(toAppItem),
  }));
}

const icon = (file: string) => endpointPath(ENDPOINTS.appIcon, { file });

function toAppItem(row: AppRow): AppItem {
  return {
    code: row.code,
    zname: row.zname,
    name: row.name,
    shortName: row.short_name,
    englishName: row.english_name,
    englishShortName: row.english_short_name,
    iconImg: icon(`${row.code}.svg`),
    imgPath: icon(`${row.code}.svg`),
    imgGrayPath: icon(`${row.code}-gray.svg`),
    imgCartoonPath: icon(`${row.code}-cartoon.svg`),
    menuRoute: row.menu_route,
    serverId: row.server_id,
    deployPath: row.deploy_path,
    frontUserType: row.front_user_type,
    limitUserType: row.limit_user_type,
    updateStatus: row.update_status,
    unReadCodeCount: row.num ?? 0,
  };
}

/** POST a school teacher's icon order inside one group (`groupCode`, `codes` comma-separated). */
function registerAppIconOrder(app: FastifyInstance, ctx: ServerContext): void {
  app.post<{ Body: { groupCode: string; codes: string } }>(
    ENDPOINTS.appIconOrder,
    {
      schema: {
        body: object({ groupCode: { type: 'string', enum: [...GROUP_CODES] }, codes: str(4000, { minLength: 1 }) }, [
          'groupCode',
          'codes',
        ]),
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      // §6: only school teachers (type 2 or 4 in a school unit) arrange their icons.
      const unit = ctx.db.prepare('SELECT unit_type FROM units WHERE id = ?').get(user.unit_id) as
        | { unit_type: string }
        | undefined;
      if ((user.user_type !== 2 && user.user_type !== 4) || unit?.unit_type !== '2') throw errors.forbidden();
      const { groupCode } = request.body;
      const codes = request.body.codes.split(',');
      const inGroup = (
        ctx.db.prepare('SELECT code FROM apps WHERE group_code = ?').all(groupCode) as { code: string }[]
      ).map((row) => row.code);
      const same = codes.length === inGroup.length && new Set(codes).size === codes.length;
      if (!same || !codes.every((code) => inGroup.includes(code))) {
        const text = {
          zh: '图标顺序须包含本组的每个应用各一次',
          en: 'The order must list every app of the group once',
        };
        throw errors.badRequest(text, [fieldError('codes', text)]);
      }
      const save = ctx.db.prepare(
        'INSERT OR REPLACE INTO app_orders (user_id, group_code, app_code, sort) VALUES (?, ?, ?, ?)',
      );
      ctx.db.transaction(() => {
        for (const [index, code] of codes.entries()) save.run(user.id, groupCode, code, index);
      })();
      return ok('success');
    },
  );
}
