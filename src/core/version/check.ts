import { CHROME_PATHS } from '../api/chrome-paths';
import { endpointPath, PACKAGE_VERSIONS_SUFFIX } from '../api/wire';
import type { Env } from '../config/options';
import { t } from '../i18n/translate';
import { notify as defaultNotify, type NoticeKind } from '../notify';
import { compareVersions } from './compare';

// §4/§7/§8 version check of a micro-service: the front end's package.json against the front-end version the
// back end declares. The HTTP client is injected so this module stays independent of the request layer.

export interface VersionResponse {
  status: number;
  data: unknown;
}

export interface VersionCheckContext {
  /** Resolves with the HTTP status and the parsed body; may reject on network failure. */
  get: (url: string) => Promise<VersionResponse>;
  code: string;
  /** Deploy root; `pages` by default. */
  root?: string;
  notify?: (kind: NoticeKind, message: string, duration?: number) => unknown;
  /** phinit's env: the missing-endpoint notice is a toast only in `development`; production when not given. */
  env?: Env;
  /** Where notes for developers go; console.info by default. */
  note?: (message: string) => void;
}

/** An info, not a warning: pages that check their console for problems (test/e2e/harness.ts) count warnings. */
const consoleNote = (message: string) => console.info('ph-widgets:', message);

export interface ServerVersions {
  serverVersion?: string;
  webCodeVersion?: string;
  date?: string;
}

export type VersionCheckResult =
  | { status: 'match'; front: string; back: string; server: ServerVersions }
  | {
      status: 'frontend-outdated' | 'backend-outdated';
      front: string;
      back: string;
      server: ServerVersions;
      message: string;
    }
  | { status: 'no-endpoint'; httpStatus: number | null; message: string }
  | { status: 'unknown'; reason: 'no-package-version' | 'no-web-code-version'; server?: ServerVersions };

export function packageJsonUrl(root: string, code: string): string {
  return endpointPath(CHROME_PATHS.packageJson, { root, code });
}

export function versionEndpointUrl(code: string): string {
  return endpointPath(CHROME_PATHS.packageVersions, { code, file: code + PACKAGE_VERSIONS_SUFFIX });
}

async function fetchOk(
  get: VersionCheckContext['get'],
  url: string,
): Promise<{ ok: boolean; status: number | null; data: unknown }> {
  try {
    const response = await get(url);
    return { ok: response.status === 200, status: response.status, data: response.data };
  } catch {
    return { ok: false, status: null, data: undefined };
  }
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** The versions in the endpoint's answer, whether it comes wrapped in the envelope or bare; null if refused. */
function serverVersions(body: unknown): ServerVersions | null {
  const outer = record(body);
  if (typeof outer.status === 'number' && outer.status !== 200) return null;
  const inner = 'data' in outer ? record(outer.data) : outer;
  return {
    serverVersion: text(inner.serverVersion),
    webCodeVersion: text(inner.webCodeVersion),
    date: text(inner.date),
  };
}

/**
 * Reads the front end's `package.json` and the back end's `{code}_package_versions` together. A missing version
 * endpoint (any answer but 200) gives the "no version endpoint" notice, meant for developers: a console note in every
 * env, and a toast only in development (issue 53: pupils saw it). A mismatch alerts which side is too old (kept open
 * until dismissed). The outcome is also returned.
 */
export async function checkVersions(ctx: VersionCheckContext): Promise<VersionCheckResult> {
  const notify = ctx.notify ?? defaultNotify;
  const [pkg, endpoint] = await Promise.all([
    fetchOk(ctx.get, packageJsonUrl(ctx.root ?? 'pages', ctx.code)),
    fetchOk(ctx.get, versionEndpointUrl(ctx.code)),
  ]);
  const server = endpoint.ok ? serverVersions(endpoint.data) : null;
  if (!server) {
    const message = t('rules.version.noEndpoint', { code: ctx.code });
    (ctx.note ?? consoleNote)(message);
    if (ctx.env === 'development') notify('warning', message);
    return { status: 'no-endpoint', httpStatus: endpoint.status, message };
  }
  const front = pkg.ok ? text(record(pkg.data).version) : undefined;
  if (!front) return { status: 'unknown', reason: 'no-package-version', server };
  const back = server.webCodeVersion;
  if (!back) return { status: 'unknown', reason: 'no-web-code-version', server };
  const order = compareVersions(front, back);
  if (order === 0) return { status: 'match', front, back, server };
  const status = order < 0 ? 'frontend-outdated' : 'backend-outdated';
  const message = t(order < 0 ? 'rules.version.frontendOutdated' : 'rules.version.backendOutdated', { front, back });
  notify('warning', message, 0);
  return { status, front, back, server, message };
}
