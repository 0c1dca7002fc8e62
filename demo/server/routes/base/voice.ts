import type { FastifyInstance } from 'fastify';
import { vocabularyKey } from '../../../../src/core/api/vocabulary';
import { ENDPOINTS } from '../../../../src/core/api/wire';
import { requireAuth } from '../../auth/session';
import type { ServerContext } from '../../context';
import { ok } from '../../envelope';
import { object, str } from '../../schemas';
import { randomToken, sha256 } from '../../util/ids';

const SPEECH_TOKEN_TTL_SECONDS = 600;

export function registerVoiceRoutes(app: FastifyInstance, ctx: ServerContext): void {
  // Stands in for the cloud recogniser's token: random, short-lived, stored hashed with its language.
  app.get<{ Querystring: { language?: string } }>(
    ENDPOINTS.voiceToken,
    { schema: { querystring: object({ language: { type: 'string', enum: ['zh-CN', 'en', 'zh-HK'] } }) } },
    async (request) => {
      const { user } = requireAuth(request);
      const token = randomToken(24);
      const now = ctx.seconds();
      ctx.db.prepare('DELETE FROM speech_tokens WHERE expires_at <= ?').run(now);
      ctx.db
        .prepare('INSERT INTO speech_tokens (hash, user_id, language, expires_at) VALUES (?, ?, ?, ?)')
        .run(sha256(token), user.id, request.query.language ?? 'zh-CN', now + SPEECH_TOKEN_TTL_SECONDS);
      return ok(token);
    },
  );

  app.post<{ Body: { vocabulary: string } }>(
    ENDPOINTS.findSkill,
    { schema: { body: object({ vocabulary: str(200) }, ['vocabulary']) } },
    async (request) => {
      requireAuth(request);
      const row = ctx.db
        .prepare('SELECT url FROM skills WHERE vocabulary = ?')
        .get(vocabularyKey(request.body.vocabulary)) as { url: string } | undefined;
      return ok({ url: row?.url ?? null });
    },
  );
}
