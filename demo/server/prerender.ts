import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { languageFromUrl, normalizeLanguage } from '../../src/core/i18n/language';
import type { StaticRoot } from './config';
import { bodyOf } from './payload';

// Pages show their login form before any script has run: every inline <ph-login> of an HTML answer gets its first
// render as a declarative shadow root, made by the build's ph-widgets/server (dist/server/index.js), which the
// element's script then hydrates, keeping what was typed. In the language the URL asks for (§9's first source), else
// the pages' own zh-CN; the element switches to the language the page resolves once it runs. Without a build (no
// dist/server) pages are sent as they are and the elements render in the browser, as they always can; so are the
// elements that follow the classic bundle loaded as a blocking script (it defines them before the template arrives).

type Prerender = (tag: 'ph-login', attributes: Record<string, string>, language: string) => string | null;

// A <ph-login> start tag not already followed by a template; comments and script or style text are passed over whole
// (a script's start tag is kept apart: it may define the elements).
const START_TAG_OR_SKIPPED =
  /<!--[\s\S]*?-->|<(script|style)\b((?:[^>"']|"[^"]*"|'[^']*')*)>[\s\S]*?<\/\1\s*>|<ph-login\b((?:[^>"']|"[^"]*"|'[^']*')*)>(?!\s*<template\b)/gi;

/**
 * A script that defines the elements while the page is still being parsed: the classic bundle, neither deferred nor
 * async. An element it defines is made by the parser with a shadow root already, so a template sent inside would be
 * refused ("A second declarative shadow root cannot be created on a host", an error in the console) and left inert.
 */
function definesWhileParsing(scriptAttributes: Record<string, string>): boolean {
  const src = scriptAttributes.src ?? '';
  const blocking = !('defer' in scriptAttributes || 'async' in scriptAttributes || scriptAttributes.type === 'module');
  return blocking && /(^|\/)ph-widgets(\.min)?\.js(\?|#|$)/.test(src);
}
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'" };

/** A start tag's attributes, names lower-cased and the common character references decoded, as a browser reads them. */
export function startTagAttributes(text: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const [, name = '', double, single, bare] of text.matchAll(ATTRIBUTE)) {
    const key = name.toLowerCase();
    if (Object.hasOwn(attributes, key)) continue;
    const value = double ?? single ?? bare ?? '';
    attributes[key] = value.replace(/&(amp|lt|gt|quot|apos|#39);/g, (_, entity: string) => ENTITIES[entity] ?? '');
  }
  return attributes;
}

/**
 * The page with each inline <ph-login>'s first render inside it. Left as they are: elements already holding a
 * template, and every element after a script that defines the elements while the page is parsed.
 */
export function withPrerenderedElements(html: string, language: string, prerender: Prerender): string {
  let definedEarly = false;
  return html.replace(
    START_TAG_OR_SKIPPED,
    (tag: string, skipped?: string, skippedAttributes?: string, attributeText?: string) => {
      if (skipped?.toLowerCase() === 'script' && definesWhileParsing(startTagAttributes(skippedAttributes ?? '')))
        definedEarly = true;
      if (skipped || attributeText === undefined || definedEarly) return tag;
      const shadow = prerender('ph-login', startTagAttributes(attributeText), language);
      return shadow ? `${tag}${shadow}` : tag;
    },
  );
}

/** ph-widgets/server from the served build, loaded again when a rebuild replaces it (its markup must match the build). */
function prerendererOf(roots: readonly StaticRoot[]): () => Promise<Prerender | null> {
  const dist = roots.find((root) => root.prefix === '/dist/');
  let loaded: { version: number; prerender: Prerender } | null = null;
  return async () => {
    if (!dist) return null;
    const file = join(dist.root, 'server', 'index.js');
    let version: number;
    try {
      version = statSync(file).mtimeMs;
    } catch {
      return null;
    }
    if (loaded?.version !== version) {
      const module = (await import(`${pathToFileURL(file).href}?v=${version}`)) as { prerender: Prerender };
      loaded = { version, prerender: module.prerender };
    }
    return loaded.prerender;
  };
}

/** Renders the login forms of every HTML answer; registered before the security headers, which hash the page as sent. */
export function registerPrerender(app: FastifyInstance, roots: readonly StaticRoot[]): void {
  const prerenderer = prerendererOf(roots);
  app.addHook('onSend', async (request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.startsWith('text/html') || payload === null || payload === undefined) return payload;
    const html = (await bodyOf(payload as string | Buffer | Readable)).toString('utf8');
    if (!/<ph-login\b/i.test(html)) return html;
    const prerender = await prerenderer();
    if (!prerender) return html;
    const query = languageFromUrl(new URL(request.url, 'http://page.invalid').href);
    reply.removeHeader('content-length');
    return withPrerenderedElements(html, normalizeLanguage(query), prerender);
  });
}
