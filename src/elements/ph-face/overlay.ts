import {
  type Box,
  countdownLeft,
  type FaceState,
  facesSeen,
  guideBox,
  isOnTarget,
  mirrorBox,
  type Size,
} from '../../core';

// The overlay over the live picture (§4): the guide box, and the faces the detector found. The preview is shown
// as a mirror, as people expect of a front camera, so the boxes are drawn mirrored too.

const GUIDE_COLOUR = 'rgba(255, 255, 255, 0.9)';
const ON_TARGET_COLOUR = '#2e7d32';
const OFF_TARGET_COLOUR = '#f5a623';

function strokeBox(context: CanvasRenderingContext2D, box: Box, colour: string, dashed: boolean): void {
  context.strokeStyle = colour;
  context.lineWidth = 3;
  context.setLineDash(dashed ? [10, 6] : []);
  context.strokeRect(box.x, box.y, box.width, box.height);
}

export function drawOverlay(canvas: HTMLCanvasElement, video: HTMLVideoElement, state: FaceState): void {
  const view: Size = { width: video.clientWidth, height: video.clientHeight };
  const ratio = window.devicePixelRatio || 1;
  canvas.width = Math.round(view.width * ratio);
  canvas.height = Math.round(view.height * ratio);
  const context = canvas.getContext('2d');
  if (!context) return;
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  context.clearRect(0, 0, view.width, view.height);
  // The guide from the countdown on; the faces wherever detection runs (a clock-in terminal's result too).
  const seen = facesSeen(state);
  if (countdownLeft(state) === null && !seen) return;
  const guide = guideBox(view);
  strokeBox(context, guide, GUIDE_COLOUR, true);
  const faces = seen ?? [];
  for (const face of faces) {
    const colour = faces.length === 1 && isOnTarget(face, guide) ? ON_TARGET_COLOUR : OFF_TARGET_COLOUR;
    strokeBox(context, mirrorBox(face, view), colour, false);
  }
}
