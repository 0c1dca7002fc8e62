import type { FastifyInstance } from 'fastify';
import { vocabularyKey } from '../../../../src/core/api/vocabulary';
import { ENDPOINTS } from '../../../../src/core/api/wire';
import { requireAuth } from '../../auth/session';
import type { ServerContext } from '../../context';
import { ApiError, ok } from '../../envelope';
import { object, str } from '../../schemas';
import { randomToken, sha256 } from '../../util/ids';

const SPEECH_TOKEN_TTL_SECONDS = 600;

/** Speech tokens a user may take in a minute: a press each, so a person never meets it (issue 37, F6). */
export const SPEECH_TOKENS_PER_MINUTE = 30;

/** A sliding one-minute window of tokens given, per user. */
function tokenWindow(now: () => number) {
  const given = new Map<string, number[]>();
  return {
    allow(userId: string): boolean {
      const at = now();
      const recent = (given.get(userId) ?? []).filter((time) => time > at - 60_000);
      if (recent.length >= SPEECH_TOKENS_PER_MINUTE) {
        given.set(userId, recent);
        return false;
      }
      recent.push(at);
      given.set(userId, recent);
      return true;
    },
  };
}

function tooManySpeechTokens(): ApiError {
  return new ApiError(429, 'too_many_speech_tokens', {
    zh: '语音指令过于频繁，请稍后再试',
    en: 'Too many voice commands in a short time; please try again in a moment',
  });
}

export function registerVoiceRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const tokensGiven = tokenWindow(ctx.now);
  // Stands in for the cloud recogniser's token: random, short-lived, single-use, stored hashed with its language
  // and the session that asked (a sign-out ends it).
  app.get<{ Querystring: { language?: string } }>(
    ENDPOINTS.voiceToken,
    { schema: { querystring: object({ language: { type: 'string', enum: ['zh-CN', 'en', 'zh-HK'] } }) } },
    async (request) => {
      const { user, sessionId } = requireAuth(request);
      if (!tokensGiven.allow(user.id)) throw tooManySpeechTokens();
      const token = randomToken(24);
      const now = ctx.seconds();
      ctx.db.prepare('DELETE FROM speech_tokens WHERE expires_at <= ?').run(now);
      ctx.db
        .prepare('INSERT INTO speech_tokens (hash, user_id, language, expires_at, session_id) VALUES (?, ?, ?, ?, ?)')
        .run(sha256(token), user.id, request.query.language ?? 'zh-CN', now + SPEECH_TOKEN_TTL_SECONDS, sessionId);
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
