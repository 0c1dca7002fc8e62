import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PAGE_SIZE, isScrolledToEnd, RESIZE_THROTTLE_MS, throttle } from '../../../src/core/util';

afterEach(() => vi.useRealTimers());

describe('isScrolledToEnd (§9 scroll-load threshold 10 px)', () => {
  it('is true within 10 px of the bottom and false beyond', () => {
    expect(isScrolledToEnd({ scrollTop: 590, clientHeight: 400, scrollHeight: 1000 })).toBe(true);
    expect(isScrolledToEnd({ scrollTop: 589, clientHeight: 400, scrollHeight: 1000 })).toBe(false);
    expect(isScrolledToEnd({ scrollTop: 600, clientHeight: 400, scrollHeight: 1000 })).toBe(true);
  });

  it('agrees with the distance left for any box', () => {
    fc.assert(
      fc.property(fc.nat(5000), fc.nat(2000), fc.nat(10000), (scrollTop, clientHeight, scrollHeight) => {
        const left = scrollHeight - scrollTop - clientHeight;
        return isScrolledToEnd({ scrollTop, clientHeight, scrollHeight }) === left <= 10;
      }),
    );
  });

  it('pages by 30 by default', () => {
    expect(DEFAULT_PAGE_SIZE).toBe(30);
  });
});

describe('throttle (§9 resize re-check 50 ms)', () => {
  it('runs the first call at once, then the last call of a burst when 50 ms have passed', () => {
    vi.useFakeTimers();
    const seen: number[] = [];
    const check = throttle((width: number) => seen.push(width));
    check(1);
    check(2);
    check(3);
    expect(seen).toEqual([1]);
    vi.advanceTimersByTime(RESIZE_THROTTLE_MS - 1);
    expect(seen).toEqual([1]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual([1, 3]);
    vi.advanceTimersByTime(RESIZE_THROTTLE_MS);
    check(4);
    expect(seen).toEqual([1, 3, 4]);
    expect(RESIZE_THROTTLE_MS).toBe(50);
  });
});
