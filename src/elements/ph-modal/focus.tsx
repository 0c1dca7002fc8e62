import { type RefObject, useEffect } from 'react';
import { tabbable } from 'tabbable';
import type { Phase } from './lifecycle';

// Focus while a dialog shows: it takes focus as it opens, and Tab stays inside it. (Focus going back to the opener
// on close is PhModal's, which outlives the frame.)

interface FocusCallbacks {
  /** The dialog is about to take focus: whatever has it now is the opener to return to. */
  onFocusing: () => void;
  onShown: () => void;
}

/** An opening dialog takes focus, then is shown on the next frame (its fade-in starts from there). */
export function useModalFocus(
  dialogRef: RefObject<HTMLDivElement | null>,
  phase: Phase,
  latest: { readonly current: FocusCallbacks },
): void {
  useEffect(() => {
    if (phase !== 'opening') return;
    // Here rather than in PhModal's effect: a dialog mounted already open runs this effect first.
    latest.current.onFocusing();
    dialogRef.current?.focus({ preventScroll: true });
    const frame = requestAnimationFrame(() => latest.current.onShown());
    return () => cancelAnimationFrame(frame);
  }, [phase, latest, dialogRef]);
}

/**
 * Keeps Tab inside the dialog. One sentinel stands before the dialog and one after it: Tab past the last control
 * reaches the end one, which wraps to the first control; Shift+Tab before the first reaches the start one, which
 * wraps to the last.
 */
export function FocusSentinel({ dialog, edge }: { dialog: { current: HTMLElement | null }; edge: 'start' | 'end' }) {
  const wrap = () => {
    const box = dialog.current;
    if (!box) return;
    // Slotted controls (the page's light DOM) count where their slot stands.
    const controls = tabbable(box, { getShadowRoot: true });
    const target = edge === 'start' ? controls.at(-1) : controls[0];
    (target ?? box).focus();
  };
  // biome-ignore lint/a11y/noNoninteractiveTabindex: a focus-trap sentinel must be reachable by Tab to work
  // biome-ignore lint/a11y/noStaticElementInteractions: it only moves focus
  return <span className="sentinel" tabIndex={0} onFocus={wrap} />;
}
