import { useLayoutEffect, useState } from 'react';

/** The page's footer: a `<ph-footer>` element, or the footer component of `ph-widgets/react` (the shell's). */
const FOOTER_SELECTOR = 'ph-footer, [data-ph-component="ph-footer"]';

/**
 * How far above the window's bottom edge a panel fixed there must stay so as never to cover the page's footer
 * (issue 25): at least the footer's height, wherever the page is scrolled (a footer that ends the page can only be
 * at the window's bottom or below it, so scrolling never has to move the panel first: a click just after a scroll
 * would land on a panel still on its way), and more while a footer higher up the window is in view. 0 on a page
 * without a footer.
 */
export function useFooterClearance(active: boolean): number {
  const [clearance, setClearance] = useState(0);
  // Measured before the panel is first painted, so that not even its first frame lies over the footer.
  useLayoutEffect(() => {
    if (!active) return;
    const footer = document.querySelector(FOOTER_SELECTOR);
    if (!footer) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const box = footer.getBoundingClientRect();
      setClearance(Math.ceil(Math.max(box.height, window.innerHeight - box.top)));
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    // The footer wraps onto more lines, or the page grows and shrinks around it (icons arriving).
    const resized = new ResizeObserver(schedule);
    resized.observe(footer);
    resized.observe(document.documentElement);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      resized.disconnect();
    };
  }, [active]);
  return clearance;
}
