import type { FastifyInstance } from 'fastify';
import type { FaceRecord } from '../../../../src/core/api/types';
import { ENDPOINTS } from '../../../../src/core/api/wire';
import { issueLogin, requireAuth } from '../../auth/session';
import type { AuthContext, ServerContext } from '../../context';
import { findUser, isAdmin } from '../../db/users';
import { ApiError, errors, fieldError, ok } from '../../envelope';
import type { EnrolledFace } from '../../face/matcher';
import { id, object, str } from '../../schemas';
import { formatDateTime } from '../../util/ids';
import { BASE64_BODY_LIMIT, decodeBase64Image } from '../../util/images';

const faceImage = str(BASE64_BODY_LIMIT, { minLength: 1 });

const noMatch = () =>
  new ApiError(400, 'face_not_matched', { zh: '未识别到已登记的人脸', en: 'No registered face matches this photo' });

export function registerFaceRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const enrolled = (unitId?: string): EnrolledFace[] =>
    ctx.db
      .prepare(
        `SELECT f.user_id AS userId, f.descriptor FROM face_records f JOIN users u ON u.id = f.user_id
         WHERE ? IS NULL OR u.unit_id = ?`,
      )
      .all(unitId ?? null, unitId ?? null) as EnrolledFace[];

  app.post<{ Body: { faceImage: string } }>(
    ENDPOINTS.faceLogin,
    {
      config: { public: true, loginLike: true },
      bodyLimit: BASE64_BODY_LIMIT,
      schema: { body: object({ faceImage }, ['faceImage']) },
    },
    async (request, reply) => {
      const probe = await ctx.faceMatcher.describe(decodeBase64Image(request.body.faceImage).bytes);
      const userId = ctx.faceMatcher.match(probe, enrolled());
      const user = userId && findUser(ctx.db, userId);
      if (!user) throw noMatch();
      return ok(issueLogin(ctx, reply, user));
    },
  );

  // Clock-in terminals are signed in as a unit account; only faces of that unit count.
  app.post<{ Body: { faceImage: string } }>(
    ENDPOINTS.faceClocking,
    { bodyLimit: BASE64_BODY_LIMIT, schema: { body: object({ faceImage }, ['faceImage']) } },
    async (request) => {
      const auth = requireAuth(request);
      const probe = await ctx.faceMatcher.describe(decodeBase64Image(request.body.faceImage).bytes);
      const userId = ctx.faceMatcher.match(probe, enrolled(auth.user.unit_id));
      const user = userId && findUser(ctx.db, userId);
      if (!user) throw noMatch();
      const clockTime = formatDateTime(new Date(ctx.now()));
      ctx.db.prepare('INSERT INTO face_clockings (user_id, at) VALUES (?, ?)').run(user.id, clockTime);
      return ok({ userId: user.id, realName: user.real_name, clockTime });
    },
  );

  app.post<{ Body: { faceImage: string; userId?: string } }>(
    ENDPOINTS.faceCheck,
    { bodyLimit: BASE64_BODY_LIMIT, schema: { body: object({ faceImage, userId: id }, ['faceImage']) } },
    async (request) => {
      const target = targetUser(ctx, requireAuth(request), request.body.userId);
      const image = decodeBase64Image(request.body.faceImage);
      const descriptor = await ctx.faceMatcher.describe(image.bytes);
      const registerTime = formatDateTime(new Date(ctx.now()));
      ctx.db
        .prepare(
          `INSERT INTO face_records (user_id, descriptor, image, register_time) VALUES (?, ?, ?, ?)
           ON CONFLICT(user_id) DO UPDATE SET descriptor = excluded.descriptor, image = excluded.image,
           register_time = excluded.register_time`,
        )
        .run(target, descriptor, image.bytes, registerTime);
      return ok({ userId: target, registerTime });
    },
  );

  app.get<{ Querystring: { userId?: string } }>(
    ENDPOINTS.faceUser,
    { schema: { querystring: object({ userId: id }) } },
    async (request) => {
      const target = targetUser(ctx, requireAuth(request), request.query.userId);
      const row = ctx.db.prepare('SELECT image, register_time FROM face_records WHERE user_id = ?').get(target) as
        | { image: Buffer; register_time: string }
        | undefined;
      const record: FaceRecord | null = row
        ? { faceImage: row.image.toString('base64'), registerTime: row.register_time, userId: target }
        : null;
      return ok(record);
    },
  );
}

/** A user manages their own face; an admin also those of their unit. */
function targetUser(ctx: ServerContext, auth: AuthContext, userId: string | undefined): string {
  if (!userId) {
    throw new ApiError(400, 'user_required', { zh: '未找到 userId', en: 'userId not found' }, [
      fieldError('userId', { zh: '未找到 userId', en: 'userId not found' }),
    ]);
  }
  if (userId === auth.user.id) return userId;
  const target = findUser(ctx.db, userId);
  if (!target) throw errors.notFound({ zh: '用户不存在', en: 'No such user' });
  if (!isAdmin(ctx.db, auth.user.id) || target.unit_id !== auth.user.unit_id) throw errors.forbidden();
  return userId;
}
