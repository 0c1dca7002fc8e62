import { MODAL_BODY_MARGIN_PX } from './constants';

export interface Point {
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

/**
 * Where a dragged dialog may sit: fully inside the window. A dialog larger than the window is pinned to the
 * top-left corner so that its header (the drag handle) can never leave the screen.
 */
export function clampToViewport(position: Point, dialog: Size, viewport: Size): Point {
  const maxX = Math.max(0, viewport.width - dialog.width);
  const maxY = Math.max(0, viewport.height - dialog.height);
  return {
    x: Math.min(Math.max(0, position.x), maxX),
    y: Math.min(Math.max(0, position.y), maxY),
  };
}

/** §9: body max height is the window height minus 180 px (never negative). */
export function modalBodyMaxHeight(viewportHeight: number): number {
  return Math.max(0, viewportHeight - MODAL_BODY_MARGIN_PX);
}
