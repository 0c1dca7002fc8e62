import type { FastifyInstance } from 'fastify';
import type { UnitLoginConfig } from '../../../../src/core/api/types';
import { ENDPOINTS } from '../../../../src/core/api/wire';
import type { ServerContext } from '../../context';
import { SCHOOL_ID } from '../../db/seed-data';
import { faceLoginOn } from '../../db/unit-settings';
import { findUnit, findUnitByHost } from '../../db/users';
import { errors, ok } from '../../envelope';
import { id, object, str } from '../../schemas';

export function registerUnitConfigRoutes(app: FastifyInstance, ctx: ServerContext): void {
  // Public: the login page shows the footer before anyone signs in. Without unitId the host decides, then the school.
  app.get<{ Querystring: { unitId?: string; unitHost?: string } }>(
    ENDPOINTS.unitConfig,
    { config: { public: true }, schema: { querystring: object({ unitId: id, unitHost: str(253) }) } },
    async (request) => {
      const { unitId, unitHost } = request.query;
      const unit = unitId
        ? findUnit(ctx.db, unitId)
        : (unitHost && findUnitByHost(ctx.db, unitHost)) || findUnit(ctx.db, SCHOOL_ID);
      if (!unit) throw errors.notFound({ zh: '单位不存在', en: 'No such unit' });
      const config: UnitLoginConfig = {
        footer: unit.footer,
        link: unit.link,
        decorationSet: unit.decoration_set,
        faceLogin: faceLoginOn(ctx.db, unit.id),
      };
      return ok(config);
    },
  );
}
