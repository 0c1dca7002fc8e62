import { type RefObject, useLayoutEffect } from 'react';

// The room a page keeps at its end for the reminder panel (issue 56): the panel floats at the window's bottom right,
// and whatever lies under it can be scrolled clear, by a user or by focus (scroll-padding), because the page ends
// this much further down. The room only grows: given back when the panel closes, a page scrolled to its end would
// jump. The shell's body ends with it (shell.css); a module page may pad its own end with the same property.

export const REMINDER_SPACE_PROPERTY = '--ph-reminders-space';
/** The panel's distance from the window's edge, and as much again above it. */
const GAP = 16;

export function useReminderSpace(box: RefObject<HTMLElement | null>, open: boolean): void {
  useLayoutEffect(() => {
    const element = box.current;
    if (!open || !element) return;
    const keep = () => {
      const root = document.documentElement;
      const needed = Math.ceil(element.getBoundingClientRect().height) + 2 * GAP;
      if (needed <= (Number.parseFloat(root.style.getPropertyValue(REMINDER_SPACE_PROPERTY)) || 0)) return;
      root.style.setProperty(REMINDER_SPACE_PROPERTY, `${needed}px`);
      root.style.scrollPaddingBottom = `${needed}px`;
    };
    keep();
    const observer = new ResizeObserver(keep);
    observer.observe(element);
    return () => observer.disconnect();
  }, [box, open]);
}
