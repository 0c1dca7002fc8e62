import type { FastifyInstance } from 'fastify';
import type { VersionHistoryEntry, VersionInfo } from '../../../../src/core/api/types';
import { ENDPOINTS } from '../../../../src/core/api/wire';
import type { ServerContext } from '../../context';
import { errors, ok } from '../../envelope';
import { object, str } from '../../schemas';

interface VersionRow {
  code: string;
  name: string;
  app_version: string;
  server_version: string;
  web_code_version: string;
  package_date: string;
  date: string;
}

const segment = str(64, { pattern: '^[A-Za-z0-9_-]+$' });
const ROOTS = new Set(['pages', 'area']);

export function registerVersionRoutes(app: FastifyInstance, ctx: ServerContext): void {
  // An app of the platform without a version row of its own is deployed with the platform's (base's) version, under
  // its own name: each module page checks its versions (§4), and a seeded app answering 404 made every module page
  // log two failed requests (issue 69). A code that is no app stays a 404, §8's missing version endpoint.
  const find = (code: string) =>
    (ctx.db.prepare('SELECT * FROM versions WHERE code = ?').get(code) as VersionRow | undefined) ??
    (ctx.db
      .prepare(
        `SELECT a.code, a.zname AS name, v.app_version, v.server_version, v.web_code_version, v.package_date, v.date
         FROM apps a JOIN versions v ON v.code = 'base' WHERE a.code = ?`,
      )
      .get(code) as VersionRow | undefined);

  app.get<{ Params: { code: string; file: string } }>(
    ENDPOINTS.packageVersions,
    { config: { public: true }, schema: { params: object({ code: segment, file: segment }, ['code', 'file']) } },
    async (request) => {
      const { code, file } = request.params;
      const row = file === `${code}_package_versions` ? find(code) : undefined;
      if (!row) throw errors.notFound({ zh: '该微服务没有版本接口', en: 'This microservice has no version endpoint' });
      const info: VersionInfo = {
        name: row.name,
        appVersion: row.app_version,
        serverVersion: row.server_version,
        packageDate: row.package_date,
        webCodeVersion: row.web_code_version,
        date: row.date,
      };
      return ok(info);
    },
  );

  // The front-end package of an app, as a deploy would leave it next to the pages.
  app.get<{ Params: { root: string; code: string } }>(
    ENDPOINTS.packageJson,
    { schema: { params: object({ root: segment, code: segment }, ['root', 'code']) } },
    async (request, reply) => {
      const row = ROOTS.has(request.params.root) ? find(request.params.code) : undefined;
      if (!row) return reply.callNotFound();
      return { name: row.code, description: row.name, version: row.web_code_version, date: row.package_date };
    },
  );

  // The version history shown by the footer's version dialog (§3 version history list).
  app.get<{ Params: { root: string; dir: string } }>(
    ENDPOINTS.versionHistory,
    { schema: { params: object({ root: segment, dir: segment }, ['root', 'dir']) } },
    async (request, reply) => {
      const code = /^(.+)-version$/.exec(request.params.dir)?.[1];
      const row = ROOTS.has(request.params.root) && code ? find(code) : undefined;
      if (!row) return reply.callNotFound();
      const history = ctx.db
        .prepare('SELECT version, date, cn, en FROM version_history WHERE code = ? ORDER BY date DESC')
        .all(row.code) as { version: string; date: string; cn: string; en: string }[];
      const list: VersionHistoryEntry[] = history.map((h) => ({
        version: h.version,
        date: h.date,
        metto: { cn: h.cn, en: h.en },
      }));
      return list;
    },
  );
}
