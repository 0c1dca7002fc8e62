import { useStore } from '@nanostores/react';
import { type CSSProperties, type ReactNode, useState } from 'react';
import {
  $menuLock,
  $session,
  $translate,
  arrangesDesktop,
  hashFor,
  type LayoutKind,
  type MenuRoute,
  setMenuLock,
  themePrimaryColor,
} from '../core';
import { ScrollArea } from '../elements/common/ScrollArea';
import { PhFooter } from '../elements/ph-footer/react';
import { HeaderRegion } from './header/HeaderRegion';
import { MenuBar } from './MenuBar';

export interface LayoutProps {
  kind: LayoutKind;
  /** §2 content mode: the layout stripped, only the header. */
  content: boolean;
  userId: string;
  homeHref: string;
  menu: readonly MenuRoute[];
  base: string;
  current: string;
  children: ReactNode;
}

/**
 * §2 layout: top or left (the session's `currentLayout`, set by the header's theme settings); the left menu
 * collapses and locks open (the lock kept per user); pc / ipad / mobile by width as `data-layout-kind`.
 */
export function Layout(props: LayoutProps) {
  const translate = useStore($translate);
  const session = useStore($session);
  const locks = useStore($menuLock);
  const locked = locks[props.userId] === true;
  const [collapsed, setCollapsed] = useState(false);
  const side = session.currentLayout === 'left' && !props.content && props.kind !== 'mobile';
  const isCollapsed = side && collapsed && !locked;
  // §9: the menu is at most 672 px wide, 780 for school teachers (types 2 and 4 in a school unit, as arrangesDesktop).
  const teacher = arrangesDesktop(session);

  const nav = props.menu.length > 0 && !props.content && (
    <MenuBar
      menu={props.menu}
      base={props.base}
      current={props.current}
      maxWidth={teacher ? 780 : 672}
      oneLine={!side}
    />
  );

  return (
    <div
      className="shell"
      data-layout={side ? 'left' : 'top'}
      data-layout-kind={props.kind}
      data-content-mode={props.content || undefined}
      data-collapsed={isCollapsed || undefined}
      style={{ '--ph-color-primary': themePrimaryColor(session.theme) } as CSSProperties}
    >
      {/* The hash belongs to the router: skipping moves focus without changing it, so it is a button. */}
      <button type="button" className="skip-link" onClick={() => document.getElementById('shell-main')?.focus()}>
        {translate('shell.skip')}
      </button>
      <HeaderRegion
        onHome={() => window.location.assign(props.homeHref)}
        onRoute={(path) => window.location.assign(hashFor(path, props.base))}
      />
      <div className="shell-body">
        {side ? (
          <aside className="shell-side">
            <div className="shell-side-tools">
              <button
                type="button"
                aria-expanded={!isCollapsed}
                disabled={locked}
                onClick={() => setCollapsed(!collapsed)}
              >
                {translate(isCollapsed ? 'shell.menuExpand' : 'shell.menuCollapse')}
              </button>
              <label>
                <input
                  type="checkbox"
                  checked={locked}
                  onChange={(event) => setMenuLock(props.userId, event.target.checked)}
                />{' '}
                {translate('shell.menuLock')}
              </label>
            </div>
            {isCollapsed ? null : <ScrollArea className="shell-side-scroll">{nav}</ScrollArea>}
          </aside>
        ) : (
          nav
        )}
        <main id="shell-main" tabIndex={-1}>
          {props.children}
        </main>
      </div>
      {props.content ? null : <PhFooter className="shell-footer" />}
    </div>
  );
}
