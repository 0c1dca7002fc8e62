import { useStore } from '@nanostores/react';
import { type ReactNode, useEffect, useState } from 'react';
import {
  $hongKong,
  $language,
  $session,
  $translate,
  HEADER_ICON_LIMITS,
  layoutForWidth,
  splitBilingual,
  splitHeaderActions,
  type Translate,
  unitLogoPath,
} from '../../core';
import { MoreIcon } from './icons';
import { Menu, type MenuItem } from './Menu';
import type { HeaderState } from './use-header';
import type { HeaderAction } from './use-header-actions';

// The bar (§2): the unit, the welcome, a parent's current child, and the actions as icons, as many as the width
// allows, the rest in the More menu. What the actions are is use-header-actions'; this lays them out.

/** The window's width, which decides how many icons the bar shows. */
export function useViewportWidth(): number {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const update = () => setWidth(window.innerWidth);
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return width;
}

export interface HeaderBarProps {
  /** Marks the host settled (useSettledMark). */
  barRef: (element: Element | null) => void;
  /** What the gate said of this page, for `data-access`; whether the icon row is complete, for `data-actions`. */
  header: Pick<HeaderState, 'refusal' | 'accessChecked' | 'actionsKnown'>;
  /** The unit's name in the page language. */
  unitName: string;
  actions: HeaderAction[];
  width: number;
  maxIcons: number | undefined;
  /** At the end of the icon row (the page's voice button). */
  end: ReactNode;
}

export function HeaderBar({ barRef, header, unitName, actions, width, maxIcons, end }: HeaderBarProps) {
  const translate = useStore($translate);
  const session = useStore($session);
  // People's names come as the server stores them, in Simplified: zh-HK shows them in Hong Kong forms (issue 56).
  const language = useStore($language);
  useStore($hongKong);
  const { refusal, accessChecked, actionsKnown } = header;
  const layout = layoutForWidth(width);
  const limit = Math.min(maxIcons ?? Number.POSITIVE_INFINITY, HEADER_ICON_LIMITS[layout]);
  const { shown, overflow } = splitHeaderActions(actions, limit);
  return (
    // data-access: what the gate every door passes said of this page (checking, open, refused), for page styles.
    // data-actions: `pending` until the icon row is complete; the welcome and the icons are painted from then on.
    <header
      ref={barRef}
      className="bar"
      part="bar"
      data-access={refusal ? 'refused' : accessChecked ? 'open' : 'checking'}
      data-actions={actionsKnown ? 'known' : 'pending'}
    >
      <div className="unit" part="unit">
        {session.unitId ? (
          <img className="logo" part="logo" src={unitLogoPath(session.unitId)} alt="" width="32" height="32" />
        ) : null}
        <span className="unit-name">{unitName}</span>
      </div>
      <p className="welcome" part="welcome">
        {translate('header.welcome', { name: splitBilingual(session.realName, language) })}
      </p>
      {session.currentChirden ? (
        <p className="current-child" part="current-child">
          <span className="child-label">{translate('header.currentChildLabel')}</span>
          <span className="child-name">{splitBilingual(session.currentChirden.realName, language)}</span>
        </p>
      ) : null}
      <div className="actions" part="actions">
        {shown.map((action) => (
          <ActionControl key={action.id} action={action} />
        ))}
        {overflow.length > 0 ? (
          <Menu
            label={translate('header.more')}
            name="more"
            button={<MoreIcon />}
            items={moreItems(overflow, translate)}
          />
        ) : null}
        {end}
      </div>
    </header>
  );
}

/**
 * The More menu: each action that did not fit, a menu action's items listed under its name ("切换身份：王老师", with
 * the Chinese full-width colon; "Switch role: …" in English).
 */
function moreItems(overflow: HeaderAction[], translate: Translate): MenuItem[] {
  return overflow.flatMap((action) =>
    action.items
      ? action.items.map((item) => ({
          ...item,
          id: `${action.id}-${item.id}`,
          label: translate('header.moreItem', { action: action.label, item: item.label }),
          icon: action.icon,
        }))
      : [
          {
            id: action.id,
            label: action.label,
            icon: action.icon,
            note: action.badge,
            onSelect: () => action.onSelect?.(),
          },
        ],
  );
}

function ActionControl({ action }: { action: HeaderAction }) {
  if (action.items) return <Menu label={action.label} name={action.id} button={action.icon} items={action.items} />;
  return (
    <button
      type="button"
      className="ph-icon-button action"
      part={`action-${action.id}`}
      aria-label={action.label}
      title={action.label}
      onClick={action.onSelect}
    >
      {action.icon}
      {action.badge ? (
        <span className="badge" aria-hidden="true">
          {action.badge}
        </span>
      ) : null}
    </button>
  );
}
