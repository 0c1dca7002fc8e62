// The liveness challenge of face login and clock-in (issues 37 and 54): after the §4 capture, the server names two
// head turns in a random order and the widget records frames while the user does them. The server finds the face's
// 68 landmarks (face-api's numbering) in each frame and decides here whether the movement happened.
//
// A movement is continuous: each turn passes through poses between where it starts and where it ends. A photo and
// its mirror are two poses, not a movement, and a still photo cannot turn its head at all (docs/guide/security.md ›
// Liveness).
//
// Opening the mouth and blinking were left out: face-api's landmark nets keep lips and eyelids near where they
// usually are, so a stretched photo and a live face measured alike (security.md › A photo is not a person).

export const LIVENESS_ACTIONS = ['turnLeft', 'turnRight'] as const;
/** Left and right are the user's own: on the mirrored preview they are also the screen's. */
export type LivenessAction = (typeof LIVENESS_ACTIONS)[number];

/** Frames the widget sends for a challenge, at most: the server looks at no more. */
export const LIVENESS_FRAMES = 8;
/**
 * The widget takes a frame this often while the user turns and follows the turns on its own detector's landmarks: a
 * turn takes people a third of a second or more, so each is caught on its way.
 */
export const LIVENESS_SAMPLE_INTERVAL_MS = 80;
/**
 * The widget gives up on a movement that makes no progress in this time: from the challenge, and again from each turn
 * seen or each turn too fast for the frames (the person is moving, and a slow detector needs her to turn again).
 */
export const LIVENESS_ACTING_MS = 8_000;
/**
 * ...and not before it has followed this many frames without progress either (acting-deadline.ts): a quick detector
 * takes 40–60 frames in 8 s; where frames come half a second or more apart (a slow phone, a busy machine), 8 s of them
 * were too few looks for a person told "too fast" to turn back and again at the slower pace asked.
 */
export const LIVENESS_ACTING_FRAMES = 50;
/** However it progresses, the widget gives up this long after the challenge: its answer still goes within 30 s. */
export const LIVENESS_ACTING_MOST_MS = 20_000;
/** The frames' longer side in px: enough for the landmarks of a face in the guide box. */
export const LIVENESS_FRAME_PX = 480;
/** The frames' JPEG quality: landmarks need no fine detail, and the frames travel with the photo. */
export const LIVENESS_JPEG_QUALITY = 0.85;
/**
 * The tiny face detector's input side (px, a multiple of 32) at which the widget and the server both read turns: the
 * same input gives the same box, so the same landmark crop and the same turn (at 416 the server read the tests' turns
 * up to 0.07 apart from the widget). 224 finds a face that fills a third of the picture, as a framed face does.
 */
export const TURN_DETECTOR_INPUT = 224;
/** Fewest frames the server accepts: each turn needs a pose on its way and the pose it reaches. */
export const LIVENESS_MIN_FRAMES = 4;
/** A challenge is answered within this many seconds of being issued, or not at all. */
export const LIVENESS_CHALLENGE_SECONDS = 30;

/**
 * How far each turn must go, as `headTurn` measured from the still photo (roughly sin θ for a turn of θ, as the nose
 * tip stands about a half face's width in front of the jaw's ends: 0.13 is a turn of some 7.5°, where people asked to
 * turn their head turn it 20° and more). The second turn goes from the first one's side to beyond this on the other.
 * It was 0.15 while the widget read turns on the camera's video; on the pictures sent (issue 54) both sides read
 * alike, and the tests' person's turn to her right, which reads 0.15–0.17, was refused whenever the server read 0.01
 * less than the widget.
 */
export const TURN_THRESHOLD = 0.13;
/**
 * A pose on the way: a frame between a turn's start and its end, at least this share of the way from either. Two
 * pictures, a photo and its mirror, have nothing in between.
 */
export const WAY_MARGIN = 0.2;
/**
 * The widget's own margin: it sends its frames when it saw each turn go this much further than the rule asks,
 * through a pose nearer the middle of the way, so that the server agrees. It reads the very pictures the server
 * reads, on the same nets; their readings differ by the JPEG decoders and the backends' arithmetic, some 0.01.
 */
export const WIDGET_MARGIN = { threshold: 1.1, way: 0.25 } as const;

export interface LandmarkPoint {
  x: number;
  y: number;
}

/** The challenge as the server issues it. */
export interface LivenessChallenge {
  challengeId: string;
  /** The turns to do, in this order. */
  actions: LivenessAction[];
  /** Seconds left to answer. */
  expiresIn: number;
}

/** What face login and clock-in send with the photo: the challenge answered and the frames recorded for it. */
export interface LivenessAnswer {
  challengeId: string;
  /** JPEGs, the base64 part of each data URL, in the order they were taken. */
  frames: string[];
  /**
   * Which of `frames` the widget's own finding rests on (a pose on the way and the turn's end, per turn): the server
   * reads them first and the rest only when they are not enough (issue 54). Optional: a client may leave it out.
   */
  evidence?: number[];
}

const distance = (a: LandmarkPoint, b: LandmarkPoint) => Math.hypot(a.x - b.x, a.y - b.y);

/** Landmark numbers (face-api's 68-point model). */
const JAW_RIGHT_END = 0;
const JAW_LEFT_END = 16;
const NOSE_TIP = 30;

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

/** Which way `headTurn` moves for an action: turning to one's own left lowers it. */
const SIDE: Record<LivenessAction, 1 | -1> = { turnLeft: -1, turnRight: 1 };

/** The turns of a challenge, in a random order (`random` in [0, 1), the server passes crypto randomness). */
export function pickActions(random: number): LivenessAction[] {
  return random < 0.5 ? ['turnLeft', 'turnRight'] : ['turnRight', 'turnLeft'];
}

/** The turn the widget asks for once `turnsSeen` turns were seen. */
export function promptedAction(challenge: LivenessChallenge, turnsSeen: number): LivenessAction {
  return challenge.actions[Math.min(challenge.actions.length - 1, turnsSeen)]!;
}

/** How far the server has followed a challenge's movement. */
export interface Movement {
  /** Every turn was seen, in order, each through a pose on its way. */
  done: boolean;
  /** Turns seen so far. */
  turnsSeen: number;
  /** A turn to the wrong side came first: the movement cannot be the one asked for. */
  wrongWay: boolean;
  /**
   * The turn waited for went beyond the threshold with no pose on its way (too fast for the frames): the user is told
   * to turn back and turn again more slowly, which gives the poses on the way.
   */
  jumped: boolean;
  /** The frames the finding rests on, in order: for each turn, a pose on the way and the pose that reached it. */
  evidence: number[];
}

export interface FollowOptions {
  /** Multiplies TURN_THRESHOLD (the widget's margin; 1 on the server). */
  threshold?: number;
  /** The share of the way a pose must be from either end (WAY_MARGIN on the server). */
  way?: number;
}

/** The frame between `from` and `to` nearest the middle of the way from `start` to `end`, if one is on the way. */
function poseOnTheWay(
  positions: readonly number[],
  from: number,
  to: number,
  start: number,
  end: number,
  margin: number,
): number | null {
  let best: number | null = null;
  let bestOff = Number.POSITIVE_INFINITY;
  for (let i = from; i < to; i++) {
    const share = (positions[i]! - start) / (end - start);
    if (share < margin || share > 1 - margin) continue;
    const off = Math.abs(share - 0.5);
    if (off < bestOff) {
      best = i;
      bestOff = off;
    }
  }
  return best;
}

/**
 * Follows the turns of `actions` through frames taken in order, each given as `headTurn` of its landmarks; `still`
 * is `headTurn` of the photo the movement starts from. A turn is seen at the first frame beyond the threshold on its
 * side that has a pose on the way since the turn began; the next turn begins there. A frame beyond the threshold on
 * the other side before any on the first turn's side makes the movement the wrong one.
 */
export function followMovement(
  actions: readonly LivenessAction[],
  still: number,
  turns: readonly number[],
  options: FollowOptions = {},
): Movement {
  const threshold = TURN_THRESHOLD * (options.threshold ?? 1);
  const margin = options.way ?? WAY_MARGIN;
  const positions = turns.map((turn) => turn - still);
  const evidence: number[] = [];
  let begin = 0;
  let start = 0;
  for (const [k, action] of actions.entries()) {
    const side = SIDE[action];
    let seen = false;
    let reached = false;
    for (let i = begin; i < positions.length && !seen; i++) {
      const at = positions[i]! * side;
      if (k === 0 && !reached && -at >= threshold) {
        return { done: false, turnsSeen: 0, wrongWay: true, jumped: false, evidence };
      }
      if (at < threshold) continue;
      reached = true;
      const way = poseOnTheWay(positions, begin, i, start, positions[i]!, margin);
      if (way === null) continue;
      evidence.push(way, i);
      begin = i + 1;
      start = positions[i]!;
      seen = true;
    }
    if (!seen) return { done: false, turnsSeen: k, wrongWay: false, jumped: reached, evidence };
  }
  return { done: true, turnsSeen: actions.length, wrongWay: false, jumped: false, evidence };
}
