import type { Database } from '../db/sqlite';
import { randomToken, sha256 } from '../util/ids';
import { mac } from './keys';

/**
 * How long a refresh token just replaced is still answered, with the successor it was replaced by: two tabs of one
 * browser that refresh at once send the same token, and the later one must not end the session as a replay.
 */
export const REFRESH_GRACE_SECONDS = 10;

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

/** A refresh's answer: a new access token, and the refresh token that now stands for the session. */
export interface Refreshed extends ResolvedAccess {
  accessToken: string;
  expiresIn: number;
  refreshToken: string;
  /** Seconds the refresh token has left: the session's lifetime is fixed at sign-in, rotation does not extend it. */
  refreshExpiresIn: number;
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
 * Refresh tokens rotate (OAuth 2.1, RFC 6819 §5.2.2.3): each use answers a successor, and a replaced token used
 * again ends its session, whoever holds it. The successor is an HMAC of the token it replaces (under a key of its own,
 * keys.ts), so a twin request inside the grace period is told the same successor without any token being stored in
 * the clear.
 */
export class TokenStore {
  constructor(
    private readonly db: Database,
    private readonly accessTtl: number,
    private readonly refreshTtl: number,
    private readonly now: () => number,
    private readonly successorKey: Buffer,
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

  /** A new access token and the successor of a valid refresh token; null for unknown, expired or replayed ones. */
  refresh(refreshToken: string): Refreshed | null {
    const now = this.now();
    const hash = sha256(refreshToken);
    const successor = this.successorOf(refreshToken);
    const live = this.db
      .prepare(`SELECT id, user_id, openid, unionid, refresh_expires_at FROM sessions
        WHERE refresh_hash = ? AND refresh_expires_at > ?`)
      .get(hash, now) as LiveSessionRow | undefined;
    if (live) {
      this.db.transaction(() => {
        this.db
          .prepare('INSERT INTO refresh_rotations (hash, session_id, rotated_at) VALUES (?, ?, ?)')
          .run(hash, live.id, now);
        this.db.prepare('UPDATE sessions SET refresh_hash = ? WHERE id = ?').run(sha256(successor), live.id);
      })();
      return this.refreshed(live, successor, now);
    }
    const replaced = this.db
      .prepare(`SELECT s.id, s.user_id, s.openid, s.unionid, s.refresh_expires_at, s.refresh_hash, r.rotated_at
        FROM refresh_rotations r JOIN sessions s ON s.id = r.session_id WHERE r.hash = ? AND s.refresh_expires_at > ?`)
      .get(hash, now) as (LiveSessionRow & { refresh_hash: string; rotated_at: number }) | undefined;
    if (!replaced) return null;
    const twin =
      now - replaced.rotated_at <= REFRESH_GRACE_SECONDS * 1000 && replaced.refresh_hash === sha256(successor);
    if (twin) return this.refreshed(replaced, successor, now);
    this.endSession(replaced.id);
    return null;
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

  private refreshed(session: LiveSessionRow, refreshToken: string, now: number): Refreshed {
    return {
      ...toResolved(session),
      accessToken: this.issueAccess(session.id, now),
      expiresIn: this.accessTtl,
      refreshToken,
      refreshExpiresIn: Math.floor((session.refresh_expires_at - now) / 1000),
    };
  }

  private successorOf(refreshToken: string): string {
    return mac(this.successorKey, refreshToken).toString('base64url');
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

interface LiveSessionRow extends SessionRow {
  refresh_expires_at: number;
}

function toResolved(row: SessionRow): ResolvedAccess {
  return { sessionId: row.id, userId: row.user_id, openid: row.openid, unionid: row.unionid };
}
