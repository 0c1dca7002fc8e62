import { readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { StaticRoot } from './config';
import { bodyOf } from './payload';

// A page paints from its HTML alone (issue 70, LCP): a `<link rel="stylesheet" data-ph-inline>` of an HTML answer that
// names a small stylesheet of a served folder is sent inside the page as a `<style>`, so the first paint waits for no
// second request: at slow 4G a stylesheet of its own is a round trip or two (300 ms in Lighthouse's simulation) before
// anything shows. A page asks for it: the login page's form paints at once, and the shell's desktops do not yet, as
// an earlier first paint puts the shell's work after it, where Lighthouse counts it as blocking (docs/guide/
// performance.md). Left as links: sheets over the size limit, other origins, and sheets that name other files
// (`url(…)`, `@import`), whose relative addresses would then resolve against the page.

/** The largest sheet sent inside a page (bytes, before compression; the shell's sheet is about 12 KB). */
export const INLINE_STYLE_LIMIT = 16 * 1024;

const STYLESHEET_LINK =
  /<link\b(?=[^>]*\brel\s*=\s*["']?stylesheet["']?[\s/>])(?=[^>]*\sdata-ph-inline[\s=/>])[^>]*>/gi;
const HREF = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i;
const MEDIA = /\bmedia\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i;
const NAMES_OTHER_FILES = /url\s*\(|@import/i;

/** The file a same-origin URL path names in the served folders (the longest prefix first), or null. */
function servedFile(roots: readonly StaticRoot[], path: string): string | null {
  const ordered = [...roots].sort((a, b) => b.prefix.length - a.prefix.length);
  for (const { prefix, root } of ordered) {
    if (!path.startsWith(prefix)) continue;
    const file = join(root, decodeURIComponent(path.slice(prefix.length)));
    const inside = relative(root, file);
    if (inside.startsWith('..') || inside.split(sep).includes('..')) return null;
    try {
      if (statSync(file).isFile()) return file;
    } catch {
      // Not in this folder: a shorter prefix may serve it.
    }
  }
  return null;
}

/** A sheet's text as sent inside a page: its comments left out; null when it is not to be inlined. */
function inlinedSheet(file: string): string | null {
  const { size } = statSync(file);
  if (size > INLINE_STYLE_LIMIT) return null;
  const text = readFileSync(file, 'utf8');
  if (NAMES_OTHER_FILES.test(text) || /<\/style/i.test(text)) return null;
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\n\s*\n/g, '\n');
}

/** The page with each small same-origin stylesheet link marked `data-ph-inline` replaced by the sheet itself, in place. */
export function withInlinedStyles(html: string, pagePath: string, roots: readonly StaticRoot[]): string {
  return html.replace(STYLESHEET_LINK, (tag: string) => {
    const match = HREF.exec(tag);
    const href = match?.[1] ?? match?.[2] ?? match?.[3];
    if (!href || /^[a-z][a-z0-9+.-]*:|^\/\//i.test(href)) return tag;
    const path = new URL(href, `http://page.invalid${pagePath}`).pathname;
    const file = servedFile(roots, path);
    const sheet = file && inlinedSheet(file);
    if (!sheet) return tag;
    const media = MEDIA.exec(tag);
    const mediaValue = media?.[1] ?? media?.[2] ?? media?.[3];
    const mediaAttribute = mediaValue ? ` media="${mediaValue.replaceAll('"', '&quot;')}"` : '';
    return `<style data-inlined-from="${path}"${mediaAttribute}>\n${sheet}</style>`;
  });
}

/** Inlines the marked stylesheets of every HTML answer; registered before the security headers, which hash the page. */
export function registerInlineStyles(app: FastifyInstance, roots: readonly StaticRoot[]): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.startsWith('text/html') || payload === null || payload === undefined) return payload;
    const html = (await bodyOf(payload as string | Buffer | Readable)).toString('utf8');
    if (!/<link\b[^>]*\sdata-ph-inline/i.test(html)) return html;
    const pagePath = new URL(request.url, 'http://page.invalid').pathname;
    reply.removeHeader('content-length');
    return withInlinedStyles(html, pagePath, roots);
  });
}
