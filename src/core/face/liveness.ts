// The liveness challenge of face login and clock-in (issue 37): after the §4 capture, the server names a random action
// and the widget records a few frames while the user does it. The server finds the face's 68 landmarks (face-api's
// numbering) in each frame and decides here whether the action happened: a photo held up to the camera cannot turn
// its head or open its mouth.
//
// Blinking was measured and left out: face-api's 68-landmark net keeps its eyelid points near where eyes usually are,
// so squeezing the eyes of a photo by 5–8 px moved the eye aspect ratio by 0.02, below any threshold that would also
// ignore noise (docs/guide/security.md › A photo is not a person).

export const LIVENESS_ACTIONS = ['turnLeft', 'turnRight', 'openMouth'] as const;
/** Left and right are the user's own: on the mirrored preview they are also the screen's. */
export type LivenessAction = (typeof LIVENESS_ACTIONS)[number];

/** Frames the widget records for a challenge, one every LIVENESS_FRAME_INTERVAL_MS. */
export const LIVENESS_FRAMES = 8;
export const LIVENESS_FRAME_INTERVAL_MS = 500;
/** The frames' longer side in px: enough for the landmarks of a face in the guide box. */
export const LIVENESS_FRAME_PX = 320;
/** The frames' JPEG quality: landmarks need no fine detail, and eight frames travel with the photo. */
export const LIVENESS_JPEG_QUALITY = 0.85;
/** Fewest frames the server accepts: the action needs a before and an after. */
export const LIVENESS_MIN_FRAMES = 3;
/** A challenge is answered within this many seconds of being issued, or not at all. */
export const LIVENESS_CHALLENGE_SECONDS = 30;

/** How far the head must turn, as a change of `headTurn` from the still photo (roughly sin θ for a turn
 * of θ, as the nose tip stands about a half face's width in front of the jaw's ends: 0.15 is a turn of some 9°). */
export const TURN_THRESHOLD = 0.15;
/** How far the mouth must open, as a change of `mouthOpening` from the still photo (closed lips measure about 0.1). */
export const MOUTH_THRESHOLD = 0.15;

export interface LandmarkPoint {
  x: number;
  y: number;
}

/** The challenge as the server issues it. */
export interface LivenessChallenge {
  challengeId: string;
  action: LivenessAction;
  /** Seconds left to answer. */
  expiresIn: number;
}

/** What face login and clock-in send with the photo: the challenge answered and the frames recorded for it. */
export interface LivenessAnswer {
  challengeId: string;
  /** JPEGs, the base64 part of each data URL. */
  frames: string[];
}

const distance = (a: LandmarkPoint, b: LandmarkPoint) => Math.hypot(a.x - b.x, a.y - b.y);

/** Landmark numbers (face-api's 68-point model). */
const JAW_RIGHT_END = 0;
const JAW_LEFT_END = 16;
const NOSE_TIP = 30;
const MOUTH_CORNER_RIGHT = 60;
const MOUTH_CORNER_LEFT = 64;
const INNER_LIP_TOP = 62;
const INNER_LIP_BOTTOM = 66;

/**
 * Where the nose sits between the two ends of the jaw line: 1 at the end on the image's left (point 0), -1 at the
 * other. It falls as the person turns to their own left (toward the image's right: the camera's picture is not
 * mirrored).
 */
export function headTurn(points: readonly LandmarkPoint[]): number {
  const toRight = distance(points[NOSE_TIP]!, points[JAW_RIGHT_END]!);
  const toLeft = distance(points[NOSE_TIP]!, points[JAW_LEFT_END]!);
  return (toLeft - toRight) / (toLeft + toRight);
}

/** The inner lips' gap over the mouth's width: about 0.1 closed, 0.4 and more wide open. */
export function mouthOpening(points: readonly LandmarkPoint[]): number {
  return (
    distance(points[INNER_LIP_TOP]!, points[INNER_LIP_BOTTOM]!) /
    distance(points[MOUTH_CORNER_RIGHT]!, points[MOUTH_CORNER_LEFT]!)
  );
}

/** How far each frame moved, in the action's own direction, from the still photo. */
function movements(
  action: LivenessAction,
  still: readonly LandmarkPoint[],
  frames: readonly (readonly LandmarkPoint[])[],
): number[] {
  if (action === 'openMouth') {
    const closed = mouthOpening(still);
    return frames.map((points) => mouthOpening(points) - closed);
  }
  const ahead = headTurn(still);
  const sign = action === 'turnLeft' ? -1 : 1;
  return frames.map((points) => sign * (headTurn(points) - ahead));
}

/**
 * The frame that shows the asked action, or null when none does. A turn must also not go the other way as far: a
 * head that shakes both ways (or a video of every action in turn) does not answer "turn left".
 */
export function actionFrame(
  action: LivenessAction,
  still: readonly LandmarkPoint[],
  frames: readonly (readonly LandmarkPoint[])[],
): number | null {
  if (frames.length < LIVENESS_MIN_FRAMES) return null;
  const moved = movements(action, still, frames);
  const threshold = action === 'openMouth' ? MOUTH_THRESHOLD : TURN_THRESHOLD;
  let best = 0;
  for (let i = 1; i < moved.length; i++) if (moved[i]! > moved[best]!) best = i;
  if (moved[best]! < threshold) return null;
  if (action !== 'openMouth' && Math.min(...moved) <= -threshold) return null;
  return best;
}

/** A random action, from `random` in [0, 1) (the server passes crypto randomness). */
export function pickAction(random: number): LivenessAction {
  return LIVENESS_ACTIONS[Math.min(LIVENESS_ACTIONS.length - 1, Math.floor(random * LIVENESS_ACTIONS.length))]!;
}
