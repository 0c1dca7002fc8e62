import { type Dirent, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { PAGE_ANSWERS_MARK, withPageAnswers } from './page-answers';
import { withSiteBar } from './site-bar';

// The deploy-layout site (demo/site): the login page at the start URL, the landing pages of §2 and the small pages
// around login (re-login, forgotten password, bind). Served from a fixed list of routes made once at start — one per
// file, plus `/dir/` and `/dir` for every `dir/index.html` — so nothing outside the folder can be reached and no
// wildcard route stands in front of the server's own paths. A file added later needs a restart; edits show at once.

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.txt': 'text/plain; charset=utf-8',
};

/** Paths of the server itself (calls, bundles, demo pages, assets, SSO): a site file there would shadow them. */
export const RESERVED_PREFIXES = [
  '/api/',
  '/zuul/',
  '/dist/',
  '/demo/',
  '/static/',
  '/common/',
  '/sso/',
  '/subapps/',
  '/assets/',
];

export const LOGIN_PAGE = 'login/index.html';

/** More URLs answering the login page itself (no redirect, so `redirect_uri` or `client_id` stay in the query). */
const LOGIN_ALIASES = ['/', '/authorize', '/authorize/'];

/**
 * §2 development forms of the landing pages (`/pc_desktop_all.html` …): the same pages, answered at the URL that
 * core's landingPath builds in development (the shell reads its environment from that URL shape).
 */
export const DEVELOPMENT_FORMS: Record<string, string> = {
  '/pc_desktop_all.html': 'pages/base/pc_desktop_all/index.html',
  '/mobile_desktop_all.html': 'pages/base/mobile_desktop_all/index.html',
  '/pc_areaDesktop_all.html': 'area/areaBase/pc_areaDesktop_all/index.html',
  '/mobile_areaDesktop_all.html': 'area/areaBase/mobile_areaDesktop_all/index.html',
  // The clock-in terminal's page (core's clockInPath; issue 69).
  '/pc_clockIn_all.html': 'pages/base/pc_clockIn_all/index.html',
};

/** Every servable file under root as a `/`-separated relative path; dot files and symbolic links are left out. */
export function siteFiles(root: string, dir = ''): string[] {
  const found: string[] = [];
  const entries: Dirent[] = readdirSync(join(root, dir), { withFileTypes: true });
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name.startsWith('.')) continue;
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) found.push(...siteFiles(root, rel));
    else if (entry.isFile() && Object.hasOwn(TYPES, extname(entry.name))) found.push(rel);
  }
  return found;
}

/** URL → file (relative to root) for the whole site. Throws when a file would shadow a server path. */
export function siteRoutes(root: string): Map<string, string> {
  const routes = new Map<string, string>();
  for (const file of siteFiles(root)) {
    const url = `/${file}`;
    const reserved = RESERVED_PREFIXES.find((prefix) => url.startsWith(prefix));
    if (reserved) throw new Error(`demo site: ${file} would shadow the server's ${reserved} (move it elsewhere)`);
    routes.set(url, file);
    if (file.endsWith('/index.html')) {
      const dir = file.slice(0, -'/index.html'.length);
      routes.set(`/${dir}/`, file);
      routes.set(`/${dir}`, file);
    }
  }
  const files = new Set(routes.values());
  if (files.has(LOGIN_PAGE)) for (const alias of LOGIN_ALIASES) routes.set(alias, LOGIN_PAGE);
  for (const [alias, file] of Object.entries(DEVELOPMENT_FORMS)) if (files.has(file)) routes.set(alias, file);
  return routes;
}

export interface SiteOptions {
  /** Send a signed-in page's first answers inside it (page-answers.ts); off in the §7-as-written profile. */
  pageAnswers: boolean;
}

export function registerSiteRoutes(app: FastifyInstance, root: string, options: SiteOptions): void {
  for (const [url, file] of siteRoutes(root)) {
    const type = TYPES[extname(file)] as string;
    app.get(url, async (request, reply) => {
      let body: Buffer | string;
      try {
        body = await readFile(join(root, file));
      } catch {
        return reply.callNotFound();
      }
      let personal = false;
      // A page's shared pieces are put in here, on the server, so that they are in the HTML that paints first.
      if (file.endsWith('.html')) {
        const page = withSiteBar(body.toString('utf8'));
        // Its answers depend on the session cookie: a cache must not give one visitor's page to another.
        if (page.includes(PAGE_ANSWERS_MARK)) reply.header('Vary', 'Cookie');
        const answered = options.pageAnswers
          ? await withPageAnswers(app, request, page)
          : { html: page.replace(PAGE_ANSWERS_MARK, ''), personal: false };
        body = answered.html;
        personal = answered.personal;
      }
      return (
        reply
          .type(type)
          // A page holding a session's answers is that session's: kept by no cache, shared with nobody.
          .header('Cache-Control', personal ? 'private, no-store' : 'no-cache')
          .header('X-Content-Type-Options', 'nosniff')
          .send(body)
      );
    });
  }
}
