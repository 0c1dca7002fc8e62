import type { ReactNode } from 'react';
import { type MenuItem, MenuList } from './MenuList';
import { useMenuState } from './use-menu-state';

// A menu button (WAI-ARIA menu pattern): Enter, Space or ArrowDown opens it on the first item, arrows move, Home/End
// jump, Escape closes and gives focus back to the button, Tab leaves it closed. The keys and the state are
// use-menu-state.ts', the open list MenuList's; this is the button and the box around both.

export type { MenuItem } from './MenuList';

export interface MenuProps {
  label: string;
  /** What the button shows; the label names it. */
  button: ReactNode;
  items: MenuItem[];
  /** Names the button's part: `action-{name}`. */
  name: string;
}

export function Menu({ label, button, items, name }: MenuProps) {
  const menu = useMenuState(items.length);
  const { open, close, openAt, leave } = menu;
  return (
    <div className="menu" ref={menu.wrapperRef}>
      <button
        ref={menu.buttonRef}
        type="button"
        className="ph-icon-button action"
        part={`action-${name}`}
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menu.menuId : undefined}
        onBlur={leave}
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={menu.onButtonKey}
      >
        {button}
      </button>
      {open ? (
        <MenuList
          id={menu.menuId}
          label={label}
          items={items}
          active={menu.active}
          listRef={menu.listRef}
          onKeyDown={menu.onListKey}
          onBlur={leave}
          close={close}
        />
      ) : null}
    </div>
  );
}
