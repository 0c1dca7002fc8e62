import { type CSSProperties, type RefObject, useLayoutEffect, useState } from 'react';

// A large desktop skips its groups off screen (shell.css): each stands in at a placeholder's height until it nears
// the window. A fixed 240 px was a fifth of a group of 33 icons at 412 px. Whatever lays a skipped group out to
// measure it (axe, Lighthouse's target-size audit) then found its icons over the next group and the footer, and a
// group Chromium painted before deciding it was near the window grew on screen. The placeholder is now the height
// the group will have, by a group of the same desktop that is laid out.

interface GroupMetrics {
  columns: number;
  rowHeight: number;
  rowGap: number;
  /** The group's height besides its rows: heading, paddings, border. */
  chrome: number;
}

/** The metrics of `group` (a wide one, laid out), or null while it is not. */
function measure(group: HTMLElement): GroupMetrics | null {
  const grid = group.querySelector<HTMLElement>('.app-grid');
  const icon = grid?.firstElementChild as HTMLElement | null | undefined;
  if (!grid || !icon || grid.offsetHeight === 0) return null;
  const style = getComputedStyle(grid);
  return {
    columns: style.gridTemplateColumns.split(' ').length,
    rowHeight: icon.getBoundingClientRect().height,
    rowGap: Number.parseFloat(style.rowGap) || 0,
    chrome: group.getBoundingClientRect().height - grid.getBoundingClientRect().height,
  };
}

/** The height of a wide group of `apps` icons, laid out as `metrics` says. */
export function groupHeight(metrics: GroupMetrics, apps: number): number {
  const rows = Math.max(1, Math.ceil(apps / metrics.columns));
  return Math.ceil(metrics.chrome + rows * metrics.rowHeight + (rows - 1) * metrics.rowGap);
}

function sameMetrics(a: GroupMetrics | null, b: GroupMetrics): boolean {
  return (
    a !== null &&
    a.columns === b.columns &&
    a.rowHeight === b.rowHeight &&
    a.rowGap === b.rowGap &&
    a.chrome === b.chrome
  );
}

/**
 * The style that gives a skipped wide group of `apps` icons its own placeholder height, from the first wide group in
 * `desktop`, measured again whenever the desktop's width changes. Only a `large` desktop skips groups: on the others
 * nothing is measured, and nothing renders again (issue 70: the measure, a forced layout and a second render of
 * every icon, was a long task on the parent's and student's desktops, whose only group is a wide one).
 */
export function useGroupPlaceholders(
  desktop: RefObject<HTMLElement | null>,
  large: boolean,
): (apps: number) => CSSProperties | undefined {
  const [metrics, setMetrics] = useState<GroupMetrics | null>(null);
  useLayoutEffect(() => {
    const element = desktop.current;
    if (!large || !element) return;
    const observer = new ResizeObserver(() => {
      const first = element.querySelector<HTMLElement>('.desktop-group[data-wide]');
      const next = first ? measure(first) : null;
      if (next) setMetrics((now) => (sameMetrics(now, next) ? now : next));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [desktop, large]);
  return (apps) => (metrics ? { containIntrinsicSize: `auto ${groupHeight(metrics, apps)}px` } : undefined);
}
