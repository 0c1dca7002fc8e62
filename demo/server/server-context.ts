import { mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deriveKeys } from './auth/keys';
import { LoginLimiter } from './auth/login-limiter';
import { verifyPassword } from './auth/passwords';
import { SignInGuard } from './auth/sign-in-guard';
import { TokenStore } from './auth/tokens';
import { resolveOptions, type ServerOptions } from './config';
import type { ServerContext } from './context';
import { getMeta, openDatabase, setMeta } from './db';
import { faceMatcherFor } from './face/choose';
import { pocketsphinxRecognizer } from './speech/pocketsphinx';
import { randomToken } from './util/ids';

export const STATIC_DIR = join(dirname(fileURLToPath(import.meta.url)), 'static');

/** The context of a server about to start, and how it learns the origin it listens on once it listens. */
export interface OpenedContext {
  ctx: ServerContext;
  listensAt(origin: string): void;
}

/**
 * createServer's first step: the options resolved, the database opened, the data folders made, and every shared
 * service of the routes (tokens, limiters, face matcher, speech) built into one ServerContext.
 */
export function openContext(options: ServerOptions): OpenedContext {
  const resolved = resolveOptions(options);
  const db = openDatabase(resolved.dataDir, {
    now: resolved.now,
    deviceClientIds: resolved.deviceClientIds,
    desktopApps: resolved.desktopApps,
    passwordCost: resolved.passwordCost,
  });
  const dirs = {
    files: join(resolved.dataDir, 'files'),
    chunks: join(resolved.dataDir, 'chunks'),
    tmp: join(resolved.dataDir, 'tmp'),
  };
  // Leftovers in tmp/ are writes a previous process never finished; they were never visible, so drop them.
  rmSync(dirs.tmp, { recursive: true, force: true });
  for (const dir of Object.values(dirs)) mkdirSync(dir, { recursive: true });
  let origin = '';
  const keys = deriveKeys(resolved.signingSecret ?? storedSecret(db));
  const ctx: ServerContext = {
    db,
    options: resolved,
    tokens: new TokenStore(
      db,
      resolved.accessTtlSeconds,
      resolved.refreshTtlSeconds,
      resolved.now,
      keys.refreshSuccessor,
    ),
    limiter: new LoginLimiter(resolved.loginLimit, resolved.now),
    signIns: new SignInGuard(resolved.loginLimit, resolved.now),
    verifyPassword: options.verifyPassword ?? verifyPassword,
    faceMatcher: faceMatcherFor(options.faceMatcher),
    speech: options.speechRecognizer ?? pocketsphinxRecognizer({ tmpDir: dirs.tmp }),
    keys,
    dirs,
    staticDir: STATIC_DIR,
    now: resolved.now,
    seconds: () => Math.floor(resolved.now() / 1000),
    listeningOrigin: () => origin,
  };
  return {
    ctx,
    listensAt: (listening) => {
      origin = listening;
    },
  };
}

/** Generated once and kept, so signatures stay stable across restarts without configuration. */
function storedSecret(db: ServerContext['db']): string {
  const existing = getMeta(db, 'signing_secret');
  if (existing) return existing;
  const secret = randomToken(32);
  setMeta(db, 'signing_secret', secret);
  return secret;
}
