import { type CSSProperties, type PointerEvent, type RefObject, useRef, useState } from 'react';
import { clampToViewport, MODAL_DEFAULT_TOP, MODAL_DEFAULT_WIDTH, MODAL_WINDOW_GAP_PX, type Point } from '../../core';
import { useResizeThrottled } from './lifecycle';

// Where the dialog sits (§9): its width and default top, or where the user dragged it by its header, kept inside the
// window also when the window shrinks.

/**
 * The dragged position (null until the user drags) and the header's pointer handlers; a resize brings a dragged
 * dialog back inside the window.
 */
export function useModalDrag(dialogRef: RefObject<HTMLDivElement | null>, noDrag: boolean | undefined) {
  const [position, setPosition] = useState<Point | null>(null);
  const drag = useRef<{ pointerId: number; from: Point; start: Point } | null>(null);

  useResizeThrottled(() => {
    const dialog = dialogRef.current;
    if (!dialog || !position) return;
    setPosition(clampToViewport(position, dialogSize(dialog), viewportSize()));
  });

  const startDrag = (event: PointerEvent<HTMLElement>) => {
    const dialog = dialogRef.current;
    if (noDrag || !dialog || event.button !== 0 || (event.target as Element).closest('button')) return;
    const rect = dialog.getBoundingClientRect();
    drag.current = { pointerId: event.pointerId, from: { x: event.clientX, y: event.clientY }, start: rect };
    event.currentTarget.setPointerCapture(event.pointerId);
    event.preventDefault();
  };
  const moveDrag = (event: PointerEvent<HTMLElement>) => {
    const state = drag.current;
    const dialog = dialogRef.current;
    if (!state || !dialog || state.pointerId !== event.pointerId) return;
    const wanted = { x: state.start.x + event.clientX - state.from.x, y: state.start.y + event.clientY - state.from.y };
    setPosition(clampToViewport(wanted, dialogSize(dialog), viewportSize()));
  };
  const endDrag = () => {
    drag.current = null;
  };

  return {
    position,
    handlers: { onPointerDown: startDrag, onPointerMove: moveDrag, onPointerUp: endDrag, onPointerCancel: endDrag },
  };
}

/** The dialog's width, place and height limit: at `top` (default 15 %) until dragged, then where it was dragged. */
export function dialogStyle(
  position: Point | null,
  top: string | undefined,
  width: string | undefined,
): CSSProperties & { '--ph-modal-width': string } {
  const placement = position ? { left: `${position.x}px`, top: `${position.y}px` } : { top: top || MODAL_DEFAULT_TOP };
  return {
    '--ph-modal-width': width || MODAL_DEFAULT_WIDTH,
    ...placement,
    // The body's own limit (window minus 180 px) leaves the footer off a short window when the dialog sits 15 %
    // down: the whole dialog also ends 8 px above the window's bottom, and the body scrolls to make room. A dragged
    // dialog is kept inside the window by its position instead (limiting it by its top would shrink it on each drag).
    maxHeight: position
      ? `calc(100% - ${2 * MODAL_WINDOW_GAP_PX}px)`
      : `calc(100% - ${placement.top} - ${MODAL_WINDOW_GAP_PX}px)`,
  };
}

function dialogSize(dialog: HTMLElement) {
  return { width: dialog.offsetWidth, height: dialog.offsetHeight };
}

function viewportSize() {
  return { width: document.documentElement.clientWidth, height: window.innerHeight };
}
