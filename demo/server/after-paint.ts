import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { StaticRoot } from './config';
import { chunksOf, type ModulePreloads, readModulePreloads } from './module-preloads';
import { bodyOf } from './payload';
import { scriptSafeJson } from './util/html';

// A page whose first screen is its HTML paints before its modules run (issue 70, LCP): the module scripts it marks
// `data-ph-after-paint` are sent as one inline loader that waits for the page's first paint, then preloads them and
// their chunks and imports them in the page's order. Left to the browser, a module that has arrived by the end of
// parsing (loopback, a fast network) is run, with the element's hydration, before the first frame: on a slow phone
// that is 100–300 ms of script between the HTML and its paint, and Lighthouse's simulation counts every script that
// arrived before the paint as holding it. Only pages whose first screen needs no script mark theirs (the login and
// work-chat pages: their forms are server-rendered). Served without this server, the marks are ignored and the
// scripts load as before.

const MARKED_MODULE_SCRIPT =
  /<script\b(?=[^>]*\btype\s*=\s*["']module["'])(?=[^>]*\sdata-ph-after-paint[\s=/>])[^>]*\bsrc\s*=\s*["']([^"']+)["'][^>]*>\s*<\/script>/gi;

/**
 * The loader. It waits for the page's deferred scripts (DOMContentLoaded: the marked modules ran after them before)
 * and its first paint (a `paint` entry); it does not wait for a paint where none will come (a browser without paint
 * timing, a page opened hidden), and a page that paints nothing in 3 s loads its scripts then.
 */
function loader(scripts: readonly string[], chunks: readonly string[]): string {
  return [
    '<script type="module">',
    `const scripts = ${scriptSafeJson(scripts)};`,
    `const chunks = ${scriptSafeJson(chunks)};`,
    "await new Promise((parsed) => document.readyState === 'loading' ? document.addEventListener('DOMContentLoaded', parsed, { once: true }) : parsed());",
    'await new Promise((painted) => {',
    "  if (!PerformanceObserver.supportedEntryTypes?.includes('paint') || document.visibilityState === 'hidden') return painted();",
    "  new PerformanceObserver((_, observer) => { observer.disconnect(); painted(); }).observe({ type: 'paint', buffered: true });",
    '  setTimeout(painted, 3000);',
    '});',
    'for (const href of [...chunks, ...scripts]) {',
    "  const link = document.createElement('link');",
    "  link.rel = 'modulepreload';",
    '  link.href = href;',
    '  document.head.append(link);',
    '}',
    'for (const script of scripts) await import(script);',
    '</script>',
  ].join('\n');
}

/**
 * The page with its marked module scripts replaced by one loader, where the first of them stood. `preloads` names
 * the chunks each script imports (the build's modulepreload.json), so they are still fetched side by side.
 */
export function withAfterPaintScripts(html: string, pagePath: string, preloads: ModulePreloads): string {
  const scripts = [...html.matchAll(MARKED_MODULE_SCRIPT)].map((match) => match[1] as string);
  if (scripts.length === 0) return html;
  const chunks = new Set(scripts.flatMap((src) => chunksOf(src, pagePath, preloads)));
  let index = 0;
  return html.replace(MARKED_MODULE_SCRIPT, () => (index++ === 0 ? loader(scripts, [...chunks]) : ''));
}

/** Sends the marked scripts of every HTML answer after its paint; registered before the module preloads and the hashes. */
export function registerAfterPaint(app: FastifyInstance, roots: readonly StaticRoot[]): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.startsWith('text/html') || payload === null || payload === undefined) return payload;
    const html = (await bodyOf(payload as string | Buffer | Readable)).toString('utf8');
    if (!/\sdata-ph-after-paint[\s=/>]/i.test(html)) return html;
    const pagePath = new URL(request.url, 'http://page.invalid').pathname;
    reply.removeHeader('content-length');
    return withAfterPaintScripts(html, pagePath, readModulePreloads(roots));
  });
}
