import { t } from '../i18n/translate';
import { notify } from '../notify';
import { RESIZE_THROTTLE_MS, throttle } from './scroll';

// §8/§9: a browser zoomed outside 80–120 % breaks the fixed layouts of the platform pages, so the user is told.

export const ZOOM_MIN_PERCENT = 80;
export const ZOOM_MAX_PERCENT = 120;
export const ZOOM_WARNING_MS = 5000;

/** The warning text in the current language when `percent` is outside 80–120, else null. */
export function zoomWarning(percent: number): string | null {
  if (!Number.isFinite(percent) || (percent >= ZOOM_MIN_PERCENT && percent <= ZOOM_MAX_PERCENT)) return null;
  return t('rules.zoom.warning', { ratio: Math.round(percent) });
}

/** The page zoom in percent as the browser reports it (devicePixelRatio, 1 on a standard screen at 100 %). */
export function currentZoomPercent(win: Pick<Window, 'devicePixelRatio'> = globalThis.window): number {
  return Math.round(win.devicePixelRatio * 100);
}

/** Shows the zoom warning for 5 s when needed; returns the text shown, or null. */
export function warnIfZoomed(percent: number): string | null {
  const text = zoomWarning(percent);
  if (text) notify('warning', text, ZOOM_WARNING_MS);
  return text;
}

type ZoomWindow = Pick<Window, 'devicePixelRatio' | 'addEventListener' | 'removeEventListener'>;

/**
 * Checks the zoom now and again after resizes (zooming fires resize), at most every 50 ms; warns only when the
 * zoom has changed, so one zoom level is reported once. Returns the function that stops watching.
 */
export function watchZoom(win: ZoomWindow = globalThis.window): () => void {
  let last: number | undefined;
  const check = () => {
    const percent = currentZoomPercent(win);
    if (percent === last) return;
    last = percent;
    warnIfZoomed(percent);
  };
  const onResize = throttle(check, RESIZE_THROTTLE_MS);
  check();
  win.addEventListener('resize', onResize);
  return () => win.removeEventListener('resize', onResize);
}
