import { describe, expect, it } from 'vitest';
import { memoryLocation } from '../../../src/core/config';
import { HttpError, TIMESTAMP_PARAM } from '../../../src/core/http';
import type { RequestSummary } from '../../../src/core/http/errors';
import { createExchange } from '../../../src/core/http/exchange';
import { type Transport, TransportError, type TransportRequest } from '../../../src/core/http/transport';

// One exchange on the wire, with a transport that records what it was handed.

function recording(answer: () => Promise<{ status: number; text: string }>) {
  const sent: TransportRequest[] = [];
  const transport: Transport = {
    async send(request) {
      sent.push(request);
      const { status, text } = await answer();
      return { status, statusText: '', headers: { get: () => null }, text };
    },
  };
  const location = memoryLocation('https://school.example/');
  const exchange = createExchange({ timeout: 5000 }, { transport, location: () => location, accessToken: () => 'tok' });
  return { sent, exchange };
}

describe('createExchange', () => {
  it('builds the URL on the page site, stamps a GET, and parses the JSON body', async () => {
    const { sent, exchange } = recording(async () => ({ status: 200, text: '{"status":200}' }));
    const summary: RequestSummary = { method: 'get', url: '/api/x' };
    const response = await exchange({ method: 'get', options: { url: '/api/x', params: { a: 1 } } }, summary);
    expect(response.body).toEqual({ status: 200 });
    expect(sent[0]?.method).toBe('GET');
    expect(sent[0]?.timeout).toBe(5000);
    const url = new URL(sent[0]?.url ?? '');
    expect(url.origin + url.pathname).toBe('https://school.example/api/x');
    expect(url.searchParams.get('a')).toBe('1');
    expect(url.searchParams.has(TIMESTAMP_PARAM)).toBe(true);
    expect(summary.url).toBe(sent[0]?.url);
  });

  it('leaves a cached GET unstamped, sends an upload as POST, and keeps a body that is not JSON as text', async () => {
    const { sent, exchange } = recording(async () => ({ status: 200, text: 'plain' }));
    await exchange({ method: 'get', options: { url: '/a', cached: true } }, { method: 'get', url: '/a' });
    const response = await exchange(
      { method: 'upload', options: { url: '/b', data: {} } },
      { method: 'upload', url: '/b' },
    );
    expect(new URL(sent[0]?.url ?? '').searchParams.has(TIMESTAMP_PARAM)).toBe(false);
    expect(sent[1]?.method).toBe('POST');
    expect(response.body).toBe('plain');
  });

  it("turns a transport's failure into the client's HttpError, naming the full URL", async () => {
    const { exchange } = recording(() => Promise.reject(new TransportError('timeout', 5000)));
    const summary: RequestSummary = { method: 'post', url: '/api/y' };
    const failure = await exchange({ method: 'post', options: { url: '/api/y' } }, summary).catch((error) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect(failure).toMatchObject({ kind: 'timeout', message: 'timeout of 5000ms exceeded' });
    expect(summary.url).toBe('https://school.example/api/y');
  });
});
