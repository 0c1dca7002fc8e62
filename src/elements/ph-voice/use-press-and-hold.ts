import {
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  useEffect,
  useMemo,
  useRef,
} from 'react';
import { useLatest } from '../common/use-latest';

// Press and hold on a button by mouse, touch or pen (pointer events, captured so that a release outside the button
// still counts) or by keyboard (Space or Enter held; key repeats ignored). A hold ends on release, on a cancelled
// pointer, when the button loses focus, and when the button is disabled or goes away. The 200 ms rule is core's.

type Source = 'pointer' | 'key';

const HOLD_KEYS = new Set([' ', 'Enter']);

export interface PressAndHold {
  disabled: boolean;
  onPress: () => void;
  onRelease: () => void;
  /** Escape on the button: closes what the button is showing. */
  onEscape?: () => void;
}

export function usePressAndHold(options: PressAndHold) {
  const latest = useLatest(options);
  const holding = useRef<Source | null>(null);

  useEffect(() => {
    if (options.disabled && holding.current) {
      holding.current = null;
      latest.current.onRelease();
    }
  }, [options.disabled, latest]);

  return useMemo(() => {
    const start = (source: Source) => {
      if (holding.current || latest.current.disabled) return;
      holding.current = source;
      latest.current.onPress();
    };
    const end = (source?: Source) => {
      if (!holding.current || (source && holding.current !== source)) return;
      holding.current = null;
      latest.current.onRelease();
    };
    return {
      onPointerDown(event: PointerEvent<HTMLButtonElement>) {
        if (event.button !== 0) return;
        event.currentTarget.setPointerCapture?.(event.pointerId);
        start('pointer');
      },
      onPointerUp: () => end('pointer'),
      onPointerCancel: () => end('pointer'),
      onLostPointerCapture: () => end('pointer'),
      onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
        if (event.key === 'Escape') latest.current.onEscape?.();
        if (!HOLD_KEYS.has(event.key)) return;
        // Enter would click on key down and Space on key up: a click means nothing here, holding does.
        event.preventDefault();
        if (!event.repeat) start('key');
      },
      onKeyUp(event: KeyboardEvent<HTMLButtonElement>) {
        if (!HOLD_KEYS.has(event.key)) return;
        event.preventDefault();
        end('key');
      },
      onBlur: (_event: FocusEvent<HTMLButtonElement>) => end(),
      onClick: (event: MouseEvent<HTMLButtonElement>) => event.preventDefault(),
      onContextMenu: (event: MouseEvent<HTMLButtonElement>) => event.preventDefault(),
    };
  }, [latest]);
}
