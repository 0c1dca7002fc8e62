import { type ReactNode, useEffect, useId, useRef, useState } from 'react';

// A menu button (WAI-ARIA menu pattern): Enter, Space or ArrowDown opens it on the first item, arrows move, Home/End
// jump, Escape closes and gives focus back to the button, Tab leaves it closed.

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

export interface MenuProps {
  label: string;
  /** What the button shows; the label names it. */
  button: ReactNode;
  items: MenuItem[];
  /** Names the button's part: `action-{name}`. */
  name: string;
}

export function Menu({ label, button, items, name }: MenuProps) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (open) listRef.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]')[active]?.focus();
  }, [open, active]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };
  const openAt = (index: number) => {
    setActive((index + items.length) % items.length);
    setOpen(true);
  };

  /** Focus left the button and its menu: the menu closes. */
  const leave = (event: React.FocusEvent) => {
    if (!wrapperRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
  };

  const onListKey = (event: React.KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowDown: active + 1,
      ArrowUp: active - 1,
      Home: 0,
      End: items.length - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      setActive(((moves[event.key] ?? 0) + items.length) % items.length);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === 'Tab') close(false);
  };

  return (
    <div className="menu" ref={wrapperRef}>
      <button
        ref={buttonRef}
        type="button"
        className="ph-icon-button action"
        part={`action-${name}`}
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onBlur={leave}
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            openAt(event.key === 'ArrowDown' ? 0 : -1);
          }
        }}
      >
        {button}
      </button>
      {open ? (
        <div
          ref={listRef}
          id={menuId}
          className="menu-list"
          role="menu"
          aria-label={label}
          onKeyDown={onListKey}
          onBlur={leave}
        >
          {items.map((item, index) => {
            const tabIndex = index === active ? 0 : -1;
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
              <div key={item.id} role="menuitemradio" aria-checked={item.checked} tabIndex={tabIndex} {...common}>
                {inside}
              </div>
            ) : (
              <div key={item.id} role="menuitem" tabIndex={tabIndex} {...common}>
                {inside}
              </div>
            );
          })}
        </div>
      ) : null}
    </div>
  );
}
