import { afterEach, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../../src/core/api/wire';
import { memoryLocation } from '../../../src/core/config';
import {
  answerKey,
  createHttpClient,
  keepAnswersOfPage,
  keepPageAnswers,
  PAGE_ANSWERS_ID,
  PAGE_ANSWERS_MAX_AGE_MS,
  type TransportRequest,
  takePageAnswer,
} from '../../../src/core/http';
import { beginSession } from '../../../src/core/session/state';

// Issue 70: the answers a page carries answer its first GETs, once each, without a request; everything else (another
// query, a second call, a POST, a call after a new sign-in, a page without answers) goes to the network.

const ME = { status: 200, code: 'ok', message: '', data: { userId: 'u-1', userType: 2, unitId: 'unit-1' } };

function client() {
  const sent: TransportRequest[] = [];
  const http = createHttpClient({
    location: () => memoryLocation('https://school.example/pages/base/pc_desktop_all/'),
    notify: () => undefined,
    transport: {
      async send(request) {
        sent.push(request);
        return { status: 200, statusText: 'OK', headers: { get: () => null }, text: '{"status":200,"data":"net"}' };
      },
    },
  });
  return { http, sent };
}

afterEach(() => keepPageAnswers([]));

describe('answerKey', () => {
  it('is the path and the sorted query, without the timestamp and the signature', () => {
    expect(answerKey('/api/x', { b: 2, _t: 123, a: 'é', signature: 'abc' })).toBe('/api/x?a=%C3%A9&b=2');
    expect(answerKey('/api/x', { _t: 1 })).toBe('/api/x');
    expect(answerKey('/api/x', undefined)).toBe('/api/x');
  });
});

describe('the answers a page carries', () => {
  it('answer `me` (its signature unchecked: no request was sent), once; the second call goes out', async () => {
    keepPageAnswers([{ key: answerKey(ENDPOINTS.me, { noIntercept: true }), status: 200, body: ME }]);
    const { http, sent } = client();
    const me = { url: ENDPOINTS.me, params: { signature: 'f00d', noIntercept: true }, noIntercept: true };
    await expect(http.request(me)).resolves.toEqual(ME);
    expect(sent).toHaveLength(0);
    await expect(http.request(me)).rejects.toMatchObject({ kind: 'signature' });
    expect(sent).toHaveLength(1);
  });

  it('each come in a task of their own where the browser can yield (scheduler.yield), as answers from the network do', async () => {
    keepPageAnswers([{ key: '/api/x', status: 200, body: { status: 200, data: 'page' } }]);
    let yielded = () => {};
    let reachedYield = () => {};
    const atYield = new Promise<void>((resolve) => (reachedYield = resolve));
    const scheduler = {
      yield: () => {
        reachedYield();
        return new Promise<void>((resolve) => (yielded = resolve));
      },
    };
    Object.assign(globalThis, { scheduler });
    try {
      let answered = false;
      const asked = client()
        .http.request({ url: '/api/x' })
        .then(() => (answered = true));
      await atYield;
      expect(answered).toBe(false);
      yielded();
      await asked;
      expect(answered).toBe(true);
    } finally {
      Reflect.deleteProperty(globalThis, 'scheduler');
    }
  });

  it('answer only the same path and query, and only a GET', async () => {
    keepPageAnswers([{ key: '/api/icons?appType=1&userId=u-1', status: 200, body: { status: 200, data: 'page' } }]);
    const { http, sent } = client();
    expect((await http.request({ url: '/api/icons', params: { userId: 'u-2', appType: 1 } })).data).toBe('net');
    expect((await http.request({ url: '/api/icons', method: 'post', data: { userId: 'u-1', appType: 1 } })).data).toBe(
      'net',
    );
    expect((await http.request({ url: '/api/icons', params: { userId: 'u-1', appType: 1 } })).data).toBe('page');
    expect(sent).toHaveLength(2);
  });

  it('are dropped by a new sign-in: they were the old session’s', async () => {
    keepPageAnswers([{ key: '/api/x', status: 200, body: { status: 200, data: 'page' } }]);
    beginSession();
    expect(takePageAnswer('/api/x', undefined)).toBeUndefined();
  });

  it('are dropped once the page’s start is over: a call made later asks the network', () => {
    const list = [
      { key: '/api/x', status: 200, body: 1 },
      { key: '/api/y', status: 200, body: 2 },
    ];
    keepPageAnswers(list, 1_000);
    expect(takePageAnswer('/api/x', undefined, 1_000 + PAGE_ANSWERS_MAX_AGE_MS)?.body).toBe(1);
    expect(takePageAnswer('/api/y', undefined, 1_001 + PAGE_ANSWERS_MAX_AGE_MS)).toBeUndefined();
  });

  it('are read from the page’s JSON script; a page without one, or with anything else in it, carries none', () => {
    const page = (text: string | null) => ({
      getElementById: (id: string) =>
        id === PAGE_ANSWERS_ID && text !== null ? ({ textContent: text } as never) : null,
    });
    const list = [
      { key: '/api/a', status: 200, body: 1 },
      { key: 'not-a-path', status: 200, body: 2 },
      { key: '/api/b' },
    ];
    expect(keepAnswersOfPage(page(JSON.stringify(list)))).toBe(1);
    expect(takePageAnswer('/api/a', {})?.body).toBe(1);
    expect(keepAnswersOfPage(page(null))).toBe(0);
    expect(keepAnswersOfPage(page('{"not":"a list"}'))).toBe(0);
    expect(keepAnswersOfPage(page('<!-- not JSON'))).toBe(0);
  });
});
