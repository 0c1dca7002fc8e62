import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type PhServer, type ServerOptions } from '../../demo/server/index';
import type { Envelope } from '../../src/core/api/types';
import { DEVICE_HEADER, ENDPOINTS } from '../../src/core/api/wire';
import type { LivenessAction, LivenessChallenge } from '../../src/core/face/liveness';
import { TEST_PASSWORD_COST } from '../support/password-cost';

export const PASSWORD = 'Demo@2026';

export interface TestServer {
  server: PhServer;
  url: string;
  dataDir: string;
  restart(options?: Partial<ServerOptions>): Promise<void>;
  stop(): Promise<void>;
}

/** A server on an ephemeral port with its own temporary data dir, removed by stop(); cheap password hashes. */
export async function startServer(options: Partial<ServerOptions> = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ph-server-test-'));
  const make = (extra: Partial<ServerOptions>) =>
    createServer({ dataDir, port: 0, passwordCost: TEST_PASSWORD_COST, ...options, ...extra });
  const handle: TestServer = {
    server: await make({}),
    dataDir,
    get url() {
      return handle.server.url;
    },
    async restart(extra = {}) {
      await handle.server.close();
      handle.server = await make(extra);
    },
    async stop() {
      await handle.server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return handle;
}

interface StoredCookie {
  value: string;
  path: string;
}

export interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  body: Envelope<T>;
  text: string;
}

export interface RequestOptions {
  json?: unknown;
  form?: Record<string, string>;
  body?: BodyInit;
  headers?: Record<string, string>;
  /** Device header value; null sends none. */
  device?: string | null;
  bearer?: string;
  redirect?: RequestRedirect;
}

/** A browser-like client: keeps cookies by path, sends the device header, parses envelopes. */
export class Client {
  readonly cookies = new Map<string, StoredCookie>();

  constructor(readonly baseUrl: string) {}

  async raw(method: string, path: string, options: RequestOptions = {}): Promise<Response> {
    // A connection per request. The server runs in this process: a test that computes a photo between two requests
    // blocks the event loop past the server's keep-alive timeout, and fetch then sends on a socket the server closes
    // in the same turn (ECONNRESET). Browsers retry such a request; fetch does not.
    const headers: Record<string, string> = { Connection: 'close', ...options.headers };
    if (options.device !== null) headers[DEVICE_HEADER] = options.device ?? 'pc';
    if (options.bearer) headers.Authorization = `Bearer ${options.bearer}`;
    const cookie = this.cookieHeader(path);
    if (cookie) headers.Cookie = cookie;
    let body = options.body;
    if (options.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(options.form).toString();
    }
    const response = await fetch(this.baseUrl + path, {
      method,
      headers,
      body,
      redirect: options.redirect ?? 'manual',
    });
    this.store(response.headers.getSetCookie());
    return response;
  }

  async call<T = unknown>(method: string, path: string, options: RequestOptions = {}): Promise<Answer<T>> {
    const response = await this.raw(method, path, options);
    const text = await response.text();
    let body: Envelope<T>;
    try {
      body = JSON.parse(text) as Envelope<T>;
    } catch {
      body = { status: response.status, code: 'not_json', message: text, data: null as T };
    }
    return { status: response.status, headers: response.headers, body, text };
  }

  get<T = unknown>(path: string, options?: RequestOptions) {
    return this.call<T>('GET', path, options);
  }

  post<T = unknown>(path: string, json?: unknown, options: RequestOptions = {}) {
    return this.call<T>('POST', path, { ...options, json: json === undefined ? options.json : json });
  }

  async login(username: string, password = PASSWORD): Promise<Answer<{ accessToken: string; userId: string }>> {
    const answer = await this.post<{ accessToken: string; userId: string }>('/api/uaa/oauth/login', {
      username,
      password,
    });
    if (answer.status !== 200) throw new Error(`login ${username} failed: ${answer.text}`);
    return answer;
  }

  private cookieHeader(path: string): string {
    return [...this.cookies]
      .filter(([, c]) => path.startsWith(c.path))
      .map(([name, c]) => `${name}=${c.value}`)
      .join('; ');
  }

  private store(setCookies: string[]): void {
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';').map((s) => s.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const path = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
      const expired = attributes.some((a) => /^max-age=0$/i.test(a) || /^expires=Thu, 01 Jan 1970/i.test(a));
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, { value, path });
    }
  }
}

export async function signedIn(baseUrl: string, username: string): Promise<Client> {
  const client = new Client(baseUrl);
  await client.login(username);
  return client;
}

export const LONG = 'x'.repeat(10_000);
export const SQL = "' OR 1=1 --";

/**
 * Face login (`login`) or clock-in (`orther`) as the widget does it (issues 37, 54): a fresh liveness challenge,
 * then the photo with the frames recorded for it (base64), made for the challenge's turns when `frames` is a
 * function. Returns the answer and the challenge's turns.
 */
export async function postFace<T = unknown>(
  client: Client,
  mode: 'login' | 'orther',
  faceImage: string,
  frames: string[] | ((actions: LivenessAction[]) => string[]),
  more: { evidence?: number[] } = {},
): Promise<Answer<T> & { actions?: LivenessAction[] }> {
  const challenge = await client.post<LivenessChallenge>(ENDPOINTS.faceChallenge, { mode });
  if (challenge.status !== 200) return challenge as unknown as Answer<T>;
  const { challengeId, actions } = challenge.body.data;
  const path = mode === 'login' ? ENDPOINTS.faceLogin : ENDPOINTS.faceClocking;
  const sent = typeof frames === 'function' ? frames(actions) : frames;
  const answer = await client.post<T>(path, { faceImage, challengeId, frames: sent, ...more });
  return { ...answer, actions };
}
