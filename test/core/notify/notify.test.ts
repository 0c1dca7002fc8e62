import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $notices, dismiss, NOTICE_DURATION, notify } from '../../../src/core/notify';

// §9 notifications: each closes by itself after its duration (2000 ms unless given), 0 keeps it until dismissed.
// On fake timers: a toast element test that waited the real 2 s failed under load.

const shown = () => $notices.get().map((notice) => notice.message);

describe('notify (§9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    $notices.set([]);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('closes a notice by itself after the default 2000 ms, not before', () => {
    const notice = notify('info', 'short-lived');
    expect(notice.duration).toBe(NOTICE_DURATION);
    expect(NOTICE_DURATION).toBe(2000);
    vi.advanceTimersByTime(1999);
    expect(shown()).toEqual(['short-lived']);
    vi.advanceTimersByTime(1);
    expect(shown()).toEqual([]);
  });

  it('keeps each notice for its own duration, and one of 0 until it is dismissed', () => {
    notify('success', 'quick', 500);
    const kept = notify('error', 'kept', 0);
    notify('warning', 'default');
    vi.advanceTimersByTime(500);
    expect(shown()).toEqual(['kept', 'default']);
    vi.advanceTimersByTime(60_000);
    expect(shown()).toEqual(['kept']);
    dismiss(kept.id);
    expect(shown()).toEqual([]);
  });

  it('dismissing one already gone changes nothing', () => {
    const notice = notify('info', 'once', 100);
    dismiss(notice.id);
    const before = $notices.get();
    vi.advanceTimersByTime(100);
    expect($notices.get()).toBe(before);
  });
});
