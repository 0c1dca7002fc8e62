import type { FastifyInstance } from 'fastify';
import type { Child, RoleCandidate } from '../../../../src/core/api/types';
import { ENDPOINTS } from '../../../../src/core/api/wire';
import { requireAuth } from '../../auth/session';
import type { AuthContext, ServerContext } from '../../context';
import { findUser, isAdmin } from '../../db/users';
import { ApiError, errors, ok } from '../../envelope';
import { id, object, str } from '../../schemas';

export function registerFamilyRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const children = (parentId: string): Child[] =>
    ctx.db
      .prepare(
        `SELECT s.id, s.real_name AS realName, s.grade_name AS gradeName, s.class_name AS className, pc.status
         FROM parent_children pc JOIN students s ON s.id = pc.student_id WHERE pc.parent_id = ? ORDER BY s.id`,
      )
      .all(parentId) as Child[];

  /** The parent themselves, or an admin of the parent's unit. */
  const parentFor = (auth: AuthContext, parentId: string | undefined) => {
    const target = parentId ?? auth.user.id;
    if (target === auth.user.id) return auth.user;
    // One answer for an unknown id and for someone the caller may not act for (issue 37, F11): ids cannot be listed.
    const parent = findUser(ctx.db, target);
    if (!parent || !isAdmin(ctx.db, auth.user.id) || parent.unit_id !== auth.user.unit_id) throw errors.forbidden();
    return parent;
  };
  const parentQuery = { querystring: object({ parentId: id }) };

  app.get<{ Querystring: { parentId?: string } }>(
    ENDPOINTS.childrenOfParent,
    { schema: parentQuery },
    async (request) => ok(children(parentFor(requireAuth(request), request.query.parentId).id)),
  );

  // The current child: the one chosen last if still active, else the first active child.
  app.get<{ Querystring: { parentId?: string } }>(
    ENDPOINTS.currentChildOfParent,
    { schema: parentQuery },
    async (request) => {
      const parent = parentFor(requireAuth(request), request.query.parentId);
      const active = children(parent.id).filter((child) => child.status === 1);
      return ok(active.find((child) => child.id === parent.current_child_id) ?? active[0] ?? null);
    },
  );

  app.post<{ Querystring: { parentId?: string }; Body: { id: string } }>(
    ENDPOINTS.setParentChildren,
    {
      schema: {
        querystring: object({ parentId: id }),
        body: object({ id, realName: str(100), gradeName: str(100), className: str(100) }, ['id']),
      },
    },
    async (request) => {
      const parent = parentFor(requireAuth(request), request.query.parentId);
      const child = children(parent.id).find((c) => c.id === request.body.id && c.status === 1);
      if (!child) {
        throw new ApiError(400, 'not_your_child', {
          zh: '不是该家长的在读子女',
          en: 'Not an active child of this parent',
        });
      }
      ctx.db.prepare('UPDATE users SET current_child_id = ? WHERE id = ?').run(child.id, parent.id);
      return ok(child);
    },
  );

  // Role switch candidates (§3): the accounts linked to the caller, who must be the parent or the teacher asked about.
  app.get<{ Querystring: { parentId?: string; teacherId?: string } }>(
    ENDPOINTS.alreadyParentTeacher,
    { schema: { querystring: object({ parentId: id, teacherId: id }) } },
    async (request) => {
      const { user } = requireAuth(request);
      const { parentId, teacherId } = request.query;
      if (!parentId && !teacherId)
        throw errors.badRequest({ zh: '缺少 parentId 或 teacherId', en: 'parentId or teacherId is required' });
      if (parentId !== user.id && teacherId !== user.id) throw errors.forbidden();
      const linked = ctx.db
        .prepare(
          `SELECT u.id, u.real_name AS name, u.user_type AS userType FROM account_links l
           JOIN users u ON u.id = l.linked_user_id WHERE l.user_id = ? ORDER BY u.id`,
        )
        .all(user.id) as (RoleCandidate & { userType: number })[];
      return ok(linked);
    },
  );
}
