import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve } from 'node:path';

// A platform as the field serves one (issue 53), in front of the reference server: its own origin, optionally
// under a path prefix (`/platform/` → the reference server's `/`, as an nginx `location` with `proxy_pass`,
// `proxy_redirect` and `proxy_cookie_path` does), the host libraries of old module pages, and the widgets' files
// on a static host of another origin (a CDN, with CORS as CDNs send it). Nothing outside the prefix is served, so a
// widget that asks for a root-relative address meets a 404.

const REPO = resolve(import.meta.dirname, '..', '..');
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.css': 'text/css',
  '.map': 'application/json',
};

/** The host libraries a legacy page of the field brings, as their packages ship them. */
export const HOST_LIBRARIES: Record<string, string> = {
  'jquery.js': 'node_modules/jquery/dist/jquery.js',
  'require.js': 'node_modules/requirejs/require.js',
  'zone.js': 'node_modules/zone.js/bundles/zone.umd.js',
};

/** A page of the platform's own: its HTML and the headers it is sent with. */
export interface FieldPage {
  html: string;
  headers?: Record<string, string>;
}

export interface Origin {
  url: string;
  close(): Promise<void>;
}

function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<Origin> {
  const server: Server = createServer(handler);
  return new Promise((done) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      done({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((closed) => {
            server.closeAllConnections();
            server.close(() => closed());
          }),
      });
    });
  });
}

function sendFile(res: ServerResponse, file: string, headers: Record<string, string> = {}): void {
  let body: Buffer;
  try {
    body = readFileSync(file);
  } catch {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', ...headers }).end(body);
}

/** The widgets' dist/ on a host of its own, as a CDN serves it: any origin may fetch it (CORS). */
export function startStaticHost(): Promise<Origin> {
  const dist = join(REPO, 'dist');
  return listen((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://cdn').pathname);
    const file = normalize(join(dist, path.replace(/^\/dist\//, '/')));
    if (!file.startsWith(dist)) return res.writeHead(404).end();
    sendFile(res, file, { 'access-control-allow-origin': '*' });
  });
}

/** A cookie or redirect of the reference server, moved under the prefix (proxy_cookie_path, proxy_redirect). */
function underPrefix(headers: IncomingMessage['headers'], prefix: string): IncomingMessage['headers'] {
  if (!prefix) return headers;
  const moved = { ...headers };
  const cookies = headers['set-cookie'];
  if (cookies) moved['set-cookie'] = cookies.map((cookie) => cookie.replace(/;\s*Path=\//i, `; Path=${prefix}/`));
  const location = headers.location;
  if (location?.startsWith('/')) moved.location = `${prefix}${location}`;
  return moved;
}

function proxy(req: IncomingMessage, res: ServerResponse, upstream: URL, path: string, prefix: string): void {
  const forwarded = request(
    { host: upstream.hostname, port: upstream.port, method: req.method, path, headers: req.headers },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, underPrefix(answer.headers, prefix));
      answer.pipe(res);
    },
  );
  forwarded.on('error', () => res.writeHead(502).end());
  req.pipe(forwarded);
}

/**
 * The platform's origin: `{prefix}/field/{name}` is one of `pages`, `{prefix}/lib/{file}` a host library, and
 * everything else under the prefix goes to the reference server at `upstream` without the prefix.
 */
export function startPlatform(upstream: string, prefix: string, pages: Record<string, FieldPage>): Promise<Origin> {
  const target = new URL(upstream);
  return listen((req, res) => {
    const url = new URL(req.url ?? '/', 'http://platform');
    if (!url.pathname.startsWith(`${prefix}/`)) return res.writeHead(404).end();
    const path = url.pathname.slice(prefix.length);
    const page = pages[path.replace(/^\/field\//, '')];
    if (path.startsWith('/field/') && page) {
      res.writeHead(200, { 'content-type': TYPES['.html'] as string, ...page.headers }).end(page.html);
      return;
    }
    const library = HOST_LIBRARIES[path.replace(/^\/lib\//, '')];
    if (path.startsWith('/lib/') && library) return sendFile(res, join(REPO, library));
    proxy(req, res, target, `${path}${url.search}`, prefix);
  });
}
