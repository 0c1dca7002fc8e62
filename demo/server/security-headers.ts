import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { NLS_GATEWAY_URL } from '../../src/core/api/wire';
import type { ResolvedOptions } from './config';
import { bodyOf } from './payload';

// Security headers on every answer, through @fastify/helmet: a Content-Security-Policy, frame-ancestors 'self' (and
// X-Frame-Options for old browsers), nosniff and a Referrer-Policy. Scripts come only from this origin; the inline
// scripts a page carries (a legacy page's own script, the IE message) are allowed by their SHA-256, computed from
// the page as it is sent, so no page needs 'unsafe-inline' for scripts. Styles keep 'unsafe-inline': the elements
// put <style> into their shadow roots at run time, where no hash can be known in advance.

const INLINE_SCRIPT = /<script(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi;

export async function registerSecurityHeaders(app: FastifyInstance, options: ResolvedOptions): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // WebAssembly compiled from this origin's files (the face detector's tfjs backend, hash-wasm): no eval.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...speechSources(options.publicOrigin)],
        mediaSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        // A sign-in form's redirect may end on an allowed origin: browsers check form-action along redirects too.
        formAction: ["'self'", ...options.allowedRedirectOrigins],
        frameAncestors: ["'self'"],
      },
    },
    frameguard: { action: 'sameorigin' },
    referrerPolicy: { policy: 'same-origin' },
    // Embeds on listed origins load images (the unit logo) from here; otherwise same-site only.
    crossOriginResourcePolicy: { policy: options.corsOrigins.length ? 'cross-origin' : 'same-site' },
    // HSTS only means something behind HTTPS, which secure cookies announce.
    strictTransportSecurity: options.secureCookies ? { maxAge: 15_552_000 } : false,
  });

  // A page revalidated with 304 Not Modified comes without its body, so its inline scripts cannot be hashed, and the
  // browser applies the 304's policy (no hashes) to the page it kept: every inline script of the page is blocked.
  // A navigation (it accepts HTML) is therefore never conditional: pages are small and always sent whole.
  app.addHook('onRequest', async (request) => {
    if (!String(request.headers.accept ?? '').includes('text/html')) return;
    delete request.raw.headers['if-none-match'];
    delete request.raw.headers['if-modified-since'];
  });

  app.addHook('onSend', async (_request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    const csp = reply.getHeader('content-security-policy');
    if (!type.startsWith('text/html') || typeof csp !== 'string' || payload === null || payload === undefined) {
      return payload;
    }
    const body = await bodyOf(payload as string | Buffer | Readable);
    reply.header('content-security-policy', withScriptHashes(csp, inlineScriptHashes(body.toString('utf8'))));
    return body;
  });
}

/**
 * WebSocket sources of the voice widget: this server's speech gateway (`'self'` covers same-origin ws: and wss: in
 * CSP 3 browsers; the public origin's ws form is named for the others) and the Alibaba Cloud NLS gateway, which
 * pages use for Mandarin and Cantonese.
 */
export function speechSources(publicOrigin: string | undefined): string[] {
  const sources = [new URL(NLS_GATEWAY_URL).origin];
  if (publicOrigin) sources.unshift(publicOrigin.replace(/^http/, 'ws'));
  return sources;
}

export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    hashes.add(
      `'sha256-${createHash('sha256')
        .update(match[1] as string, 'utf8')
        .digest('base64')}'`,
    );
  }
  return [...hashes];
}

function withScriptHashes(csp: string, hashes: string[]): string {
  if (!hashes.length) return csp;
  return csp.replace(/(^|;)(\s*script-src [^;]*)/, `$1$2 ${hashes.join(' ')}`);
}
