import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UnhandledCount } from '../../../src/core/api/types';
import { createUnreadCounter, UNREAD_POLL_MS, type UnreadCounterHost } from '../../../src/core/messages';
import { eventually } from '../../support/eventually';
import { type Deferred, deferred } from './deferred';

/** Every load the counter starts, each answered by the test. */
function fakeLoads() {
  const pending: Deferred<UnhandledCount>[] = [];
  return {
    pending,
    load: () => {
      const call = deferred<UnhandledCount>();
      pending.push(call);
      return call.promise;
    },
  };
}

function fakeHost() {
  const listeners = new Map<string, () => void>();
  let visible = true;
  const host: UnreadCounterHost = {
    addEventListener: (type, listener) => listeners.set(type, listener),
    removeEventListener: (type) => listeners.delete(type),
    isVisible: () => visible,
  };
  return {
    host,
    fire: (type: string) => listeners.get(type)?.(),
    setVisible: (value: boolean) => {
      visible = value;
    },
    listeners,
  };
}

describe('unread counter (§2 bell, live counts)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('never has more than one request in flight; refreshes asked meanwhile share one more read after it', async () => {
    const loads = fakeLoads();
    const counter = createUnreadCounter({ load: loads.load });
    const first = counter.refresh();
    const second = counter.refresh();
    const third = counter.refresh();
    expect(loads.pending).toHaveLength(1);
    expect(second).toBe(third);

    loads.pending[0]!.resolve({ message: 5, todo: 1 });
    await first;
    expect(counter.$counts.get()).toEqual({ message: 5, todo: 1 });
    // The queued read starts only once the first has finished.
    await eventually(() => expect(loads.pending).toHaveLength(2));
    loads.pending[1]!.resolve({ message: 4, todo: 1 });
    await second;
    expect(counter.$counts.get()).toEqual({ message: 4, todo: 1 });
    expect(loads.pending).toHaveLength(2);
  });

  it('keeps the last counts when a read fails', async () => {
    const loads = fakeLoads();
    const counter = createUnreadCounter({ load: loads.load });
    const first = counter.refresh();
    loads.pending[0]!.resolve({ message: 3, todo: 0 });
    await first;
    const second = counter.refresh();
    loads.pending[1]!.reject(new Error('Network Error'));
    await second;
    expect(counter.$counts.get()).toEqual({ message: 3, todo: 0 });
  });

  it('reads at start, every minute while visible, on focus and when the tab becomes visible; stops cleanly', async () => {
    const loads = fakeLoads();
    const page = fakeHost();
    const counter = createUnreadCounter({ load: loads.load, host: page.host });
    const answer = async (index: number) => {
      loads.pending[index]!.resolve({ message: index, todo: 0 });
      await eventually(() => expect(counter.$counts.get()?.message).toBe(index));
    };
    const stop = counter.start();
    expect(loads.pending).toHaveLength(1);
    await answer(0);

    vi.advanceTimersByTime(UNREAD_POLL_MS);
    expect(loads.pending).toHaveLength(2);
    await answer(1);

    page.setVisible(false);
    vi.advanceTimersByTime(UNREAD_POLL_MS);
    expect(loads.pending).toHaveLength(2);
    page.setVisible(true);
    page.fire('visibilitychange');
    expect(loads.pending).toHaveLength(3);
    await answer(2);

    page.fire('focus');
    expect(loads.pending).toHaveLength(4);
    await answer(3);

    stop();
    expect(page.listeners.size).toBe(0);
    vi.advanceTimersByTime(UNREAD_POLL_MS * 3);
    expect(loads.pending).toHaveLength(4);
  });
});
