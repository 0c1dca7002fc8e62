import type { Size } from '../modal/geometry';
import { FACE_CAPTURE_PX, FACE_GUIDE_RATIO, FACE_NARROW_SCREEN_PX, FACE_TARGET_TOLERANCE_PX } from './constants';

/** A rectangle in px: left, top, width, height. */
export interface Box extends Size {
  x: number;
  y: number;
}

/** §5/§9: the photo is 480 × 480, or the body's size on screens narrower than 761 px. */
export function captureSize(screenWidth: number, body: Size): Size {
  if (screenWidth < FACE_NARROW_SCREEN_PX) return { width: Math.round(body.width), height: Math.round(body.height) };
  return { width: FACE_CAPTURE_PX, height: FACE_CAPTURE_PX };
}

/** The guide box: a square 35 % of the view's width, centred in the view. */
export function guideBox(view: Size): Box {
  const side = view.width * FACE_GUIDE_RATIO;
  return { x: (view.width - side) / 2, y: (view.height - side) / 2, width: side, height: side };
}

/** §5: on target when the face box is within 50 px of the guide box in position (left, top) and in size. */
export function isOnTarget(face: Box, guide: Box, tolerance = FACE_TARGET_TOLERANCE_PX): boolean {
  return (
    Math.abs(face.x - guide.x) <= tolerance &&
    Math.abs(face.y - guide.y) <= tolerance &&
    Math.abs(face.width - guide.width) <= tolerance &&
    Math.abs(face.height - guide.height) <= tolerance
  );
}

/**
 * Where a box of the camera frame appears in the view when the frame covers the view (CSS `object-fit: cover`:
 * scaled until both sides are covered, centred, the overflow cut off). Detectors answer in frame px; the guide
 * box and its tolerance are in view px.
 */
export function frameToView(box: Box, frame: Size, view: Size): Box {
  const scale = Math.max(view.width / frame.width, view.height / frame.height);
  const offsetX = (view.width - frame.width * scale) / 2;
  const offsetY = (view.height - frame.height * scale) / 2;
  return {
    x: box.x * scale + offsetX,
    y: box.y * scale + offsetY,
    width: box.width * scale,
    height: box.height * scale,
  };
}

/** The part of the frame that the view shows (the source rectangle to draw when capturing what the user sees). */
export function visibleFrameRegion(frame: Size, view: Size): Box {
  const scale = Math.max(view.width / frame.width, view.height / frame.height);
  const width = view.width / scale;
  const height = view.height / scale;
  return { x: (frame.width - width) / 2, y: (frame.height - height) / 2, width, height };
}

/**
 * The part of the frame a photo of `photo`'s size is drawn from: what the view shows, cut about its centre (where the
 * guide box is) to the photo's proportions, so that nothing is stretched. Below 761 px wide the photo takes the body's
 * proportions (§5), not the view's square: drawn from the whole view, a face came out squeezed sideways.
 */
export function photoRegion(frame: Size, view: Size, photo: Size): Box {
  const shown = visibleFrameRegion(frame, view);
  const cut = visibleFrameRegion({ width: shown.width, height: shown.height }, photo);
  return { x: shown.x + cut.x, y: shown.y + cut.y, width: cut.width, height: cut.height };
}

/** A box as seen in a mirrored preview (front cameras are shown as a mirror). */
export function mirrorBox(box: Box, view: Size): Box {
  return { ...box, x: view.width - box.x - box.width };
}

/** §9: what is sent is the base64 part of the photo's data URL. */
export function imagePayload(dataUrl: string): string {
  const comma = dataUrl.indexOf(',');
  return /^data:[^,]*;base64,/i.test(dataUrl) ? dataUrl.slice(comma + 1) : dataUrl;
}
