import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A real HTTP server on an ephemeral port: the request flow is tested over the wire, not against a fetch mock.

export interface Received {
  method: string;
  url: URL;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

export type Handler = (req: Received, res: ServerResponse) => void | Promise<void>;

export interface TestServer {
  base: string;
  received: Received[];
  route(method: string, path: string, handler: Handler): void;
  close(): Promise<void>;
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

export function envelope(status: number, extra: Record<string, unknown> = {}) {
  return { status, code: status === 200 ? 'ok' : 'error', message: '', data: null, ...extra };
}

export const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startServer(): Promise<TestServer> {
  const routes = new Map<string, Handler>();
  const received: Received[] = [];
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const entry: Received = {
      method: req.method ?? 'GET',
      url: new URL(req.url ?? '/', 'http://test'),
      headers: req.headers,
      body: Buffer.concat(chunks),
    };
    received.push(entry);
    const handler = routes.get(`${entry.method} ${entry.url.pathname}`);
    if (!handler) {
      res.writeHead(404, 'Not Found');
      res.end('nothing here');
      return;
    }
    await handler(entry, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    received,
    route: (method, path, handler) => routes.set(`${method} ${path}`, handler),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
