import { type MouseEvent, type PointerEvent, useEffect, useRef } from 'react';
import { isTopModal } from '../../core';
import type { Phase } from './lifecycle';

// How the user asks the top dialog to close, besides its close button: Escape, and a click on the backdrop. Whether
// it then closes is the owner's answer (PhModal's requestClose).

interface EscapeState {
  phase: Phase;
  noEscapeClose?: boolean | undefined;
  requestClose: (reason: 'escape') => void;
}

/** Escape asks the top dialog to close, unless `noEscapeClose` (the key's default is prevented either way). */
export function useEscapeClose(id: symbol, latest: { readonly current: EscapeState }): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      // Escape while an input method composes (Chinese, Japanese) cancels the composition, not the dialog.
      if (event.key !== 'Escape' || event.isComposing || latest.current.phase === 'closing' || !isTopModal(id)) return;
      event.preventDefault();
      if (!latest.current.noEscapeClose) latest.current.requestClose('escape');
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [id, latest]);
}

/**
 * The mask's handlers: a click that both began and ended on the backdrop itself (not a drag out of the dialog) asks
 * the top dialog to close, unless `noBackdropClose`.
 */
export function useBackdropClose(
  id: symbol,
  noBackdropClose: boolean | undefined,
  requestClose: (reason: 'backdrop') => void,
) {
  const maskPressed = useRef(false);
  return {
    onPointerDown: (event: PointerEvent<HTMLDivElement>) => {
      maskPressed.current = event.target === event.currentTarget;
    },
    onClick: (event: MouseEvent<HTMLDivElement>) => {
      const fromMask = maskPressed.current && event.target === event.currentTarget;
      maskPressed.current = false;
      if (fromMask && !noBackdropClose && isTopModal(id)) requestClose('backdrop');
    },
  };
}
