import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $language } from '../../../src/core/i18n/translate';
import { $notices } from '../../../src/core/notify';
import { pageZoomPercent, warnIfZoomed, watchZoom, zoomWarning } from '../../../src/core/util';

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
});

const DESKTOP_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const MAC_UA =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const IPHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const desktop = (outerWidth: number, innerWidth: number, userAgent = DESKTOP_UA) => ({
  outerWidth,
  innerWidth,
  userAgent,
  coarsePointer: false,
  framed: false,
});

describe('pageZoomPercent: page zoom, not pixel density', () => {
  it.each([
    ['a 1366 px window at 100 % (a 16 px frame)', desktop(1366, 1350), 100],
    ['a maximised window at 100 %', desktop(1920, 1920), 100],
    ['150 %', desktop(1366, 900), 150],
    ['125 %', desktop(1366, 1080), 125],
    ['110 %', desktop(1366, 1227), 110],
    ['67 %', desktop(1366, 2015), 67],
    ['200 % on a Mac', desktop(1440, 720, MAC_UA), 200],
  ])('%s → %i', (_name, view, percent) => {
    expect(pageZoomPercent(view)).toBe(percent);
  });

  it('is not read on a phone or a tablet: a mobile user agent, or a finger as the primary pointer', () => {
    expect(pageZoomPercent(desktop(412, 980, PHONE_UA))).toBeNull();
    expect(pageZoomPercent(desktop(390, 390, IPHONE_UA))).toBeNull();
    expect(pageZoomPercent({ ...desktop(1366, 900), coarsePointer: true })).toBeNull();
  });

  it('is not read inside a frame, whose inner width is the frame’s (a 690 px frame in a 1024 px window is no zoom)', () => {
    expect(pageZoomPercent(desktop(1024, 690))).toBe(150);
    expect(pageZoomPercent({ ...desktop(1024, 690), framed: true })).toBeNull();
  });

  it('reads a side panel as no zoom: it narrows the page but leaves its height, which zoom scales too (issue 56)', () => {
    // 1366 × 860 outer; a 340 px side panel; the tab strip and toolbar 85 px.
    const panel = { ...desktop(1366, 1010), outerHeight: 860, innerHeight: 775 };
    expect(pageZoomPercent(panel)).toBe(100);
    // The same window at 125 % with the panel open: the height shrinks with the zoom, and the warning stands.
    expect(pageZoomPercent({ ...desktop(1366, 808), outerHeight: 860, innerHeight: 620 })).toBe(170);
    // At 125 % without a panel.
    expect(pageZoomPercent({ ...desktop(1366, 1080), outerHeight: 860, innerHeight: 620 })).toBe(125);
    // Zoomed out, the height grows past the window's: read from the width as before.
    expect(pageZoomPercent({ ...desktop(1366, 2015), outerHeight: 860, innerHeight: 1160 })).toBe(67);
  });

  it('never warns a window at 100 % whatever side panel and bars it has', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 800, max: 3840 }),
        fc.integer({ min: 0, max: 600 }),
        fc.integer({ min: 400, max: 2160 }),
        fc.integer({ min: 40, max: 160 }),
        (inner, panel, innerHeight, bars) => {
          const view = { ...desktop(inner + panel, inner), outerHeight: innerHeight + bars, innerHeight };
          return zoomWarning(pageZoomPercent(view) ?? 100) === null;
        },
      ),
    );
  });

  it('is null before the window has a size', () => {
    expect(pageZoomPercent(desktop(0, 0))).toBeNull();
    expect(pageZoomPercent(desktop(1366, 0))).toBeNull();
  });

  it('always answers one of the levels browsers offer, within 80–120 for a window at 100 % with any frame', () => {
    fc.assert(
      fc.property(fc.integer({ min: 320, max: 3840 }), fc.integer({ min: 0, max: 40 }), (inner, frame) => {
        const percent = pageZoomPercent(desktop(inner + frame, inner));
        return percent !== null && zoomWarning(percent) === null;
      }),
    );
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

  it('shows nothing at 100 %, or when the zoom is not known (a phone)', () => {
    expect(warnIfZoomed(100)).toBeNull();
    expect(warnIfZoomed(null)).toBeNull();
    expect($notices.get()).toEqual([]);
  });

  it('does not stack the same warning twice (the header and the page kit both watch)', () => {
    warnIfZoomed(150);
    warnIfZoomed(150);
    expect($notices.get()).toHaveLength(1);
    vi.advanceTimersByTime(5000);
    expect($notices.get()).toHaveLength(0);
  });
});

describe('watchZoom', () => {
  /** A desktop window of 1366 px at `zoom` percent, on a screen of `devicePixelRatio` (which must not matter). */
  function fakeWindow(zoom: number, devicePixelRatio = 1, userAgent = DESKTOP_UA) {
    const target = new EventTarget();
    const win = Object.assign(target, {
      devicePixelRatio,
      outerWidth: 1366,
      innerWidth: 1366,
      navigator: { userAgent },
      matchMedia: () => ({ matches: false }),
      zoom(percent: number) {
        win.innerWidth = Math.round((1366 * 100) / percent);
      },
    });
    win.zoom(zoom);
    return win;
  }
  const watch = (win: ReturnType<typeof fakeWindow>) => watchZoom(win as unknown as Window);
  const messages = () => $notices.get().map((notice) => notice.message);

  it('a HiDPI screen at 100 % (a Retina laptop, devicePixelRatio 2) is not warned', () => {
    watch(fakeWindow(100, 2));
    expect(messages()).toEqual([]);
  });

  it('a page in a frame is never warned: the page that holds the frame owns the window', () => {
    const frame = fakeWindow(100);
    frame.innerWidth = 690;
    watch(Object.assign(frame, { self: frame, top: {} }));
    expect(messages()).toEqual([]);
    const alone = fakeWindow(100);
    alone.innerWidth = 690;
    watch(Object.assign(alone, { self: alone, top: alone }));
    expect(messages()).toEqual([expect.stringContaining('200%')]);
  });

  it('a phone is never warned, whatever its widths say', () => {
    const phone = fakeWindow(100, 3, PHONE_UA);
    phone.innerWidth = 980;
    watch(phone);
    expect(messages()).toEqual([]);
  });

  it('checks at once and again after resizes, warning once per zoom level, for 5 s each', () => {
    const win = fakeWindow(150, 2);
    const stop = watch(win);
    expect(messages()).toEqual([expect.stringContaining('150%')]);
    vi.advanceTimersByTime(100);
    win.dispatchEvent(new Event('resize'));
    expect(messages()).toHaveLength(1); // same level: no repeat
    win.zoom(100);
    vi.advanceTimersByTime(100);
    win.dispatchEvent(new Event('resize'));
    win.zoom(50);
    vi.advanceTimersByTime(100);
    win.dispatchEvent(new Event('resize'));
    expect(messages()).toHaveLength(2);
    expect(messages()[1]).toContain('50%');
    vi.advanceTimersByTime(5000);
    expect(messages()).toEqual([]);
    stop();
    win.zoom(200);
    vi.advanceTimersByTime(100);
    win.dispatchEvent(new Event('resize'));
    expect(messages()).toEqual([]);
  });

  it('runs the first resize of a burst at once and the rest once, 50 ms later', () => {
    const win = fakeWindow(100);
    watch(win);
    win.dispatchEvent(new Event('resize'));
    win.zoom(200);
    win.dispatchEvent(new Event('resize'));
    win.dispatchEvent(new Event('resize'));
    expect(messages()).toHaveLength(0);
    vi.advanceTimersByTime(50);
    expect(messages()).toEqual([expect.stringContaining('200%')]);
  });
});
