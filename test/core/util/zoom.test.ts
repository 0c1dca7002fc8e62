import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $language } from '../../../src/core/i18n/translate';
import { $notices } from '../../../src/core/notify';
import { currentZoomPercent, warnIfZoomed, zoomWarning } from '../../../src/core/util';

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
