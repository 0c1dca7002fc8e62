import type { FastifyInstance } from 'fastify';
import type { AttendancePage, FaceClocking } from '../../../../src/core/api/types';
import { ENDPOINTS } from '../../../../src/core/api/wire';
import { DEFAULT_PAGE_SIZE } from '../../../../src/core/util/scroll';
import { requireAuth } from '../../auth/session';
import { ok } from '../../envelope';
import { requireTerminal } from '../../face/terminal';
import { id, int, object } from '../../schemas';
import { formatDateTime } from '../../util/ids';
import { type FaceDeps, targetUser } from './face-deps';
import { identifyFace } from './face-identify';
import { type FacePhoto, PHOTO_BODY_LIMIT } from './face-photo';

/**
 * Clock-in. Terminals are signed in as a unit account with the terminal role (issue 37, F2: any account clocked
 * anyone in); only faces of that unit count.
 */
export function registerFaceClocking(app: FastifyInstance, deps: FaceDeps): void {
  const { ctx, takeActions, schema } = deps;
  app.post<{ Body: FacePhoto }>(ENDPOINTS.faceClocking, { bodyLimit: PHOTO_BODY_LIMIT, schema }, async (request) => {
    const auth = requireTerminal(ctx, request);
    const actions = takeActions(request.body, request.ip, { kind: 'clocking', terminal: auth.user.id });
    const user = await identifyFace(deps, { photo: request.body, actions }, 'signed-in', auth.user.unit_id);
    const clockTime = formatDateTime(new Date(ctx.now()));
    ctx.db
      .prepare('INSERT INTO face_clockings (user_id, at, recorded_by) VALUES (?, ?, ?)')
      .run(user.id, clockTime, auth.user.id);
    const clocking: FaceClocking = { userId: user.id, realName: user.real_name, clockTime };
    return ok(clocking);
  });
}

/** GET a user's clock-in rows, newest first (`start` 1-based page, `size`). An added call (spec-strict.ts). */
export function registerFaceAttendance(app: FastifyInstance, { ctx }: FaceDeps): void {
  app.get<{ Querystring: { userId?: string; start?: number; size?: number } }>(
    ENDPOINTS.faceAttendance,
    { schema: { querystring: object({ userId: id, start: int(1, 100000), size: int(1, 100) }) } },
    async (request) => {
      const target = targetUser(ctx, requireAuth(request), request.query.userId);
      const start = request.query.start ?? 1;
      const size = request.query.size ?? DEFAULT_PAGE_SIZE;
      const { total } = ctx.db
        .prepare('SELECT COUNT(*) AS total FROM face_clockings WHERE user_id = ?')
        .get(target) as {
        total: number;
      };
      const list = ctx.db
        .prepare(
          `SELECT c.user_id AS userId, u.real_name AS realName, c.at AS clockTime FROM face_clockings c
           JOIN users u ON u.id = c.user_id WHERE c.user_id = ? ORDER BY c.at DESC, c.id DESC LIMIT ? OFFSET ?`,
        )
        .all(target, size, (start - 1) * size) as FaceClocking[];
      const page: AttendancePage = { list, pages: Math.ceil(total / size), total };
      return ok(page);
    },
  );
}
