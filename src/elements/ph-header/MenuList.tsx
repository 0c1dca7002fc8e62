import type { ReactNode } from 'react';

// The open menu's list and its items (WAI-ARIA menu pattern): a plain command is a `menuitem`, one of a set of
// choices a `menuitemradio`; Enter, Space or a click chooses it. Which item has focus is the menu's state's.

export interface MenuItem {
  id: string;
  label: string;
  icon?: ReactNode;
  /** One of a set of choices (`menuitemradio`), chosen or not; left out for a plain command. */
  checked?: boolean;
  /** A short note after the label (an unread count). */
  note?: string;
  onSelect: () => void;
}

export interface MenuListProps {
  id: string;
  label: string;
  items: MenuItem[];
  /** The item that is the list's one Tab stop. */
  active: number;
  listRef: React.RefObject<HTMLDivElement | null>;
  onKeyDown: (event: React.KeyboardEvent) => void;
  onBlur: (event: React.FocusEvent) => void;
  /** Closes the menu; `refocus` gives focus back to its button. */
  close: (refocus: boolean) => void;
}

export function MenuList({ id, label, items, active, listRef, onKeyDown, onBlur, close }: MenuListProps) {
  return (
    <div
      ref={listRef}
      id={id}
      className="menu-list"
      role="menu"
      aria-label={label}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
    >
      {items.map((item, index) => (
        <MenuEntry key={item.id} item={item} tabIndex={index === active ? 0 : -1} close={close} />
      ))}
    </div>
  );
}

/** One item: the menu closes (focus back on its button), then the item's command runs. */
function MenuEntry({ item, tabIndex, close }: { item: MenuItem; tabIndex: number; close: (refocus: boolean) => void }) {
  const common = {
    className: 'menu-item',
    onClick: () => {
      close(true);
      item.onSelect();
    },
    onKeyDown: (event: React.KeyboardEvent) => {
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        close(true);
        item.onSelect();
      }
    },
  };
  const inside = (
    <>
      {item.icon}
      <span>{item.label}</span>
      {item.note ? <span className="badge">{item.note}</span> : null}
      {item.checked ? (
        <span className="check" aria-hidden="true">
          ✓
        </span>
      ) : null}
    </>
  );
  return item.checked !== undefined ? (
    <div role="menuitemradio" aria-checked={item.checked} tabIndex={tabIndex} {...common}>
      {inside}
    </div>
  ) : (
    <div role="menuitem" tabIndex={tabIndex} {...common}>
      {inside}
    </div>
  );
}
