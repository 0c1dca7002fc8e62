import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '../../../../src/core/api/wire';
import { requireAuth } from '../../auth/session';
import type { ServerContext } from '../../context';
import { setFaceLogin } from '../../db/unit-settings';
import { findUnit, findUser, hasRole, isAdmin } from '../../db/users';
import { errors, ok } from '../../envelope';
import { id, object, str } from '../../schemas';
import { serves } from '../../spec-strict';
import { formatDateTime } from '../../util/ids';

export function registerUnitRoutes(app: FastifyInstance, ctx: ServerContext): void {
  /** Callers ask about their own unit; another unit's id is refused rather than answered. */
  const ownUnit = (callerUnit: string, asked: string | undefined) => {
    if (asked && asked !== callerUnit) throw errors.forbidden();
    const unit = findUnit(ctx.db, callerUnit);
    if (!unit) throw errors.notFound({ zh: '单位不存在', en: 'No such unit' });
    return unit;
  };
  const now = () => formatDateTime(new Date(ctx.now()));

  app.get<{ Querystring: { unitId?: string } }>(
    ENDPOINTS.licenceOam,
    { schema: { querystring: object({ unitId: id }) } },
    async (request) => {
      const unit = ownUnit(requireAuth(request).user.unit_id, request.query.unitId);
      return ok({ unitId: unit.id, endTime: unit.licence_end, expired: unit.licence_end < now() });
    },
  );

  app.get<{ Querystring: { unitId?: string; serverId: string } }>(
    ENDPOINTS.licence,
    { schema: { querystring: object({ unitId: id, serverId: id }, ['serverId']) } },
    async (request) => {
      const unit = ownUnit(requireAuth(request).user.unit_id, request.query.unitId);
      const licence = ctx.db
        .prepare('SELECT end_time FROM licences WHERE unit_id = ? AND server_id = ?')
        .get(unit.id, request.query.serverId) as { end_time: string } | undefined;
      const current = now();
      return ok(Boolean(licence && licence.end_time > current && unit.licence_end > current));
    },
  );

  // Added (issue 67): face sign-in is the unit's choice, made by an admin of the unit (XX_SYS_); clock-in stays.
  if (serves(ctx.options, 'POST', ENDPOINTS.unitFaceLogin)) {
    app.post<{ Body: { enabled: boolean } }>(
      ENDPOINTS.unitFaceLogin,
      { schema: { body: object({ enabled: { type: 'boolean' } }, ['enabled']) } },
      async (request) => {
        const { user } = requireAuth(request);
        if (!isAdmin(ctx.db, user.id)) throw errors.forbidden();
        setFaceLogin(ctx.db, user.unit_id, request.body.enabled);
        return ok({ faceLogin: request.body.enabled });
      },
    );
  }

  app.get(ENDPOINTS.vocationalSchool, async (request) => {
    const unit = ownUnit(requireAuth(request).user.unit_id, undefined);
    return ok(unit.is_vocational === 1);
  });

  app.get<{ Querystring: { unitId?: string } }>(
    ENDPOINTS.haveInstitute,
    { schema: { querystring: object({ unitId: id }) } },
    async (request) => {
      const unit = ownUnit(requireAuth(request).user.unit_id, request.query.unitId);
      return ok(unit.have_institute === 1);
    },
  );

  app.get<{ Params: { userId: string; role: string } }>(
    ENDPOINTS.roleCheck,
    { schema: { params: object({ userId: id, role: str(32, { pattern: '^[A-Za-z0-9_]+$' }) }, ['userId', 'role']) } },
    async (request) => {
      // Callers ask about themselves; only an admin (XX_SYS_) may ask about users of the own unit. Anyone else is
      // refused, so the roles of other units' users (or whether a user id exists) are never told.
      const { user } = requireAuth(request);
      const asked = request.params.userId;
      if (asked !== user.id) {
        const target = findUser(ctx.db, asked);
        if (!isAdmin(ctx.db, user.id) || !target || target.unit_id !== user.unit_id) throw errors.forbidden();
      }
      return ok(hasRole(ctx.db, asked, request.params.role));
    },
  );

  // Public and without the device header: an <img src> asks for it, with no script and before login.
  app.get<{ Params: { unitId: string } }>(
    ENDPOINTS.unitLogo,
    { config: { public: true, deviceOptional: true }, schema: { params: object({ unitId: id }, ['unitId']) } },
    async (request, reply) => {
      const unit = findUnit(ctx.db, request.params.unitId);
      if (!unit) throw errors.notFound({ zh: '单位不存在', en: 'No such unit' });
      return reply
        .type('image/svg+xml')
        .header('Cache-Control', 'public, max-age=3600')
        .send(createReadStream(join(ctx.staticDir, 'logos', unit.logo_file)));
    },
  );
}
