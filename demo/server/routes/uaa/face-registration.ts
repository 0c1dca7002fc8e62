import type { FastifyInstance } from 'fastify';
import type { FaceRecord } from '../../../../src/core/api/types';
import { ENDPOINTS } from '../../../../src/core/api/wire';
import { requireAuth } from '../../auth/session';
import type { ServerContext } from '../../context';
import { findUser } from '../../db/users';
import { ok } from '../../envelope';
import { ImageProblem, reencodedJpeg } from '../../face/decode';
import { IMAGE_ERRORS, refuse } from '../../face/descriptor-matcher';
import { refuseFaceOfAnother } from '../../face/one-person';
import { id, object } from '../../schemas';
import { formatDateTime, randomToken } from '../../util/ids';
import { BASE64_BODY_LIMIT, decodeBase64Image } from '../../util/images';
import { type FaceDeps, targetUser } from './face-deps';
import { faceImage } from './face-photo';

/** Registering a face (§7 face check) and reading the registered one back, one's own or (an admin) their unit's. */
export function registerFaceRegistration(app: FastifyInstance, { ctx, enrolled }: FaceDeps): void {
  app.post<{ Body: { faceImage: string; userId?: string } }>(
    ENDPOINTS.faceCheck,
    { bodyLimit: BASE64_BODY_LIMIT, schema: { body: object({ faceImage, userId: id }, ['faceImage']) } },
    async (request) => {
      const auth = requireAuth(request);
      const target = targetUser(ctx, auth, request.body.userId);
      const image = decodeBase64Image(request.body.faceImage);
      const descriptor = await ctx.faceMatcher.describe(image.bytes);
      // A face names one person (issue 37 F1, issue 54): not one registered to another account of any unit, all of
      // whose faces public face login looks at.
      refuseFaceOfAnother(ctx.faceMatcher, descriptor, await enrolled(), target);
      const stored = storedPhoto(image.bytes);
      const registerTime = formatDateTime(new Date(ctx.now()));
      ctx.db
        .prepare(
          `INSERT INTO face_records (user_id, descriptor, matcher, image, register_time) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT(user_id) DO UPDATE SET descriptor = excluded.descriptor, matcher = excluded.matcher,
           image = excluded.image, register_time = excluded.register_time`,
        )
        .run(target, descriptor, ctx.faceMatcher.kind, stored, registerTime);
      ctx.db
        .prepare('INSERT INTO face_registrations (user_id, registered_by, registered_at) VALUES (?, ?, ?)')
        .run(target, auth.user.id, registerTime);
      if (target !== auth.user.id) tellOfRegistration(ctx, target, auth.user.real_name, registerTime);
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

/**
 * A face registered for someone else (an admin of the unit, issue 37 F4) is told to that person: a message in their
 * list, in the three languages, naming who did it and when.
 */
function tellOfRegistration(ctx: ServerContext, userId: string, by: string, at: string): void {
  const user = findUser(ctx.db, userId);
  if (!user) return;
  const id = `msg-face-${randomToken(9)}`;
  const meno = [
    `${by} 为你的账号登记了人脸（${at}）。如非你本人所知，请联系学校管理员`,
    `${by} registered a face for your account (${at}). If you did not know, contact your school's administrator`,
    `${by} 為你的賬號登記了人臉（${at}）。如非你本人所知，請聯絡學校管理員`,
  ].join('|||');
  ctx.db
    .prepare(
      `INSERT INTO messages (id, unit_id, kind, message_meno, module, message_date, importance, open_way, url, content)
       VALUES (?, ?, 'message', ?, ?, ?, 1, 0, '', '[]')`,
    )
    .run(id, user.unit_id, meno, '人脸登记|||Face registration|||人臉登記', at);
  ctx.db.prepare('INSERT INTO message_recipients (message_id, user_id) VALUES (?, ?)').run(id, userId);
}

/** The photo as stored: decoded and encoded again, so nothing but its pixels is kept (issue 37, F14). */
function storedPhoto(bytes: Buffer): Buffer {
  try {
    return reencodedJpeg(bytes);
  } catch (error) {
    if (!(error instanceof ImageProblem)) throw error;
    const [code, text] = IMAGE_ERRORS[error.kind]!;
    throw refuse(code, text);
  }
}
