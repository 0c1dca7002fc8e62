import { useEffect, useId, useRef, useState } from 'react';

// The menu button's state and keys (WAI-ARIA menu pattern): open or not, which item has focus, and what each key
// does. Enter, Space or ArrowDown opens it on the first item (ArrowUp on the last), arrows move, Home/End jump,
// Escape closes and gives focus back to the button, Tab leaves it closed, and focus leaving both closes it.

export interface MenuState {
  open: boolean;
  /** The item that holds focus (and the one Tab stop) while open. */
  active: number;
  buttonRef: React.RefObject<HTMLButtonElement | null>;
  listRef: React.RefObject<HTMLDivElement | null>;
  wrapperRef: React.RefObject<HTMLDivElement | null>;
  menuId: string;
  /** Closes the menu; `refocus` gives focus back to the button. */
  close: (refocus: boolean) => void;
  /** Opens the menu on item `index` (negative counts from the end). */
  openAt: (index: number) => void;
  /** Focus left the button and its menu: the menu closes. */
  leave: (event: React.FocusEvent) => void;
  onButtonKey: (event: React.KeyboardEvent) => void;
  onListKey: (event: React.KeyboardEvent) => void;
}

/** The state of a menu of `count` items. */
export function useMenuState(count: number): MenuState {
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
    setActive((index + count) % count);
    setOpen(true);
  };

  const leave = (event: React.FocusEvent) => {
    if (!wrapperRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
  };

  const onButtonKey = (event: React.KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(event.key === 'ArrowDown' ? 0 : -1);
    }
  };

  const onListKey = (event: React.KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowDown: active + 1,
      ArrowUp: active - 1,
      Home: 0,
      End: count - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      setActive(((moves[event.key] ?? 0) + count) % count);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === 'Tab') close(false);
  };

  return { open, active, buttonRef, listRef, wrapperRef, menuId, close, openAt, leave, onButtonKey, onListKey };
}
