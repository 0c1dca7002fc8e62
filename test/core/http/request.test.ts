import * as qs from 'qs-esm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_PATH_HEADER, DEVICE_HEADER } from '../../../src/core/api/wire';
import { memoryLocation, phinit } from '../../../src/core/config';
import { createHttpClient, HttpError, request } from '../../../src/core/http';
import { sharedLanguagePackUrl } from '../../../src/core/i18n/packs';
import { $language } from '../../../src/core/i18n/translate';
import { $notices } from '../../../src/core/notify';
import { $session, resetSession } from '../../../src/core/session';
import { delay, envelope, sendJson, startServer, type TestServer } from './server';

let server: TestServer;
const notices: [string, string][] = [];
const client = (extra: Parameters<typeof createHttpClient>[0] = {}) =>
  createHttpClient({
    apiBase: server.base,
    device: 'h5',
    appPath: '/pages/base',
    notify: (kind, message) => notices.push([kind, message]),
    ...extra,
  });

beforeAll(async () => {
  server = await startServer();
  server.route('GET', '/api/echo', (_req, res) => sendJson(res, 200, envelope(200, { data: 'hi' })));
  server.route('POST', '/api/echo', (_req, res) => sendJson(res, 200, envelope(200)));
  server.route('DELETE', '/api/echo', (_req, res) => sendJson(res, 200, envelope(200)));
});
afterAll(() => server.close());
beforeEach(() => {
  server.received.length = 0;
  notices.length = 0;
  $language.set('zh-CN');
  resetSession();
});
afterEach(() => vi.restoreAllMocks());

const last = () => server.received.at(-1)!;

describe('what every request sends (§7)', () => {
  it('device header, app path header and credentials', async () => {
    const seen: RequestInit[] = [];
    const http = client({
      fetch: (input, init) => {
        seen.push(init ?? {});
        return fetch(input, init);
      },
    });
    const answer = await http.request({ url: '/api/echo' });
    expect(answer).toMatchObject({ status: 200, data: 'hi' });
    expect(last().headers[DEVICE_HEADER.toLowerCase()]).toBe('h5');
    expect(last().headers[APP_PATH_HEADER.toLowerCase()]).toBe('/pages/base');
    expect(seen[0]?.credentials).toBe('include');
  });

  it('a bearer token only when the session holds one', async () => {
    await client().request({ url: '/api/echo' });
    expect(last().headers.authorization).toBeUndefined();
    $session.setKey('accessToken', 'tok-1');
    await client().request({ url: '/api/echo' });
    expect(last().headers.authorization).toBe('Bearer tok-1');
  });

  it('a timestamp on GET and DELETE unless cached, never on POST', async () => {
    const http = client();
    await http.request({ url: '/api/echo', params: { a: 1 } });
    expect(last().url.searchParams.get('_t')).toMatch(/^\d+$/);
    expect(last().url.searchParams.get('a')).toBe('1');
    await http.send('delete', { url: '/api/echo' });
    expect(last().method).toBe('DELETE');
    expect(last().url.searchParams.has('_t')).toBe(true);
    await http.request({ url: '/api/echo', cached: true });
    expect(last().url.searchParams.has('_t')).toBe(false);
    await http.request({ url: '/api/echo', method: 'post', data: { a: 1 } });
    expect(last().url.searchParams.has('_t')).toBe(false);
  });

  it('POST sends a form with nested keys spelled with dots', async () => {
    const data = { name: '张三', unit: { id: 7, campus: { code: 'x y' } }, list: ['a', 'b'] };
    await client().request({ url: '/api/echo', method: 'POST', data });
    expect(last().headers['content-type']).toContain('application/x-www-form-urlencoded');
    const text = last().body.toString();
    expect(decodeURIComponent(text)).toContain('unit.campus.code=x y');
    expect(qs.parse(text, { allowDots: true })).toEqual({
      name: '张三',
      unit: { id: '7', campus: { code: 'x y' } },
      list: ['a', 'b'],
    });
  });

  it('POST sends JSON when asked', async () => {
    await client().request({ url: '/api/echo', method: 'post', json: true, data: { a: { b: [1, 2] } } });
    expect(last().headers['content-type']).toBe('application/json');
    expect(JSON.parse(last().body.toString())).toEqual({ a: { b: [1, 2] } });
  });

  it('upload sends multipart with the file and the fields', async () => {
    const file = new File([new Uint8Array([1, 2, 3])], 'a.bin', { type: 'application/octet-stream' });
    await client().request({ url: '/api/echo', method: 'upload', data: { file, md5: 'abc', chunk: 2, skip: null } });
    const entry = last();
    expect(entry.method).toBe('POST');
    expect(entry.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const form = await new Response(new Uint8Array(entry.body), {
      headers: { 'content-type': String(entry.headers['content-type']) },
    }).formData();
    expect(form.get('md5')).toBe('abc');
    expect(form.get('chunk')).toBe('2');
    expect(form.has('skip')).toBe(false);
    const sent = form.get('file') as File;
    expect(sent.name).toBe('a.bin');
    expect([...new Uint8Array(await sent.arrayBuffer())]).toEqual([1, 2, 3]);
  });

  it('raw requests resolve with the body as it came', async () => {
    server.route('GET', '/lang/en.json', (_req, res) => sendJson(res, 200, { hello: 'Hello' }));
    await expect(client().request({ url: `${server.base}/lang/en.json`, raw: true })).resolves.toEqual({
      hello: 'Hello',
    });
  });

  it('under apiBase "/platform" calls and language packs go under /platform/ on the page origin (issue 53)', async () => {
    server.route('GET', '/platform/api/echo', (_req, res) => sendJson(res, 200, envelope(200, { data: 'hi' })));
    const pack = sharedLanguagePackUrl('en');
    server.route('GET', `/platform${pack}`, (_req, res) => sendJson(res, 200, { hello: 'Hello' }));
    const page = memoryLocation(`${server.base}/platform/pages/desktop/index.html`);
    const platform = createHttpClient({ apiBase: '/platform', location: () => page, notify: () => undefined });
    await expect(platform.request({ url: '/api/echo' })).resolves.toMatchObject({ data: 'hi' });
    expect(last().url.pathname).toBe('/platform/api/echo');
    await expect(platform.request({ url: pack, raw: true, cached: true })).resolves.toEqual({ hello: 'Hello' });
    expect(last().url.pathname).toBe(`/platform${pack}`);
  });

  it('the page-wide request() follows phinit', async () => {
    phinit({ code: 'desktop', appCode: 'base', apiBase: server.base, device: 'app' });
    await expect(request({ url: '/api/echo' })).resolves.toMatchObject({ data: 'hi' });
    expect(last().headers[DEVICE_HEADER.toLowerCase()]).toBe('app');
    expect(last().headers[APP_PATH_HEADER.toLowerCase()]).toBe('/pages/base');
  });
});

describe('method rule of the wrapper (§5)', () => {
  it('PUT and DELETE warn and reject without a call', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const method of ['put', 'DELETE']) {
      const error = await client()
        .request({ url: '/api/echo', method })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).kind).toBe('method');
    }
    expect(warn).toHaveBeenCalledTimes(2);
    expect(server.received).toHaveLength(0);
  });

  it("the client itself still sends PUT (the rule is the wrapper's)", async () => {
    server.route('PUT', '/api/echo', (_req, res) => sendJson(res, 200, envelope(200)));
    await expect(client().send('put', { url: '/api/echo', data: { a: 1 } })).resolves.toMatchObject({ status: 200 });
    expect(last().method).toBe('PUT');
    expect(last().body.toString()).toBe('a=1');
  });

  it('rejects a method outside get/post/put/delete/upload', async () => {
    const error = (await client()
      .request({ url: '/api/echo', method: 'patch' })
      .catch((e: unknown) => e)) as HttpError;
    expect(error.kind).toBe('method');
    expect(server.received).toHaveLength(0);
  });
});

describe('network failures (§8)', () => {
  it('a timeout says how long it waited', async () => {
    server.route('GET', '/api/slow', async (_req, res) => {
      await delay(300);
      sendJson(res, 200, envelope(200));
    });
    const error = (await client()
      .request({ url: '/api/slow', timeout: 30 })
      .catch((e: unknown) => e)) as HttpError;
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe('timeout of 30ms exceeded');
    expect(notices).toEqual([['error', 'timeout of 30ms exceeded']]);
  });

  it('the configured timeout applies when the request names none', async () => {
    const error = (await client({ timeout: 25 })
      .request({ url: '/api/slow' })
      .catch((e: unknown) => e)) as HttpError;
    expect(error.message).toBe('timeout of 25ms exceeded');
  });

  it('without a timeout option a request waits 1,200,000 ms (§9)', async () => {
    vi.useFakeTimers();
    try {
      const hanging: typeof fetch = (_input, init) =>
        new Promise<Response>((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        );
      let settled = false;
      const pending = client({ fetch: hanging })
        .request({ url: '/api/echo' })
        .catch((e: unknown) => e)
        .finally(() => {
          settled = true;
        });
      await vi.advanceTimersByTimeAsync(1_199_999);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await pending).toMatchObject({ kind: 'timeout', message: 'timeout of 1200000ms exceeded' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('an abort by the caller is "Request aborted" and shows nothing', async () => {
    const controller = new AbortController();
    const pending = client().request({ url: '/api/slow', signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    const error = (await pending.catch((e: unknown) => e)) as HttpError;
    expect(error.kind).toBe('abort');
    expect(error.message).toBe('Request aborted');
    expect(notices).toEqual([]);
  });

  it('an already aborted signal sends nothing', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = (await client()
      .request({ url: '/api/echo', signal: controller.signal })
      .catch((e: unknown) => e)) as HttpError;
    expect(error.message).toBe('Request aborted');
    expect(server.received).toHaveLength(0);
  });

  it('a closed port is "Network Error"', async () => {
    const closed = await startServer();
    const base = closed.base;
    await closed.close();
    const error = (await client({ apiBase: base })
      .request({ url: '/api/echo' })
      .catch((e: unknown) => e)) as HttpError;
    expect(error.kind).toBe('network');
    expect(error.message).toBe('Network Error');
    expect(notices).toEqual([['error', 'Network Error']]);
  });
});

describe('error messages (§8)', () => {
  it('a non-2xx answer without an envelope shows status and status text', async () => {
    server.route('GET', '/api/broken', (_req, res) => {
      res.writeHead(502, 'Bad Gateway');
      res.end('<html>');
    });
    const error = (await client()
      .request({ url: '/api/broken' })
      .catch((e: unknown) => e)) as HttpError;
    expect(error).toMatchObject({ kind: 'http', status: 502, message: '502 Bad Gateway' });
    expect(error.response?.statusText).toBe('Bad Gateway');
    expect(error.request.method).toBe('get');
    expect(notices).toEqual([['error', '502 Bad Gateway']]);
  });

  it('an envelope with field errors is a warning of their messages joined by commas', async () => {
    server.route('POST', '/api/form', (_req, res) =>
      sendJson(
        res,
        400,
        envelope(400, {
          message: 'ignored',
          fieldErrors: [
            { field: 'a', message: '甲错误|||A is wrong' },
            { field: 'b', message: 'B is wrong' },
          ],
        }),
      ),
    );
    const error = (await client()
      .request({ url: '/api/form', method: 'post' })
      .catch((e: unknown) => e)) as HttpError;
    expect(error).toMatchObject({ kind: 'http', status: 400, notice: 'warning', message: '甲错误,B is wrong' });
    expect(error.fieldErrors).toHaveLength(2);
    $language.set('en');
    await client()
      .request({ url: '/api/form', method: 'post' })
      .catch(() => {});
    expect(notices).toEqual([
      ['warning', '甲错误,B is wrong'],
      ['warning', 'A is wrong,B is wrong'],
    ]);
  });

  it('a body status other than 200 shows the message in the current language', async () => {
    server.route('GET', '/api/denied', (_req, res) =>
      sendJson(res, 200, { status: 403, code: 'forbidden', message: '没有权限|||No permission', data: null }),
    );
    const error = (await client()
      .request({ url: '/api/denied' })
      .catch((e: unknown) => e)) as HttpError;
    expect(error).toMatchObject({ kind: 'status', status: 403, code: 'forbidden', message: '没有权限' });
    expect(error.envelope?.code).toBe('forbidden');
    $language.set('en');
    await client()
      .request({ url: '/api/denied' })
      .catch(() => {});
    $language.set('zh-HK');
    await client()
      .request({ url: '/api/denied' })
      .catch(() => {});
    expect(notices.map(([, message]) => message)).toEqual(['没有权限', 'No permission', '没有权限']);
  });

  it('no field errors and no message fall back to the server error text', async () => {
    server.route('GET', '/api/empty-error', (_req, res) => sendJson(res, 200, { status: 500, code: 'x', message: '' }));
    await client()
      .request({ url: '/api/empty-error' })
      .catch(() => {});
    $language.set('en');
    await client()
      .request({ url: '/api/empty-error' })
      .catch(() => {});
    expect(notices).toEqual([
      ['error', '服务器内部错误'],
      ['error', 'Server internal error!'],
    ]);
  });

  it('noIntercept (option, query or form field) and silent reject without a notice', async () => {
    const http = client();
    await expect(http.request({ url: '/api/denied', noIntercept: true })).rejects.toBeInstanceOf(HttpError);
    await expect(http.request({ url: '/api/denied', silent: true })).rejects.toBeInstanceOf(HttpError);
    await expect(http.request({ url: '/api/denied', params: { noIntercept: true } })).rejects.toBeInstanceOf(HttpError);
    await expect(
      http.request({ url: '/api/form', method: 'post', data: { noIntercept: true } }),
    ).rejects.toBeInstanceOf(HttpError);
    expect(notices).toEqual([]);
  });

  it('without a notify option errors reach the shared toasts store', async () => {
    $notices.set([]);
    await createHttpClient({ apiBase: server.base })
      .request({ url: '/api/denied' })
      .catch(() => {});
    expect($notices.get().map((notice) => [notice.kind, notice.message])).toEqual([['error', '没有权限']]);
  });
});
