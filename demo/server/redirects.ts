import type { FastifyRequest } from 'fastify';
import type { ServerContext } from './context';

// Every redirect the server answers goes through here. A candidate is resolved once, against this server's origin,
// and the resolved URL itself is what callers send on — never a string rebuilt from its parts, where a same-origin
// path such as `//evil.example/steal` would become another host.

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The origin browsers reach this server at: the configured public origin; else the Host header, believed only when
 * it names a loopback host (a proxy on the same machine, a test runner on its own port); else the listening address.
 */
export function publicOrigin(ctx: ServerContext, request: FastifyRequest): string {
  if (ctx.options.publicOrigin) return ctx.options.publicOrigin;
  const host = request.headers.host;
  if (host) {
    try {
      const url = new URL(`http://${host}`);
      if (LOOPBACK_HOSTS.has(url.hostname) && `${url.host}` === host.toLowerCase()) return url.origin;
    } catch {
      // A malformed Host header falls back to the listening address.
    }
  }
  return ctx.listeningOrigin();
}

/** An http(s) URL without user name or password; null for anything else. */
function httpUrl(candidate: string, base: string): URL | null {
  let url: URL;
  try {
    url = new URL(candidate, base);
  } catch {
    return null;
  }
  if (!/^https?:$/.test(url.protocol) || url.username || url.password) return null;
  return url;
}

/**
 * Where a sign-in may send the browser back to: this server's origin or one of the configured exact origins
 * (`allowedRedirectOrigins`, PH_ALLOWED_REDIRECT_ORIGINS). Answers the resolved URL, or null.
 */
export function sameOriginRedirect(ctx: ServerContext, request: FastifyRequest, candidate: string): URL | null {
  const own = publicOrigin(ctx, request);
  const url = httpUrl(candidate, own);
  if (!url) return null;
  return url.origin === own || ctx.options.allowedRedirectOrigins.includes(url.origin) ? url : null;
}

/**
 * A client's redirect URI matched exactly against its registered ones (OAuth 2.1), except that a loopback URI may
 * differ in its port only (RFC 8252 §7.3). Answers the resolved URL, or null.
 */
export function registeredRedirect(registered: readonly string[], candidate: string): URL | null {
  const url = httpUrl(candidate, 'http://invalid.invalid');
  if (!url || url.hash || candidate.includes('#') || !/^https?:\/\//i.test(candidate)) return null;
  const matches = registered.some((entry) => {
    const allowed = httpUrl(entry, 'http://invalid.invalid');
    if (!allowed) return false;
    const portFree = LOOPBACK_HOSTS.has(allowed.hostname);
    return withoutPort(allowed, portFree) === withoutPort(url, portFree);
  });
  return matches ? url : null;
}

function withoutPort(url: URL, dropPort: boolean): string {
  const copy = new URL(url.href);
  if (dropPort) copy.port = '';
  return copy.href;
}
