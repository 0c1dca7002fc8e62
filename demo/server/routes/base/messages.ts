import type { FastifyInstance } from 'fastify';
import type { Message, PopUpPage, UnhandledCount } from '../../../../src/core/api/types';
import { ENDPOINTS } from '../../../../src/core/api/wire';
import { requireAuth } from '../../auth/session';
import type { ServerContext } from '../../context';
import { findUnit } from '../../db/users';
import { errors, ok } from '../../envelope';
import { id, int, object } from '../../schemas';

// Messages belong to a unit and are addressed to people in it (message_recipients); "read" is per user. Kind `message`
// feeds the bell and message list, kind `todo` the reminder panel (popUpBox_select); unhandlecount counts both. A
// message addressed to someone else answers as one that does not exist.
const MINE = `FROM messages m JOIN message_recipients p ON p.message_id = m.id AND p.user_id = @userId
  WHERE m.unit_id = @unitId`;
const UNREAD = `${MINE} AND m.kind = @kind
  AND NOT EXISTS (SELECT 1 FROM message_reads r WHERE r.message_id = m.id AND r.user_id = @userId)`;
const COLUMNS = `m.id, m.message_meno AS messageMeno, m.module, m.message_date AS messageDate, m.importance,
  m.open_way AS openWay, m.url, m.content`;

export function registerMessageRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const unreadCount = (unitId: string, kind: string, userId: string) =>
    (ctx.db.prepare(`SELECT COUNT(*) AS n ${UNREAD}`).get({ unitId, kind, userId }) as { n: number }).n;

  app.get(ENDPOINTS.unhandledCount, async (request) => {
    const { user } = requireAuth(request);
    const counts: UnhandledCount = {
      todo: unreadCount(user.unit_id, 'todo', user.id),
      message: unreadCount(user.unit_id, 'message', user.id),
    };
    return ok(counts);
  });

  app.get(ENDPOINTS.unreadMessages, async (request) => {
    const { user } = requireAuth(request);
    const list = ctx.db
      .prepare(`SELECT ${COLUMNS} ${UNREAD} ORDER BY m.message_date DESC, m.id`)
      .all({ unitId: user.unit_id, kind: 'message', userId: user.id }) as Message[];
    return ok(list);
  });

  app.get<{ Querystring: { start?: number; size?: number } }>(
    ENDPOINTS.reminders,
    { schema: { querystring: object({ start: int(1, 100000), size: int(1, 100) }) } },
    async (request) => {
      const { user } = requireAuth(request);
      const start = request.query.start ?? 1;
      const size = request.query.size ?? 3;
      const total = unreadCount(user.unit_id, 'todo', user.id);
      const list = ctx.db
        .prepare(`SELECT ${COLUMNS} ${UNREAD} ORDER BY m.message_date DESC, m.id LIMIT @size OFFSET @offset`)
        .all({ unitId: user.unit_id, kind: 'todo', userId: user.id, size, offset: (start - 1) * size }) as Message[];
      const page: PopUpPage = { list, pages: Math.ceil(total / size), total };
      return ok(page);
    },
  );

  app.post<{ Body: { desktopMessageId: string } }>(
    ENDPOINTS.markRead,
    { schema: { body: object({ desktopMessageId: id }, ['desktopMessageId']) } },
    async (request) => {
      const { user } = requireAuth(request);
      const message = ctx.db
        .prepare(`SELECT m.id ${MINE} AND m.id = @id`)
        .get({ unitId: user.unit_id, userId: user.id, id: request.body.desktopMessageId });
      if (!message) throw errors.notFound({ zh: '消息不存在', en: 'No such message' });
      ctx.db
        .prepare('INSERT OR IGNORE INTO message_reads (user_id, message_id, read_at) VALUES (?, ?, ?)')
        .run(user.id, request.body.desktopMessageId, ctx.now());
      return ok(true);
    },
  );

  // §4 "Ignore-all marks all read": all of the message list, which it is a button of. To-dos are work still to do,
  // handled one by one from the reminder panel (issue 69: ignoring messages emptied the panel).
  app.post(ENDPOINTS.markAllRead, async (request) => {
    const { user } = requireAuth(request);
    const result = ctx.db
      .prepare(
        `INSERT OR IGNORE INTO message_reads (user_id, message_id, read_at)
         SELECT @userId, m.id, @now ${MINE} AND m.kind = 'message'`,
      )
      .run({ userId: user.id, now: ctx.now(), unitId: user.unit_id });
    return ok({ marked: result.changes });
  });

  app.get(ENDPOINTS.messageConfig, async (request) => {
    const { user } = requireAuth(request);
    const unit = findUnit(ctx.db, user.unit_id);
    return ok({ pcOpen: unit?.pc_open ?? 0 });
  });
}
