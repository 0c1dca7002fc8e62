import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $language } from '../../../src/core/i18n/translate';
import { $notices } from '../../../src/core/notify';
import { currentZoomPercent, warnIfZoomed, watchZoom, zoomWarning } from '../../../src/core/util';

beforeEach(() => {
  vi.useFakeTimers();
  $notices.set([]);
});
afterEach(() => {
  vi.useRealTimers();
  $language.set('zh-CN');
});

describe('zoomWarning (§8/§9 80–120 %)', () => {
  it('is silent from 80 to 120 inclusive', () => {
    fc.assert(fc.property(fc.double({ min: 80, max: 120, noNaN: true }), (percent) => zoomWarning(percent) === null));
  });

  it('warns outside 80–120, in the current language', () => {
    expect(zoomWarning(125)).toBe('您的浏览器当前缩放比例为125%，页面可能显示错位，建议恢复为100%（Ctrl+0）');
    $language.set('en');
    expect(zoomWarning(67)).toMatch(/^Your browser is zoomed to 67%/);
    fc.assert(
      fc.property(
        fc.oneof(fc.double({ min: 0, max: 79.99, noNaN: true }), fc.double({ min: 120.01, max: 500, noNaN: true })),
        (percent) => zoomWarning(percent) !== null,
      ),
    );
  });

  it('ignores a zoom it cannot read', () => {
    expect(zoomWarning(Number.NaN)).toBeNull();
  });

  it('reads the zoom from devicePixelRatio', () => {
    expect(currentZoomPercent({ devicePixelRatio: 1.25 })).toBe(125);
  });
});

describe('warnIfZoomed', () => {
  it('shows the warning for 5 s', () => {
    const text = warnIfZoomed(150);
    expect($notices.get()).toMatchObject([{ kind: 'warning', message: text, duration: 5000 }]);
    vi.advanceTimersByTime(4999);
    expect($notices.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($notices.get()).toHaveLength(0);
  });

  it('shows nothing at 100 %', () => {
    expect(warnIfZoomed(100)).toBeNull();
    expect($notices.get()).toEqual([]);
  });
});

describe('watchZoom', () => {
  function fakeWindow(devicePixelRatio: number) {
    const target = new EventTarget();
    return Object.assign(target, { devicePixelRatio }) as EventTarget & { devicePixelRatio: number };
  }
  const messages = () => $notices.get().map((notice) => notice.message);

  it('checks at once and again after resizes, warning once per zoom level', () => {
    const win = fakeWindow(1.5);
    const stop = watchZoom(win as unknown as Window);
    expect(messages()).toHaveLength(1);
    vi.advanceTimersByTime(100);
    win.dispatchEvent(new Event('resize'));
    expect(messages()).toHaveLength(1); // same level: no repeat
    win.devicePixelRatio = 1;
    vi.advanceTimersByTime(100);
    win.dispatchEvent(new Event('resize'));
    win.devicePixelRatio = 0.5;
    vi.advanceTimersByTime(100);
    win.dispatchEvent(new Event('resize'));
    expect(messages()).toHaveLength(2);
    expect(messages()[1]).toContain('50%');
    stop();
    win.devicePixelRatio = 2;
    vi.advanceTimersByTime(100);
    win.dispatchEvent(new Event('resize'));
    expect(messages()).toHaveLength(2);
  });

  it('runs the first resize of a burst at once and the rest once, 50 ms later', () => {
    const win = fakeWindow(1);
    watchZoom(win as unknown as Window);
    win.dispatchEvent(new Event('resize'));
    win.devicePixelRatio = 2;
    win.dispatchEvent(new Event('resize'));
    win.dispatchEvent(new Event('resize'));
    expect(messages()).toHaveLength(0);
    vi.advanceTimersByTime(50);
    expect(messages()).toEqual([expect.stringContaining('200%')]);
  });
});
