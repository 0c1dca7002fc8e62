// §9 scroll loading, page size and the resize re-check.

export const DEFAULT_PAGE_SIZE = 30;
export const SCROLL_END_THRESHOLD_PX = 10;
export const RESIZE_THROTTLE_MS = 50;

export interface ScrollBox {
  scrollTop: number;
  clientHeight: number;
  scrollHeight: number;
}

/** True when the box is scrolled to within the threshold of its bottom: time to load the next page. */
export function isScrolledToEnd(box: ScrollBox, threshold = SCROLL_END_THRESHOLD_PX): boolean {
  return box.scrollHeight - box.scrollTop - box.clientHeight <= threshold;
}

/**
 * Runs `callback` at most once per `ms`: the first call at once, the last call of a burst when the period ends
 * (so the final size after a resize is always seen).
 */
export function throttle<A extends unknown[]>(callback: (...args: A) => void, ms = RESIZE_THROTTLE_MS) {
  let last = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: A | undefined;
  return (...args: A): void => {
    const wait = last + ms - Date.now();
    if (wait <= 0) {
      last = Date.now();
      callback(...args);
      return;
    }
    pending = args;
    if (timer !== undefined) return;
    timer = setTimeout(() => {
      timer = undefined;
      last = Date.now();
      const latest = pending as A;
      pending = undefined;
      callback(...latest);
    }, wait);
  };
}
