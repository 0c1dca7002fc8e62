import { resolve } from 'node:path';
import { ENDPOINTS } from '../../src/core/api/wire';
import { DEMO_PASSWORD, USERS } from './db/seed-data';
import { deviceClients } from './db/users';
import { faceMatcherFromEnv } from './face/matcher-from-env';
import { createServer, repositoryStaticRoots } from './index';
import { QUOTA_DEFAULTS } from './routes/storage/quota';

// CLI: `npx tsx demo/server/main.ts`. Every setting has a safe default; see docs/server.md.
const repo = resolve(import.meta.dirname, '..', '..');
const env = process.env;

function intEnv(name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

/** A quota in MB (1024 × 1024 bytes), given in bytes when not set. */
function megabytesEnv(name: string, fallbackBytes: number): number {
  return intEnv(name, fallbackBytes / (1024 * 1024)) * 1024 * 1024;
}

/** `zh-CN=key,en=key,zh-HK=key`: the speech gateway's app key per language. */
function appKeysEnv(name: string): Record<string, string> {
  const keys: Record<string, string> = {};
  for (const item of listEnv(name)) {
    const [language = '', key = ''] = item.split('=').map((part) => part.trim());
    if (!['zh-CN', 'en', 'zh-HK'].includes(language) || !key) {
      throw new Error(`${name}: "${item}" is not language=key (language zh-CN, en or zh-HK)`);
    }
    keys[language] = key;
  }
  return keys;
}

function listEnv(name: string): string[] {
  return (env[name] || '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

const faceMatcher = faceMatcherFromEnv(env);
const server = await createServer({
  dataDir: resolve(env.PH_DATA_DIR || 'data'),
  port: intEnv('PORT', 8080),
  host: env.HOST || '127.0.0.1',
  accessTtlSeconds: intEnv('PH_ACCESS_TTL', 1800),
  refreshTtlSeconds: intEnv('PH_REFRESH_TTL', 604800),
  chunkTtlSeconds: intEnv('PH_CHUNK_TTL', 86400),
  quotas: {
    chunkBytesPerUser: megabytesEnv('PH_QUOTA_UPLOADS_PER_USER_MB', QUOTA_DEFAULTS.chunkBytesPerUser),
    chunkBytesPerUnit: megabytesEnv('PH_QUOTA_UPLOADS_PER_UNIT_MB', QUOTA_DEFAULTS.chunkBytesPerUnit),
    fileBytesPerUser: megabytesEnv('PH_QUOTA_FILES_PER_USER_MB', QUOTA_DEFAULTS.fileBytesPerUser),
    fileBytesPerUnit: megabytesEnv('PH_QUOTA_FILES_PER_UNIT_MB', QUOTA_DEFAULTS.fileBytesPerUnit),
  },
  signingSecret: env.PH_SIGNING_SECRET || undefined,
  secureCookies: env.PH_SECURE_COOKIES === '1',
  logger: env.PH_LOG === '0' ? false : { level: env.PH_LOG_LEVEL || 'info' },
  loginLimit: {
    perAccount: intEnv('PH_LOGIN_MAX_PER_ACCOUNT', 5),
    perAddress: intEnv('PH_LOGIN_MAX_PER_ADDRESS', 20),
    windowSeconds: intEnv('PH_LOGIN_WINDOW', 900),
    namesPerPassword: intEnv('PH_LOGIN_NAMES_PER_PASSWORD', 10),
  },
  trustProxy: listEnv('PH_TRUST_PROXY'),
  corsOrigins: listEnv('PH_CORS_ORIGINS'),
  publicOrigin: env.PH_PUBLIC_ORIGIN || undefined,
  allowedRedirectOrigins: listEnv('PH_ALLOWED_REDIRECT_ORIGINS'),
  staticRoots: repositoryStaticRoots(repo),
  faceMatcher,
  nlsAppKeys: appKeysEnv('PH_NLS_APP_KEYS'),
  desktopApps: intEnv('PH_DESKTOP_APPS', 0),
  specStrict: env.PH_SPEC_STRICT === '1',
});

console.log(`\nph-widgets reference server: ${server.url}/`);
if (server.context.options.specStrict) {
  console.log('Profile: §7 as written (PH_SPEC_STRICT=1): added calls answer 404, face photos need no liveness');
}
console.log(`Demo accounts (password ${DEMO_PASSWORD}):`);
for (const user of USERS) console.log(`  ${user.loginName.padEnd(9)} ${user.realName} (userType ${user.userType})`);
// Random per database (a device-client id alone signs in), so they are shown here rather than documented.
console.log(
  server.context.speech.available()
    ? `Speech gateway: ${server.url.replace('http', 'ws')}${ENDPOINTS.nlsGateway} (English, Mandarin and Cantonese commands offline, pocketsphinx)`
    : 'Speech gateway: pocketsphinx is not installed (apt-get install pocketsphinx pocketsphinx-en-us)',
);
console.log('Device clients (login_user_client userClientId):');
for (const client of deviceClients(server.context.db))
  console.log(`  ${client.id}  ${client.loginName}, ${client.name}`);

if (faceMatcher === 'digest') {
  console.log('Face matching: exact image digests (PH_FACE_MATCHER=digest)');
} else {
  // The models load in the descriptor worker now, so that the first face photo does not wait for them.
  const started = performance.now();
  console.log(`Face matching: face-api descriptors, Euclidean distance at most ${faceMatcher.threshold}`);
  faceMatcher.warmUp().then(
    () => console.log(`Face models loaded in ${Math.round(performance.now() - started)} ms`),
    (error: Error) => console.error(`Face models failed to load: ${error.message}`),
  );
}

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: closing`);
  // Stops accepting, lets requests in flight finish (uploads land in tmp/ and are renamed only when whole), then db.
  // A client that never finishes its upload must not keep the process alive: its temp file is dropped next start.
  setTimeout(() => process.exit(1), 10_000).unref();
  await server.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
