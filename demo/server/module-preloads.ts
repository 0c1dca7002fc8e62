import { readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { MODULE_PRELOADS_FILE } from './build-lists.mjs';
import type { StaticRoot } from './config';
import { bodyOf } from './payload';

// Pages start the chunks they always load at once: every HTML answer gets, before each of its module scripts that
// come from a served build (dist/elements, dist/shell), a `<link rel="modulepreload">` for each chunk that script
// imports statically, read from the build's modulepreload.json (scripts/module-preloads-plugin.mjs). Without them
// the browser finds the runtime chunk only after it has fetched and parsed the element module that imports it.

/** Module URL → the URLs of the chunks it imports statically, transitively. */
export type ModulePreloads = Map<string, string[]>;

const MODULE_SCRIPT = /<script\b(?=[^>]*\btype\s*=\s*["']module["'])[^>]*\bsrc\s*=\s*["']([^"']+)["'][^>]*>/gi;

/** Every modulepreload.json directly inside a folder of a served root, read now (a rebuild shows on the next page). */
export function readModulePreloads(roots: readonly StaticRoot[]): ModulePreloads {
  const preloads: ModulePreloads = new Map();
  for (const { prefix, root } of roots) {
    let folders: string[];
    try {
      folders = readdirSync(root, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name);
    } catch {
      continue;
    }
    for (const folder of folders) {
      let listed: Record<string, string[]>;
      try {
        listed = JSON.parse(readFileSync(join(root, folder, MODULE_PRELOADS_FILE), 'utf8'));
      } catch {
        continue;
      }
      const base = `${prefix}${folder}/`;
      for (const [entry, chunks] of Object.entries(listed)) {
        preloads.set(
          `${base}${entry}`,
          chunks.map((chunk) => `${base}${chunk}`),
        );
      }
    }
  }
  return preloads;
}

/** The chunks the module script `src` of the page at `pagePath` imports statically (none for a file not listed). */
export function chunksOf(src: string, pagePath: string, preloads: ModulePreloads): string[] {
  const path = src.startsWith('/') ? src : posix.join(posix.dirname(pagePath), src);
  return preloads.get(path) ?? [];
}

/** The page with its preload links, each chunk once, placed before the module script that needs it. */
export function withModulePreloads(html: string, pagePath: string, preloads: ModulePreloads): string {
  const linked = new Set<string>();
  return html.replace(MODULE_SCRIPT, (tag: string, src: string) => {
    const chunks = chunksOf(src, pagePath, preloads).filter((chunk) => !linked.has(chunk));
    for (const chunk of chunks) linked.add(chunk);
    return [...chunks.map((chunk) => `<link rel="modulepreload" href="${chunk}" />`), tag].join('\n    ');
  });
}

/** Adds the preload links to every HTML answer; registered before the security headers, which hash the page as sent. */
export function registerModulePreloads(app: FastifyInstance, roots: readonly StaticRoot[]): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.startsWith('text/html') || payload === null || payload === undefined) return payload;
    const preloads = readModulePreloads(roots);
    if (preloads.size === 0) return payload;
    const html = (await bodyOf(payload as string | Buffer | Readable)).toString('utf8');
    const pagePath = new URL(request.url, 'http://page.invalid').pathname;
    const sent = withModulePreloads(html, pagePath, preloads);
    reply.removeHeader('content-length');
    return sent;
  });
}
