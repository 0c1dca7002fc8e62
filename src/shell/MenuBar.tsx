import { useStore } from '@nanostores/react';
import { useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import {
  $hongKong,
  $language,
  $permittedCodes,
  $translate,
  hashFor,
  isPermitted,
  type MenuRoute,
  menuRouteName,
} from '../core';
import { Menu } from '../elements/ph-header/Menu';

export interface MenuBarProps {
  menu: readonly MenuRoute[];
  base: string;
  current: string;
  /** §9: at most 672 px wide, 780 for school teachers. */
  maxWidth: number;
  /** The top bar keeps one line; the side menu lists everything. */
  oneLine: boolean;
}

/**
 * §2 menu: the permitted routes of the permission tree. On top it keeps one line (issue 56: a 300-app unit's menu was
 * 50 lines, its first icon 1781 px down): the entries that fit show, the rest wait in a "more" menu at its end.
 */
export function MenuBar(props: MenuBarProps) {
  const translate = useStore($translate);
  const language = useStore($language);
  useStore($hongKong);
  const permitted = useStore($permittedCodes);
  const routes = props.menu.filter((route) => isPermitted(route.code, permitted));
  const list = useRef<HTMLUListElement>(null);
  const fits = useFirstLine(list, props.oneLine, routes.length);
  const rest = routes.slice(fits);
  return (
    <nav className="shell-menu" aria-label={translate('shell.menu')} data-one-line={props.oneLine || undefined}>
      {/* The bar spans the page; its entries keep to the §9 width. */}
      <ul ref={list} style={{ maxWidth: props.maxWidth }}>
        {routes.map((route, index) => (
          // Past the first line: clipped from view, and out of Tab's way and the reader's (the menu has them).
          <li key={route.code} inert={index >= fits || undefined}>
            <a href={hashFor(route.path, props.base)} aria-current={route.path === props.current ? 'page' : undefined}>
              {menuRouteName(route, translate, language)}
            </a>
          </li>
        ))}
      </ul>
      {rest.length > 0 ? (
        <Menu
          name="menu-more"
          label={translate('shell.menuMore')}
          button={<span aria-hidden="true">{translate('shell.more')} ▾</span>}
          items={rest.map((route) => ({
            id: route.code,
            label: menuRouteName(route, translate, language),
            checked: route.path === props.current ? true : undefined,
            onSelect: () => window.location.assign(hashFor(route.path, props.base)),
          }))}
        />
      ) : null}
    </nav>
  );
}

/**
 * How many entries of `list` sit on its first line, measured before the browser paints, again whenever the list
 * changes size; all of them where the list is not kept to one line. Measured where the browser reports the list's size
 * (a ResizeObserver, called after its layout and before its paint, the first time as soon as it observes), not in a
 * layout effect: reading a place there lays the whole page out within React's commit, and on the teacher's desktops
 * that commit and the page's first layout made one long task (issue 70).
 */
function useFirstLine(list: React.RefObject<HTMLUListElement | null>, oneLine: boolean, count: number): number {
  const [fits, setFits] = useState(count);
  useLayoutEffect(() => {
    const element = list.current;
    if (!oneLine || !element) {
      setFits(count);
      return;
    }
    const observer = new ResizeObserver(() => {
      const items = [...element.children] as HTMLElement[];
      const top = items[0]?.offsetTop ?? 0;
      const wrapped = items.findIndex((item) => item.offsetTop > top);
      // Rendered at once, so the frame being made shows the "more" menu with the first line.
      flushSync(() => setFits(wrapped === -1 ? items.length : wrapped));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [list, oneLine, count]);
  return fits;
}
