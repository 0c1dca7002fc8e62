import { describe, expect, it } from 'vitest';
import { phinit } from '../../../src/core/config';
import { $session } from '../../../src/core/session';
import { createFetchTransport, pageHeaders, TransportError } from '../../../src/core/upload';

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

describe('upload transports (fetch; XMLHttpRequest is exercised in Chromium)', () => {
  it('posts url-encoded fields to apiBase + path with the §7 headers, cookies included', async () => {
    phinit({ code: 'homework', appCode: 'base', apiBase: 'http://school.test', device: 'h5' });
    $session.setKey('accessToken', 'tok');
    const { sent, fetch } = fakeFetch([json(200, { status: 200, data: null })]);
    const response = await createFetchTransport({ fetch }).send({
      path: '/api/storage/file_piecewise/second_upload_check',
      fields: { md5: 'a'.repeat(32), name: '作业 1.doc', serverid: 'base' },
      multipart: false,
    });
    expect(response).toEqual({ status: 200, body: { status: 200, data: null } });
    expect(sent[0]?.url).toBe('http://school.test/api/storage/file_piecewise/second_upload_check');
    expect(sent[0]?.init).toMatchObject({ method: 'POST', credentials: 'include' });
    expect(sent[0]?.init.headers).toEqual({
      'X-PH-Device': 'h5',
      'X-PH-App-Path': '/pages/base',
      Authorization: 'Bearer tok',
      'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8',
    });
    expect(new URLSearchParams(String(sent[0]?.init.body)).get('name')).toBe('作业 1.doc');
    expect(pageHeaders()['X-PH-Device']).toBe('h5');
    $session.setKey('accessToken', '');
  });

  it('sends multipart bodies with the file part and reports its bytes as progress', async () => {
    const { sent, fetch } = fakeFetch([json(200, { status: 200 })]);
    const progress: number[] = [];
    await createFetchTransport({ fetch, apiBase: '' }).send({
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

  it('sends once more after a 401 when the session is recovered, not when it is not', async () => {
    let recovered = 0;
    const ok = fakeFetch([json(401, { status: 401 }), json(200, { status: 200 })]);
    const transport = createFetchTransport({
      fetch: ok.fetch,
      recoverSession: async () => {
        recovered++;
        return true;
      },
    });
    expect((await transport.send({ path: '/x', fields: {}, multipart: false })).status).toBe(200);
    expect([ok.sent.length, recovered]).toEqual([2, 1]);
    const lost = fakeFetch([json(401, { status: 401 })]);
    const denied = createFetchTransport({ fetch: lost.fetch, recoverSession: async () => false });
    expect((await denied.send({ path: '/x', fields: {}, multipart: false })).status).toBe(401);
    expect(lost.sent).toHaveLength(1);
  });

  it('rejects with TransportError: network, abort, timeout', async () => {
    const down = fakeFetch([new TypeError('Failed to fetch')]);
    await expect(
      createFetchTransport({ fetch: down.fetch }).send({ path: '/x', fields: {}, multipart: false }),
    ).rejects.toMatchObject({
      kind: 'network',
      message: 'Network Error',
    });
    const stop = new AbortController();
    stop.abort();
    await expect(
      createFetchTransport({ fetch: down.fetch }).send({
        path: '/x',
        fields: {},
        multipart: false,
        signal: stop.signal,
      }),
    ).rejects.toBeInstanceOf(TransportError);
    const hanging = ((_: unknown, init?: RequestInit) =>
      new Promise((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      )) as typeof globalThis.fetch;
    await expect(
      createFetchTransport({ fetch: hanging, timeout: 5 }).send({ path: '/x', fields: {}, multipart: false }),
    ).rejects.toMatchObject({
      kind: 'timeout',
      message: 'timeout of 5ms exceeded',
    });
  });
});
