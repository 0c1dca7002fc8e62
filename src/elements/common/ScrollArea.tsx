import type { ReactNode } from 'react';

export interface ScrollAreaProps {
  className?: string;
  /** The longest it grows before it scrolls (any CSS length); without it, the height its container gives it. */
  maxBlockSize?: string;
  /**
   * A name for an area whose content has nothing focusable: it becomes a named region that takes the focus, so that a
   * keyboard can scroll it (WCAG 2.1.1). Areas of links or buttons need none: their items take the focus.
   */
  label?: string;
  children?: ReactNode;
}

/** §2 "Other widgets": a scroll area for a list that can be long, scrolling by itself instead of the page. */
export function ScrollArea({ className, maxBlockSize, label, children }: ScrollAreaProps) {
  return (
    <div
      className={className ? `ph-scroll-area ${className}` : 'ph-scroll-area'}
      style={maxBlockSize ? { maxBlockSize } : undefined}
      {...(label ? { role: 'region', 'aria-label': label, tabIndex: 0 } : {})}
    >
      {children}
    </div>
  );
}
