import { t } from '../i18n/translate';
import { $notices, notify } from '../notify';
import { RESIZE_THROTTLE_MS, throttle } from './scroll';

// §8/§9: a desktop browser zoomed outside 80–120 % breaks the fixed layouts of the platform pages, so the user is
// told, for 5 s. Page zoom is not pixel density: devicePixelRatio is 2 on a Retina laptop or a phone at 100 %, so it
// is read from the window instead (its outer size is in screen pixels, its inner size in CSS pixels, which zoom
// scales). Phones and tablets zoom by pinching, which changes neither, and lay pages out for their own width: they are
// never warned. Nor is a page inside a frame: its inner width is the frame's, so the ratio says how wide the frame is,
// not how far the browser zooms (a module page in a 690 px frame of a 1024 px window read as 150 %); the page that
// holds the frame owns the window and warns.

export const ZOOM_MIN_PERCENT = 80;
export const ZOOM_MAX_PERCENT = 120;
export const ZOOM_WARNING_MS = 5000;

/** The zoom levels desktop browsers offer (Chromium, Firefox and Safari alike), in percent. */
const BROWSER_ZOOM_STEPS = [25, 30, 33, 50, 67, 75, 80, 90, 100, 110, 120, 125, 133, 150, 170, 175, 200, 240, 250, 300];

/** What the zoom is read from: the window's outer and inner widths, and what kind of device the browser runs on. */
export interface ZoomView {
  outerWidth: number;
  innerWidth: number;
  userAgent: string;
  /** The primary pointer is coarse (a finger): a phone or a tablet. */
  coarsePointer: boolean;
  /** The page is inside a frame (an iframe of another page): its inner width is not the window's. */
  framed: boolean;
  /** The window's outer and inner heights: they tell a side panel from zoom (left out: not checked). */
  outerHeight?: number;
  innerHeight?: number;
}

/**
 * Most a browser's own bars take of a window's height (tabs, address and bookmarks bars, an info bar), in screen
 * pixels: an inner height within this of the outer one is a page at 100 %.
 */
const MOST_BROWSER_BARS_PX = 160;

/**
 * A browser side panel (bookmarks, reading list, an assistant) narrows the page as zooming in does, but leaves its
 * height alone: a width that reads as zoom while the height reads as 100 % is a panel (issue 56: 125 % was warned at
 * 100 %). Zoom scales both.
 */
function heightSaysUnzoomed({ outerHeight, innerHeight }: ZoomView): boolean {
  if (!(outerHeight && innerHeight)) return false;
  return innerHeight <= outerHeight && innerHeight >= outerHeight - MOST_BROWSER_BARS_PX;
}

/** The warning text in the current language when `percent` is outside 80–120, else null. */
export function zoomWarning(percent: number): string | null {
  if (!Number.isFinite(percent) || (percent >= ZOOM_MIN_PERCENT && percent <= ZOOM_MAX_PERCENT)) return null;
  return t('rules.zoom.warning', { ratio: Math.round(percent) });
}

/** A phone or tablet browser: a finger as the primary pointer, or a mobile user agent. */
export function isTouchBrowser(view: Pick<ZoomView, 'userAgent' | 'coarsePointer'>): boolean {
  return view.coarsePointer || /Mobi|Android|iPhone|iPad|iPod|HarmonyOS/i.test(view.userAgent);
}

/**
 * The page zoom of a desktop browser in percent, at the nearest level browsers offer (a window's frame and a
 * scrollbar make the raw ratio a little off); null on a phone or tablet, in a frame, or when the window has no size yet.
 */
export function pageZoomPercent(view: ZoomView): number | null {
  if (view.framed || isTouchBrowser(view) || !(view.outerWidth > 0) || !(view.innerWidth > 0)) return null;
  const ratio = (view.outerWidth / view.innerWidth) * 100;
  const step = BROWSER_ZOOM_STEPS.reduce((best, level) =>
    Math.abs(level - ratio) < Math.abs(best - ratio) ? level : best,
  );
  return step > ZOOM_MAX_PERCENT && heightSaysUnzoomed(view) ? 100 : step;
}

/** The page as a ZoomView. */
export function currentZoomView(win: Window = globalThis.window): ZoomView {
  return {
    outerWidth: win.outerWidth,
    innerWidth: win.innerWidth,
    outerHeight: win.outerHeight,
    innerHeight: win.innerHeight,
    userAgent: win.navigator.userAgent,
    coarsePointer: win.matchMedia?.('(pointer: coarse)').matches ?? false,
    // Comparing the window proxies is allowed across origins too.
    framed: win.self !== win.top,
  };
}

/**
 * Shows the zoom warning for 5 s when `percent` is outside 80–120 and the same warning is not already showing (the
 * header and a page's own kit may both watch); returns the text, or null.
 */
export function warnIfZoomed(percent: number | null): string | null {
  const text = percent === null ? null : zoomWarning(percent);
  if (!text) return null;
  if (!$notices.get().some((notice) => notice.message === text)) notify('warning', text, ZOOM_WARNING_MS);
  return text;
}

/**
 * Checks the zoom now and again after resizes (zooming fires resize), at most every 50 ms; warns only when the
 * zoom has changed, so one zoom level is reported once. Returns the function that stops watching.
 */
export function watchZoom(win: Window = globalThis.window): () => void {
  let last: number | null | undefined;
  const check = () => {
    const percent = pageZoomPercent(currentZoomView(win));
    if (percent === last) return;
    last = percent;
    warnIfZoomed(percent);
  };
  const onResize = throttle(check, RESIZE_THROTTLE_MS);
  check();
  win.addEventListener('resize', onResize);
  return () => win.removeEventListener('resize', onResize);
}
