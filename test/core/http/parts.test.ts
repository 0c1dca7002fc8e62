import { describe, expect, it } from 'vitest';
import {
  createHttpClient,
  createSessionRecovery,
  HttpError,
  noticeFor,
  sentSignature,
  signatureMatches,
  type Transport,
  TransportError,
  type TransportRequest,
  type UploadProgress,
} from '../../../src/core/http';
import { createClientTransport } from '../../../src/core/upload';

// The parts of the request flow on their own (issue 8 §5): a transport handed in, the shared recovery, the
// signature check and the notification rules. The whole flow over real HTTP is in request.test.ts and
// refresh.test.ts.

/** A transport that answers from a list and records what it was asked. */
function scriptedTransport(answers: { status: number; body?: unknown; progress?: UploadProgress[] }[]) {
  const seen: TransportRequest[] = [];
  const transport: Transport = {
    async send(request) {
      seen.push(request);
      const answer = answers.shift();
      if (!answer) throw new TransportError('network');
      for (const step of answer.progress ?? []) request.onUploadProgress?.(step);
      const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
      return { status: answer.status, statusText: '', headers: new Headers(), text };
    },
  };
  return { transport, seen };
}

const ok = (data: unknown) => ({ status: 200, code: 'ok', message: '', data });

describe('a transport handed in', () => {
  it('gets the wire request of §7 and its answer goes through the same rules', async () => {
    const { transport, seen } = scriptedTransport([{ status: 200, body: ok('hi') }]);
    const http = createHttpClient({ transport, apiBase: 'http://api.test', device: 'h5', appPath: '/pages/base' });
    await expect(http.request({ url: '/api/echo', method: 'post', data: { a: { b: 1 } } })).resolves.toMatchObject({
      data: 'hi',
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: 'http://api.test/api/echo',
      headers: { 'X-PH-Device': 'h5', 'X-PH-App-Path': '/pages/base' },
      body: 'a.b=1',
      timeout: 1_200_000,
    });
  });

  it('carries upload progress from the transport to the caller (XHR-style events)', async () => {
    const progress = [
      { loaded: 5, total: 10, lengthComputable: true },
      { loaded: 10, total: 10, lengthComputable: true },
    ];
    const { transport, seen } = scriptedTransport([{ status: 200, body: ok(null), progress }]);
    const events: UploadProgress[] = [];
    const file = new File([new Uint8Array(10)], 'a.bin');
    await createHttpClient({ transport }).request({
      url: '/zuul/api/storage/upload',
      method: 'upload',
      data: { file },
      onUploadProgress: (event) => events.push(event),
    });
    expect(seen[0]?.method).toBe('POST');
    expect(seen[0]?.body).toBeInstanceOf(FormData);
    expect(events).toEqual(progress);
  });

  it("is what the uploader's client transport goes through, progress included", async () => {
    const progress = [{ loaded: 4, total: 8, lengthComputable: true }];
    const { transport, seen } = scriptedTransport([{ status: 200, body: ok({ md5: 'm' }), progress }]);
    const sent: number[] = [];
    const answer = await createClientTransport(createHttpClient({ transport, apiBase: 'http://api.test' })).send({
      path: '/zuul/api/storage/file_piecewise/upload',
      fields: { md5: 'm', file: new File([new Uint8Array(8)], 'a.bin') },
      multipart: true,
      onProgress: (bytes) => sent.push(bytes),
    });
    expect(answer).toEqual({ status: 200, body: ok({ md5: 'm' }) });
    expect(seen[0]?.url).toBe('http://api.test/zuul/api/storage/file_piecewise/upload');
    expect(sent).toEqual([4, 8]);
  });

  it('its failures become the §8 errors, shown unless quiet', async () => {
    const shown: string[] = [];
    const transport: Transport = {
      send: async (request) => Promise.reject(new TransportError('timeout', request.timeout)),
    };
    const http = createHttpClient({ transport, timeout: 25, notify: (_kind, message) => shown.push(message) });
    const error = (await http.request({ url: '/api/x' }).catch((e: unknown) => e)) as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ kind: 'timeout', message: 'timeout of 25ms exceeded' });
    await http.request({ url: '/api/x', silent: true }).catch(() => {});
    expect(shown).toEqual(['timeout of 25ms exceeded']);
  });
});

describe('createSessionRecovery', () => {
  it('runs one recovery for many callers and moves the generation only when it worked', async () => {
    let refreshes = 0;
    let release: (value: boolean) => void = () => {};
    const recovery = createSessionRecovery({
      refresh: () => {
        refreshes++;
        return new Promise<boolean>((resolve) => {
          release = resolve;
        });
      },
      relogin: async () => false,
    });
    const stamp = recovery.stamp();
    const all = Promise.all([recovery.recover(true), recovery.recover(true), recovery.recover(false)]);
    release(true);
    expect(await all).toEqual([true, true, true]);
    expect(refreshes).toBe(1);
    expect(recovery.renewedSince(stamp)).toBe(true);

    const later = recovery.stamp();
    const failed = recovery.recover(true);
    release(false);
    expect(await failed).toBe(false);
    expect(refreshes).toBe(2);
    expect(recovery.renewedSince(later)).toBe(false);
  });

  it('re-logs in when the refresh fails, and skips the refresh when asked', async () => {
    const steps: string[] = [];
    const recovery = createSessionRecovery({
      refresh: async () => {
        steps.push('refresh');
        return false;
      },
      relogin: async () => {
        steps.push('relogin');
        return true;
      },
    });
    expect(await recovery.recover(true)).toBe(true);
    expect(await recovery.recover(false)).toBe(true);
    expect(steps).toEqual(['refresh', 'relogin', 'relogin']);
  });
});

describe('signature check and notification rules', () => {
  it('reads the sent signature and compares the header part before $', () => {
    expect(sentSignature({ signature: 'abc' })).toBe('abc');
    expect(sentSignature({ signature: '' })).toBeUndefined();
    expect(sentSignature(undefined)).toBeUndefined();
    expect(signatureMatches('abc', 'abc$proof')).toBe(true);
    expect(signatureMatches('abc', 'abd$proof')).toBe(false);
    expect(signatureMatches('abc', 'abc')).toBe(false);
    expect(signatureMatches('abc', null)).toBe(false);
  });

  it('shows failures except aborts, lost sessions and quiet requests', () => {
    const request = { method: 'get', url: '/api/x' };
    const error = (kind: HttpError['kind']) => new HttpError({ kind, message: kind, request });
    expect(noticeFor(error('network'), {})).toBeInstanceOf(HttpError);
    expect(noticeFor(error('abort'), {})).toBeUndefined();
    expect(noticeFor(error('auth'), {})).toBeUndefined();
    expect(noticeFor(error('http'), { noIntercept: true })).toBeUndefined();
    expect(noticeFor(error('http'), { params: { noIntercept: true } })).toBeUndefined();
    expect(noticeFor(error('http'), { data: { noIntercept: true } })).toBeUndefined();
    expect(noticeFor(new Error('other'), {})).toBeUndefined();
  });
});
