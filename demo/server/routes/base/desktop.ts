import type { FastifyInstance } from 'fastify';
import type { AppItem, MenuGroup, MenuNode, ThemeSetting } from '../../../../src/core/api/types';
import { GROUP_CODES } from '../../../../src/core/api/types';
import { ENDPOINTS, endpointPath } from '../../../../src/core/api/wire';
import { requireAuth } from '../../auth/session';
import type { ServerContext } from '../../context';
import { GROUPS } from '../../db/seed-data';
import { isAdmin } from '../../db/users';
import { errors, fieldError, ok } from '../../envelope';
import { flag, id, int, object, str } from '../../schemas';
import { serves } from '../../spec-strict';
import { HEX_COLOUR, NAMED_THEMES } from '../assets/themes';

export function registerDesktopRoutes(app: FastifyInstance, ctx: ServerContext): void {
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

/** The desktop's groups of the apps for the user's type (`frontUserType`, a comma list; empty is everyone). */
function iconGroups(ctx: ServerContext, userId: string, userType: number): MenuGroup[] {
  const rows = ctx.db
    .prepare(
      `SELECT a.*, r.num FROM apps a
       LEFT JOIN app_unread r ON r.app_code = a.code AND r.user_id = ?
       LEFT JOIN app_orders o ON o.app_code = a.code AND o.group_code = a.group_code AND o.user_id = ?
       ORDER BY o.sort IS NULL, o.sort, a.sort`,
    )
    .all(userId, userId) as AppRow[];
  const forUser = (row: AppRow) =>
    row.front_user_type === '' || row.front_user_type.split(',').includes(String(userType));
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
