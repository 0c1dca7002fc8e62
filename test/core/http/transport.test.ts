import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchTransport } from '../../../src/core/http/transport';

// The default transport calls `fetch` in a task of its own where the browser offers `scheduler.yield` (issue 36: a
// dozen calls started together made one long task of the page's main thread).

const request = { method: 'GET' as const, url: 'http://platform.test/api/echo', headers: {}, timeout: 5000 };

/** A `scheduler.yield` that resumes only when told, and the order in which yields and fetches happened. */
function stubBrowser() {
  const order: string[] = [];
  const resumes: (() => void)[] = [];
  vi.stubGlobal('scheduler', {
    yield: () => {
      order.push('yield');
      return new Promise<void>((resolve) => resumes.push(resolve));
    },
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      order.push('fetch');
      return new Response('ok');
    }),
  );
  return {
    order,
    resumeAll: () => {
      for (const resume of resumes.splice(0)) resume();
    },
  };
}

/** Lets every queued microtask run (a fetch started without a yield would have started by then). */
const settleMicrotasks = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('fetchTransport', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('starts each fetch of a burst after a yield, not in the task that asked', async () => {
    const browser = stubBrowser();
    const transport = fetchTransport();
    const sends = [transport.send(request), transport.send(request), transport.send(request)];
    await settleMicrotasks();
    expect(browser.order).toEqual(['yield', 'yield', 'yield']);
    browser.resumeAll();
    const answers = await Promise.all(sends);
    expect(answers.map((answer) => answer.text)).toEqual(['ok', 'ok', 'ok']);
    expect(browser.order).toEqual(['yield', 'yield', 'yield', 'fetch', 'fetch', 'fetch']);
  });

  it('fetches at once where there is no scheduler.yield (Node, older browsers)', async () => {
    const fetched = vi.fn(async () => new Response('ok'));
    vi.stubGlobal('fetch', fetched);
    vi.stubGlobal('scheduler', undefined);
    const sending = fetchTransport().send(request);
    expect(fetched).toHaveBeenCalledTimes(1);
    expect((await sending).text).toBe('ok');
  });

  it('leaves a fetch handed in alone', async () => {
    const browser = stubBrowser();
    const own = vi.fn(async () => new Response('own'));
    expect((await fetchTransport(own).send(request)).text).toBe('own');
    expect(browser.order).toEqual([]);
  });
});
