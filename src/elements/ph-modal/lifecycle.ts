import { useEffect } from 'react';
import { useLatest } from '../common/use-latest';

/** closed → opening (mounted, fading in) → open → closing (fading out) → closed. */
export type Phase = 'closed' | 'opening' | 'open' | 'closing';

/** §9: resize re-checks are throttled to one per 50 ms. */
const RESIZE_THROTTLE_MS = 50;

/** The focused element, looking through open shadow roots (an opener inside another widget). */
export function deepActiveElement(): HTMLElement | null {
  let active: Element | null = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}

/**
 * Settles when the mask's fade-out has ended: its CSS transition (`--ph-modal-fade`, 200 ms unless the page sets it)
 * has finished or was cancelled, at once when there is none (`0s`, or the user prefers reduced motion). The dialog
 * leaves the DOM then, not after a fixed 200 ms that cut a longer fade short and kept a reduced-motion user waiting.
 * Asking for the animations brings the style up to date, so the fade just asked for is among them.
 */
export async function fadedOut(mask: Element | null): Promise<void> {
  await Promise.allSettled((mask?.getAnimations() ?? []).map((animation) => animation.finished));
}

export function useResizeThrottled(onResize: () => void): void {
  const latest = useLatest(onResize);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const listener = () => {
      if (timer !== undefined) return;
      timer = setTimeout(() => {
        timer = undefined;
        latest.current();
      }, RESIZE_THROTTLE_MS);
    };
    window.addEventListener('resize', listener);
    return () => {
      window.removeEventListener('resize', listener);
      clearTimeout(timer);
    };
  }, [latest]);
}
