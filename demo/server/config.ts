import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import type { FastifyServerOptions } from 'fastify';
import type { LivenessAction } from '../../src/core/face/liveness';
import { PASSWORD_COST } from './auth/passwords';
import { CHALLENGES_AT_MOST, CHALLENGES_PER_ADDRESS, type ChallengeLimits, randomActions } from './face/challenges';
import type { FaceMatcherChoice } from './face/choose';
import { PICTURE_MEMORY_SECONDS } from './face/picture-memory';
import { QUOTA_DEFAULTS, type QuotaOptions } from './routes/storage/quota';
import type { SpeechLanguage, SpeechRecognizer } from './speech/recognizer';
import { realTimers, type Timers } from './util/timers';

/** The demo's NLS app keys (the widgets' demo pages name the same): one per language, as one cloud project each. */
export const DEMO_NLS_APP_KEYS: Record<SpeechLanguage, string> = {
  'zh-CN': 'ph-demo-mandarin',
  en: 'ph-demo-english',
  'zh-HK': 'ph-demo-cantonese',
};

export interface StaticRoot {
  /** URL prefix with leading and trailing slash, e.g. `/dist/`. */
  prefix: string;
  /** Absolute folder; skipped when it does not exist. */
  root: string;
  /**
   * Send the `.br` or `.gz` copy made beside a file at build time (scripts/compress-dist.mjs) to a browser that accepts
   * it, with `Content-Encoding` and `Vary: Accept-Encoding`; the plain file otherwise.
   */
  preCompressed?: boolean;
}

/** This repository's folders as the server serves them: the built widgets, the demo pages, the deploy-layout site. */
export function repositoryStaticRoots(repo: string): StaticRoot[] {
  return [
    { prefix: '/dist/', root: resolve(repo, 'dist'), preCompressed: true },
    { prefix: '/demo/', root: resolve(repo, 'demo', 'pages') },
    // The docs site `npm run build` makes (scripts/docs-site): for the developers of module pages, not shipped.
    { prefix: '/docs/', root: resolve(repo, 'dist', 'docs') },
    // The deploy-layout site: the login page at `/`, the landing pages of §2 (see routes/site.ts).
    { prefix: '/', root: resolve(repo, 'demo', 'site') },
  ];
}

export interface ServerOptions {
  /** Folder for `ph.db`, stored files and chunks; created when missing. */
  dataDir: string;
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  accessTtlSeconds?: number;
  refreshTtlSeconds?: number;
  /**
   * The one secret every key is derived from (auth/keys.ts: one per purpose: response signatures, device cookies,
   * refresh successors, password fingerprints); by default one is generated on first start and kept in the database.
   */
  signingSecret?: string;
  /** Extra static folders (the built widgets, the demo pages). */
  staticRoots?: StaticRoot[];
  logger?: FastifyServerOptions['logger'];
  /** Send cookies with `Secure` (behind HTTPS). */
  secureCookies?: boolean;
  loginLimit?: Partial<LoginLimitOptions>;
  /**
   * scrypt's cost (N, a power of two) of the password hashes the server writes: the seeded demo password's. Each check
   * costs what its stored hash says (about 32 ms a sign-in at the default, PASSWORD_COST: 16384). The test harnesses
   * set it low (test/support/password-cost.ts); test/server/auth.test.ts proves the default.
   */
  passwordCost?: number;
  /** Checks a password against a stored hash; default scrypt (auth/passwords.ts). Tests wrap it to count checks. */
  verifyPassword?: (password: string, stored: string) => Promise<boolean>;
  /** Origins allowed to call cross-origin with credentials; `loopback` admits any localhost port. Default none. */
  corsOrigins?: string[];
  /**
   * Storage allowances in bytes (routes/storage/quota.ts): chunks of unfinished uploads and stored files, per user and
   * per unit. Default QUOTA_DEFAULTS (2 GB and 20 GB on their way, 10 GB and 500 GB kept).
   */
  quotas?: Partial<QuotaOptions>;
  /**
   * Chunk folders (and temp files) untouched for longer than this are removed: uploads that were never merged.
   * Swept at start and every hour (or every `chunkTtlSeconds`, when shorter). Default 24 h.
   */
  chunkTtlSeconds?: number;
  /**
   * Face matching: `'descriptor'` (face-api descriptors, face/descriptor-matcher.ts; what `npm start` uses),
   * `'digest'` (exact image bytes: the default, for tests that do not look at faces) or a matcher of your own.
   */
  faceMatcher?: FaceMatcherChoice;
  /** Picks the turns of each face liveness challenge, in order. Default: left and right in a random order (crypto). */
  faceChallengeActions?: () => LivenessAction[];
  /**
   * Open anonymous face-login challenges per address (default 50) and in all (10 000); a clock-in terminal's own
   * challenge is outside them. Tests make them small.
   */
  faceChallengeLimits?: Partial<ChallengeLimits>;
  /**
   * How long the pictures of a face sign-in or clock-in are kept against replay, in seconds (default a day,
   * face/picture-memory.ts). The bench sets 0: its synthetic person is the same pictures at every arrival.
   */
  facePictureMemorySeconds?: number;
  /** The server clock (epoch ms) behind every lifetime: tokens, tickets, codes, windows, sweeps. Default Date.now. */
  now?: () => number;
  /**
   * The origin browsers reach this server at (`https://sso.school.example`), for every absolute URL it writes.
   * Without it the Host header is believed only when it names a loopback host; otherwise the listening address.
   */
  publicOrigin?: string;
  /**
   * The proxies in front of the server (nginx, a load balancer), as Fastify's `trustProxy`: their addresses or CIDR
   * ranges (`['127.0.0.1', '10.0.0.0/8']`), each hop of the chain. A request from one of them is known by the client
   * address it names in `X-Forwarded-For` (read from the right, past every listed hop), and by its
   * `X-Forwarded-Proto` and `-Host`; from anyone else those headers are ignored, so a client cannot choose the address
   * its failures count against. Not a hop count: it cannot tell a proxy from a client that sends the header itself.
   * Default none.
   */
  trustProxy?: readonly string[];
  /** Exact origins (no wildcards) besides this server's own that redirects after sign-in may go to. Default none. */
  allowedRedirectOrigins?: string[];
  /**
   * Ids of the seeded device clients by user id, used when a database is first seeded. By default each is random
   * per database (printed by main.ts): a guessable id would be a password anyone could type.
   */
  deviceClientIds?: Record<string, string>;
  /** The app key of each language on the speech gateway (`/nls-gateway/ws/v1`). Default DEMO_NLS_APP_KEYS. */
  nlsAppKeys?: Partial<Record<SpeechLanguage, string>>;
  /** The recogniser behind the speech gateway; default pocketsphinx (speech/pocketsphinx.ts). */
  speechRecognizer?: SpeechRecognizer;
  /** Recognitions the speech gateway runs at once, over all users (each a recogniser process). Default 8. */
  speechTasksAtOnce?: number;
  /**
   * Of those, the most one unit (school) may hold at once even while no other unit speaks; with others it gets its
   * fair share (routes/base/speech-slots.ts). Default half of speechTasksAtOnce, so a second school finds room at once.
   */
  speechTasksPerUnit?: number;
  /**
   * A task is closed, its connection with it, when it goes this many ms without audio from the connection's open to
   * the final directive: a recorder sends a frame every 100 ms, so a socket silent this long holds a recognition it
   * does not use. Default 5 000.
   */
  speechAudioGapMs?: number;
  /** Wall-clock limit of one recognition task, in ms: 60 s of audio and a margin for the recogniser. Default 75 000. */
  speechTaskLimitMs?: number;
  /**
   * The timers of the speech gateway's limits (task, audio gap, closing grace): real ones by default, not the server
   * clock, since they bound the sockets a client holds open. Tests pass timers they move themselves.
   */
  speechTimers?: Timers;
  /** A request's headers and body must arrive within this many ms (a slow body is cut off: 408). Default 60 000. */
  requestTimeoutMs?: number;
  /** A connection that sends nothing for this many ms is closed. Default 30 000. */
  idleTimeoutMs?: number;
  /**
   * A large desktop (issue 10 bench): when a database is first seeded, generated apps are added over the nine groups
   * until the desktop holds this many, each with an icon, and a route node in the `desktop` permission tree.
   * Default 0 (only the seeded apps).
   */
  desktopApps?: number;
  /**
   * The §7-as-written profile (issue 53): the calls the server adds to §7 (spec-strict.ts ADDED_CALLS) answer 404,
   * and face login and clock-in take `{faceImage}` alone, with no liveness challenge. Default false (the full profile).
   */
  specStrict?: boolean;
}

export interface LoginLimitOptions {
  /**
   * Failed password sign-ins of an account from browsers that never signed in as it (and, apart, of each browser
   * that did: its device token) before it is locked for `windowSeconds`; sign-ins under way count with them.
   */
  perAccount: number;
  /** Costly failures of the other public calls (face login, unbound social logins, device-client ids) per address. */
  perAddress: number;
  /** The failure window and the length of a lock. */
  windowSeconds: number;
  /**
   * One wrong password at this many account names from one address in the window, and that password is held at that
   * address (password spraying; issue 67): unknown browsers' sign-ins with it wait for the window, known browsers'
   * do not.
   */
  namesPerPassword: number;
  /** Password hashes (scrypt) the server runs at once, shared in turn between the addresses waiting (check-pool.ts). */
  checksAtOnce: number;
  /** Sign-ins one address may have waiting for a hash; past them, 429 `address_throttled` for a second. */
  waitingPerAddress: number;
}

export interface ResolvedOptions
  extends Required<
    Omit<
      ServerOptions,
      | 'signingSecret'
      | 'loginLimit'
      | 'faceMatcher'
      | 'publicOrigin'
      | 'deviceClientIds'
      | 'speechRecognizer'
      | 'verifyPassword'
      | 'faceChallengeLimits'
      | 'trustProxy'
      | 'quotas'
    >
  > {
  quotas: QuotaOptions;
  /** Fastify's `trustProxy`: false (none) or the list of proxy addresses. */
  trustProxy: false | string[];
  faceChallengeLimits: ChallengeLimits;
  signingSecret: string | undefined;
  loginLimit: LoginLimitOptions;
  publicOrigin: string | undefined;
  deviceClientIds: Record<string, string>;
}

export const DEFAULTS = {
  port: 8080,
  host: '127.0.0.1',
  accessTtlSeconds: 30 * 60,
  refreshTtlSeconds: 7 * 24 * 60 * 60,
  chunkTtlSeconds: 24 * 60 * 60,
  loginLimit: {
    perAccount: 5,
    perAddress: 20,
    windowSeconds: 15 * 60,
    namesPerPassword: 10,
    checksAtOnce: Math.max(1, availableParallelism()),
    waitingPerAddress: 512,
  },
  speechTasksAtOnce: 8,
  speechAudioGapMs: 5_000,
  speechTaskLimitMs: 75_000,
  requestTimeoutMs: 60_000,
  idleTimeoutMs: 30_000,
} as const;

export function resolveOptions(options: ServerOptions): ResolvedOptions {
  return {
    dataDir: options.dataDir,
    port: options.port ?? DEFAULTS.port,
    host: options.host ?? DEFAULTS.host,
    accessTtlSeconds: options.accessTtlSeconds ?? DEFAULTS.accessTtlSeconds,
    refreshTtlSeconds: options.refreshTtlSeconds ?? DEFAULTS.refreshTtlSeconds,
    chunkTtlSeconds: options.chunkTtlSeconds ?? DEFAULTS.chunkTtlSeconds,
    quotas: { ...QUOTA_DEFAULTS, ...options.quotas },
    signingSecret: options.signingSecret,
    staticRoots: options.staticRoots ?? [],
    logger: options.logger ?? false,
    secureCookies: options.secureCookies ?? false,
    loginLimit: { ...DEFAULTS.loginLimit, ...options.loginLimit },
    corsOrigins: options.corsOrigins ?? [],
    now: options.now ?? Date.now,
    faceChallengeActions: options.faceChallengeActions ?? randomActions,
    facePictureMemorySeconds: options.facePictureMemorySeconds ?? PICTURE_MEMORY_SECONDS,
    faceChallengeLimits: {
      perAddress: CHALLENGES_PER_ADDRESS,
      atMost: CHALLENGES_AT_MOST,
      ...options.faceChallengeLimits,
    },
    publicOrigin: options.publicOrigin === undefined ? undefined : exactOrigin(options.publicOrigin, 'publicOrigin'),
    trustProxy: trustedProxies(options.trustProxy),
    allowedRedirectOrigins: (options.allowedRedirectOrigins ?? []).map((origin) =>
      exactOrigin(origin, 'allowedRedirectOrigins'),
    ),
    deviceClientIds: options.deviceClientIds ?? {},
    nlsAppKeys: { ...DEMO_NLS_APP_KEYS, ...options.nlsAppKeys },
    desktopApps: options.desktopApps ?? 0,
    passwordCost: options.passwordCost ?? PASSWORD_COST,
    specStrict: options.specStrict ?? false,
    speechTasksAtOnce: options.speechTasksAtOnce ?? DEFAULTS.speechTasksAtOnce,
    speechTaskLimitMs: options.speechTaskLimitMs ?? DEFAULTS.speechTaskLimitMs,
    speechTasksPerUnit:
      options.speechTasksPerUnit ?? Math.ceil((options.speechTasksAtOnce ?? DEFAULTS.speechTasksAtOnce) / 2),
    speechAudioGapMs: options.speechAudioGapMs ?? DEFAULTS.speechAudioGapMs,
    speechTimers: options.speechTimers ?? realTimers,
    requestTimeoutMs: options.requestTimeoutMs ?? DEFAULTS.requestTimeoutMs,
    idleTimeoutMs: options.idleTimeoutMs ?? DEFAULTS.idleTimeoutMs,
  };
}

/** The setting as Fastify takes it: an empty list is false, never "trust everyone". */
function trustedProxies(setting: ServerOptions['trustProxy']): ResolvedOptions['trustProxy'] {
  const list = (setting ?? []).map((item) => item.trim()).filter(Boolean);
  return list.length ? list : false;
}

/** `scheme://host[:port]` over http(s) and nothing else: no path, no wildcard, no credentials. Throws otherwise. */
export function exactOrigin(value: string, setting: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.origin !== value.replace(/\/$/, '') || value.includes('*')) {
    throw new Error(`${setting}: "${value}" is not an exact origin such as https://portal.school.example`);
  }
  return url.origin;
}
