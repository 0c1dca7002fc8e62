import { describe, expect, it } from 'vitest';
import { memoryLocation, phinit } from '../../../src/core/config';
import { createHttpClient, type HttpClientConfig } from '../../../src/core/http';
import { $session } from '../../../src/core/session';
import { createClientTransport, pageHeaders, TransportError } from '../../../src/core/upload';

// The request-client transport (fetch); the XMLHttpRequest one runs in Chromium (test/elements/upload-engine).

interface Sent {
  url: string;
  init: RequestInit;
}

function fakeFetch(answers: Array<Response | Error>) {
  const sent: Sent[] = [];
  const fetch = async (url: RequestInfo | URL, init?: RequestInit) => {
    sent.push({ url: String(url), init: init ?? {} });
    const next = answers.shift();
    if (!next || next instanceof Error) throw next ?? new TypeError('Failed to fetch');
    return next;
  };
  return { sent, fetch: fetch as typeof globalThis.fetch };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function transport(fetch: typeof globalThis.fetch, extra: HttpClientConfig = {}) {
  const client = createHttpClient({
    apiBase: 'http://school.test',
    device: 'h5',
    appPath: '/pages/base',
    env: 'production',
    fetch,
    accessToken: () => 'tok',
    notify: () => {},
    onLoginInfo: () => {},
    location: () => memoryLocation('http://school.test/pages/base/pc_homework_tm/index.html'),
    ...extra,
  });
  return createClientTransport(client);
}

describe('the request-client transport', () => {
  it('posts url-encoded fields to apiBase + path with the §7 headers, cookies included', async () => {
    const { sent, fetch } = fakeFetch([json(200, { status: 200, data: null })]);
    const response = await transport(fetch).send({
      path: '/api/storage/file_piecewise/second_upload_check',
      fields: { md5: 'a'.repeat(32), name: '作业 1.doc', serverid: 'base' },
      multipart: false,
    });
    expect(response).toEqual({ status: 200, body: { status: 200, data: null } });
    expect(sent[0]?.url).toBe('http://school.test/api/storage/file_piecewise/second_upload_check');
    expect(sent[0]?.init).toMatchObject({ method: 'POST', credentials: 'include' });
    expect(sent[0]?.init.headers).toMatchObject({
      'X-PH-Device': 'h5',
      'X-PH-App-Path': '/pages/base',
      Authorization: 'Bearer tok',
      'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8',
    });
    expect(new URLSearchParams(String(sent[0]?.init.body)).get('name')).toBe('作业 1.doc');
  });

  it('sends multipart bodies with the file part and reports its bytes once sent', async () => {
    const { sent, fetch } = fakeFetch([json(200, { status: 200 })]);
    const progress: number[] = [];
    await transport(fetch).send({
      path: '/zuul/api/storage/upload',
      fields: { md5: 'b'.repeat(32), file: new File(['hello'], 'a.png') },
      multipart: true,
      onProgress: (bytes) => progress.push(bytes),
    });
    const form = sent[0]?.init.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect((form.get('file') as File).name).toBe('a.png');
    expect(form.get('md5')).toBe('b'.repeat(32));
    expect(progress).toEqual([5]);
  });

  it('answers refusals as responses, status and body, for the engine to read', async () => {
    const { fetch } = fakeFetch([json(413, { status: 413, code: 'too_large', message: '太大|||Too large' })]);
    const response = await transport(fetch).send({ path: '/x', fields: {}, multipart: false });
    expect(response).toEqual({ status: 413, body: { status: 413, code: 'too_large', message: '太大|||Too large' } });
  });

  it("sends again after a 401 once the client's refresh renewed the session", async () => {
    const { sent, fetch } = fakeFetch([
      json(401, { status: 401 }),
      json(200, { status: 200, code: 'ok', data: { accessToken: 'new' } }),
      json(200, { status: 200, data: 'stored' }),
    ]);
    const response = await transport(fetch).send({ path: '/zuul/api/storage/upload', fields: {}, multipart: true });
    expect(response.body).toMatchObject({ data: 'stored' });
    expect(sent.map((entry) => new URL(entry.url).pathname)).toEqual([
      '/zuul/api/storage/upload',
      '/api/uaa/oauth/refresh',
      '/zuul/api/storage/upload',
    ]);
  });

  it('rejects with TransportError when no answer comes: network, abort, timeout', async () => {
    const down = fakeFetch([new TypeError('Failed to fetch')]);
    await expect(transport(down.fetch).send({ path: '/x', fields: {}, multipart: false })).rejects.toMatchObject({
      kind: 'network',
      message: 'Network Error',
    });
    const stop = new AbortController();
    stop.abort();
    const aborted = transport(down.fetch).send({ path: '/x', fields: {}, multipart: false, signal: stop.signal });
    await expect(aborted).rejects.toBeInstanceOf(TransportError);
    await expect(aborted).rejects.toMatchObject({ kind: 'abort' });
    const hanging = ((_: unknown, init?: RequestInit) =>
      new Promise((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      )) as typeof globalThis.fetch;
    await expect(
      transport(hanging, { timeout: 5 }).send({ path: '/x', fields: {}, multipart: false }),
    ).rejects.toMatchObject({ kind: 'timeout', message: 'timeout of 5ms exceeded' });
  });
});

describe('pageHeaders (the XMLHttpRequest transport)', () => {
  it('sends the device, the app path and the bearer token of the page', () => {
    phinit({ code: 'homework', appCode: 'base', device: 'h5' });
    $session.setKey('accessToken', 'tok');
    expect(pageHeaders()).toEqual({ 'X-PH-Device': 'h5', 'X-PH-App-Path': '/pages/base', Authorization: 'Bearer tok' });
    $session.setKey('accessToken', '');
    expect(pageHeaders()).toEqual({ 'X-PH-Device': 'h5', 'X-PH-App-Path': '/pages/base' });
  });
});
