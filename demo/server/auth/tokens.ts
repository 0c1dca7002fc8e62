import type { Database } from '../db/sqlite';
import { randomToken, sha256 } from '../util/ids';

export interface SocialIds {
  openid: string;
  unionid: string;
}

export interface IssuedTokens {
  sessionId: string;
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
}

export interface ResolvedAccess {
  sessionId: string;
  userId: string;
  openid: string | null;
  unionid: string | null;
}

/**
 * Times are epoch milliseconds, so a lifetime of one second really lasts one second; both lifetimes are given in
 * seconds and converted with `* 1000` where they are stored.
 * Sessions hold the refresh token; each session has any number of short-lived access tokens (several tabs refresh
 * independently). Only SHA-256 digests are stored, so a copy of the database cannot be replayed.
 */
export class TokenStore {
  constructor(
    private readonly db: Database,
    private readonly accessTtl: number,
    private readonly refreshTtl: number,
    private readonly now: () => number,
  ) {}

  startSession(userId: string, social?: SocialIds): IssuedTokens {
    const now = this.now();
    this.purgeExpired(now);
    const sessionId = randomToken(12);
    const refreshToken = randomToken();
    this.db
      .prepare(`INSERT INTO sessions (id, user_id, refresh_hash, refresh_expires_at, openid, unionid, created_at)
        VALUES (?, ?, ?, ?, ?, ?, ?)`)
      .run(
        sessionId,
        userId,
        sha256(refreshToken),
        now + this.refreshTtl * 1000,
        social?.openid ?? null,
        social?.unionid ?? null,
        now,
      );
    const accessToken = this.issueAccess(sessionId, now);
    return { sessionId, accessToken, refreshToken, expiresIn: this.accessTtl };
  }

  /** A new access token for the session of a valid refresh token. */
  refresh(refreshToken: string): (ResolvedAccess & { accessToken: string; expiresIn: number }) | null {
    const now = this.now();
    const session = this.db
      .prepare('SELECT id, user_id, openid, unionid FROM sessions WHERE refresh_hash = ? AND refresh_expires_at > ?')
      .get(sha256(refreshToken), now) as SessionRow | undefined;
    if (!session) return null;
    return { ...toResolved(session), accessToken: this.issueAccess(session.id, now), expiresIn: this.accessTtl };
  }

  resolveAccess(accessToken: string): ResolvedAccess | null {
    const session = this.db
      .prepare(`SELECT s.id, s.user_id, s.openid, s.unionid FROM access_tokens a JOIN sessions s ON s.id = a.session_id
        WHERE a.hash = ? AND a.expires_at > ?`)
      .get(sha256(accessToken), this.now()) as SessionRow | undefined;
    return session ? toResolved(session) : null;
  }

  endSession(sessionId: string): void {
    this.db.prepare('DELETE FROM sessions WHERE id = ?').run(sessionId);
  }

  private issueAccess(sessionId: string, now: number): string {
    const token = randomToken();
    this.db
      .prepare('INSERT INTO access_tokens (hash, session_id, expires_at) VALUES (?, ?, ?)')
      .run(sha256(token), sessionId, now + this.accessTtl * 1000);
    return token;
  }

  private purgeExpired(now: number): void {
    this.db.prepare('DELETE FROM access_tokens WHERE expires_at <= ?').run(now);
    this.db.prepare('DELETE FROM sessions WHERE refresh_expires_at <= ?').run(now);
  }
}

interface SessionRow {
  id: string;
  user_id: string;
  openid: string | null;
  unionid: string | null;
}

function toResolved(row: SessionRow): ResolvedAccess {
  return { sessionId: row.id, userId: row.user_id, openid: row.openid, unionid: row.unionid };
}
