import type { ServerKeys } from './auth/keys';
import type { LoginLimiter } from './auth/login-limiter';
import type { SignInGuard } from './auth/sign-in-guard';
import type { TokenStore } from './auth/tokens';
import type { ResolvedOptions } from './config';
import type { Database } from './db/sqlite';
import type { UserRow } from './db/users';
import type { FaceMatcher } from './face/matcher';
import type { SpeechRecognizer } from './speech/recognizer';

/** Everything a route module needs, built once per server by createServer. */
export interface ServerContext {
  db: Database;
  options: ResolvedOptions;
  tokens: TokenStore;
  /** Failures of the other public calls (face, social, device clients), per address or person, in a window. */
  limiter: LoginLimiter;
  /** Password sign-ins: the address throttle, the account's lock-out budget and each known browser's own (issue 55). */
  signIns: SignInGuard;
  /** Checks a password against its stored hash: every hash a sign-in costs goes through it (tests count them). */
  verifyPassword: (password: string, stored: string) => Promise<boolean>;
  faceMatcher: FaceMatcher;
  /** The offline recogniser of the speech gateway. */
  speech: SpeechRecognizer;
  /** A key per purpose, derived from the one signing secret (auth/keys.ts); the secret itself signs nothing. */
  keys: ServerKeys;
  dirs: { files: string; chunks: string; tmp: string };
  /** demo/server/static: logos, filing image, language packs. */
  staticDir: string;
  /** The server clock in epoch ms (`createServer({ now })`): every lifetime and timestamp is read from it. */
  now: () => number;
  /** The same clock in whole seconds, the unit of the lifetimes stored in seconds. */
  seconds: () => number;
  /** `http://host:port` the server listens on, known once it listens. */
  listeningOrigin: () => string;
}

export interface AuthContext {
  user: UserRow;
  sessionId: string;
  openid: string | null;
  unionid: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** Reachable without an access token. */
    public?: boolean;
    /** Browsers call it without script (form posts, images, downloads), so no device header is required. */
    deviceOptional?: boolean;
    /**
     * A login call (§4): the widgets send the user to the bind page for any 400 whose code is not `invalid_grant`,
     * so every 400 of such a route except `unbound` is answered as `invalid_grant` (message and fieldErrors kept).
     */
    loginLike?: boolean;
  }
}
