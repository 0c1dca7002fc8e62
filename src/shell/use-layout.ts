import { useEffect, useState } from 'react';
import { type LayoutKind, layoutForWidth, RESIZE_THROTTLE_MS, throttle } from '../core';

/** pc / ipad / mobile by window width (§2, §9), re-checked on resize, throttled at 50 ms. */
export function useLayoutKind(): LayoutKind {
  const [kind, setKind] = useState(() => layoutForWidth(window.innerWidth));
  useEffect(() => {
    const check = throttle(() => setKind(layoutForWidth(window.innerWidth)), RESIZE_THROTTLE_MS);
    window.addEventListener('resize', check);
    // A resize between the first render and this listener would go unseen: read the width once more now.
    setKind(layoutForWidth(window.innerWidth));
    return () => window.removeEventListener('resize', check);
  }, []);
  return kind;
}
