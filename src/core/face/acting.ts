import {
  followMovement,
  LIVENESS_FRAMES,
  type LivenessAction,
  type LivenessAnswer,
  type LivenessChallenge,
  promptedAction,
  WIDGET_MARGIN,
} from './liveness';
import type { Watch } from './watch';

// The widget's half of the liveness challenge (issue 54): frames taken every LIVENESS_SAMPLE_INTERVAL_MS, each with
// the head's turn as the widget's own detector saw it, followed by core's rule with the widget's margin. Once both
// turns are seen (and one sample more), the frames the finding rests on go to the server, with the frame after each
// turn's end: no fixed recording time to sit through.
//
// The photo comes first where the hold was already done when the challenge began (login after its countdown); where
// the turns began with the hold still running (a terminal's next person), they run during it and the photo comes
// last, once the face is back where the turns started from: the server measures the turns from the photo.

/** A frame taken while the user turns, and `headTurn` of its face (null: none or several faces in it). */
export interface LivenessSample {
  frame: string;
  turn: number | null;
}

/** Login and clock-in: the user is asked for the challenge's turns while frames are taken and followed. */
export interface ActingState {
  status: 'acting';
  /** The photo, taken before the turns; null: it is taken after them (see above). */
  image: string | null;
  challenge: LivenessChallenge;
  /** `headTurn` when the photo was taken, where the first turn starts from (null: the first sample's). */
  stillTurn: number | null;
  /** Frames since the movement began (a turn the wrong way first begins it again). */
  samples: LivenessSample[];
  /** Turns seen so far: the prompt asks for the next. */
  turnsSeen: number;
  /** The turn asked for went past with no pose on its way: the prompt asks to turn back and again, more slowly. */
  jumped?: true;
  /** The hold's hits, counted on while the photo is still to come (queue.ts). */
  watch?: Watch;
  /** The turns were done before the photo: the answer that goes with it, and the turns of its frames. */
  answered?: TurnsDone;
  /** After the turns: the last frame shows the face back ahead, as far as the turns' rule needs (the photo may come). */
  facing?: boolean;
  /** The seconds of §4's countdown still to run: the turns may begin during it, the photo only after it. */
  countdown?: number;
}

/** The turns done before the photo: the answer that goes with it, the turn of each of its frames, the challenge. */
export interface TurnsDone {
  liveness: LivenessAnswer;
  turns: number[];
  challenge: LivenessChallenge;
}

/**
 * The answer to send with a photo taken after the turns, its evidence named anew from `stillTurn`, the turn the
 * widget read on the photo itself, as the server reads it; as it was where that turn is unknown. Null where the rule is
 * not met from the photo (the head not back where the turns began): the server, which measures from the photo, would
 * refuse it.
 */
export function answerFromPhoto(done: TurnsDone, stillTurn: number | null): LivenessAnswer | null {
  if (stillTurn === null) return done.liveness;
  const movement = followMovement(done.challenge.actions, stillTurn, done.turns, WIDGET_MARGIN);
  return movement.done ? { ...done.liveness, evidence: movement.evidence } : null;
}

/**
 * The turns asked for again, from a photo they cannot be measured from (answerFromPhoto gave none): the photo now comes
 * first, as after login's countdown, and each turn is measured from it, as the server measures them.
 */
export function turnsAgainFrom(done: TurnsDone, image: string, stillTurn: number): ActingState {
  return { status: 'acting', image, challenge: done.challenge, stillTurn, samples: [], turnsSeen: 0 };
}

/** What the user is asked for now: the next turn, or to face the camera again before the photo. */
export function actingPrompt(state: ActingState): LivenessAction | 'faceCamera' {
  return state.answered ? 'faceCamera' : promptedAction(state.challenge, state.turnsSeen);
}

/**
 * Whether `state` shows the movement getting on since `previous` (null: it just began): a turn was seen, or a turn
 * went by too fast for the frames and the person is now asked to do it again. Each gives her LIVENESS_ACTING_MS more.
 */
export function movementProgressed(previous: ActingState | null, state: ActingState): boolean {
  if (!previous) return true;
  return state.turnsSeen > previous.turnsSeen || (state.jumped === true && previous.jumped !== true);
}

/** Samples kept at most: a person who stopped half way is not followed for ever (LIVENESS_ACTING_MS ends it). */
const MOST_SAMPLES = 80;

/**
 * The frames to send, at most LIVENESS_FRAMES, in order: the finding's own; the frame after each turn's end; then the
 * frames beside each pose on the way. The server reads turns with another detector, a little apart: where it reads a
 * pose on the way as too near an end, or a turn's end short of the threshold, the frame beside it is there to read.
 * The server reads the finding's own first and the spare ones only when those do not meet its rule.
 */
export function framesToSend(evidence: readonly number[], last: number): number[] {
  const ends = evidence.filter((_, i) => i % 2 === 1).map((index) => index + 1);
  const beside = evidence.filter((_, i) => i % 2 === 0).flatMap((index) => [index - 1, index + 1]);
  const chosen = new Set<number>();
  for (const index of [...evidence, ...ends, ...beside]) {
    if (chosen.size === LIVENESS_FRAMES) break;
    if (index >= 0 && index <= last) chosen.add(index);
  }
  return [...chosen].sort((a, b) => a - b);
}

/** What a new sample leads to: the answer to send once both turns are seen, else the state following on. */
export function afterSample(
  state: ActingState,
  sample: LivenessSample,
): ActingState | { status: 'submitting'; image: string; liveness: LivenessAnswer } {
  if (state.answered) return facingAfter(state, state.answered, sample.turn);
  const { jumped: _before, ...following } = state;
  const samples = [...state.samples, sample].slice(-MOST_SAMPLES);
  const seen = samples.filter((item) => item.turn !== null);
  const stillTurn = state.stillTurn ?? seen[0]?.turn ?? null;
  if (stillTurn === null) return { ...following, samples };
  const movement = followMovement(
    state.challenge.actions,
    stillTurn,
    seen.map((item) => item.turn!),
    WIDGET_MARGIN,
  );
  if (movement.wrongWay) return { ...following, stillTurn, samples: [], turnsSeen: 0 };
  if (!movement.done) {
    const jumped = movement.jumped ? { jumped: true as const } : {};
    return { ...following, stillTurn, samples, turnsSeen: movement.turnsSeen, ...jumped };
  }
  // Seen with the frame that ends the second turn as the last: one more sample first, so that each turn's end goes
  // with the frame after it, a little further as a rule (the server's landmark net reads turns a little apart).
  const last = seen.length - 1;
  if (movement.evidence.at(-1) === last) return { ...following, stillTurn, samples, turnsSeen: movement.turnsSeen };
  const sent = framesToSend(movement.evidence, last);
  const frames = sent.map((index) => seen[index]!.frame);
  const evidence = movement.evidence.map((index) => sent.indexOf(index));
  const liveness = { challengeId: state.challenge.challengeId, frames, evidence };
  if (state.image !== null) return { status: 'submitting', image: state.image, liveness };
  const answered = { liveness, turns: sent.map((index) => seen[index]!.turn!), challenge: state.challenge };
  return { ...following, stillTurn, samples, turnsSeen: movement.turnsSeen, answered, facing: false };
}

/**
 * After the turns: whether a photo with the head's turn `turn` would start them as the rule asks, with the widget's
 * margin (the face is back ahead). The server measures the turns from the photo, so the frames the finding rests on
 * are named anew from there.
 */
function facingAfter(state: ActingState, answered: NonNullable<ActingState['answered']>, turn: number | null) {
  const movement =
    turn === null ? null : followMovement(answered.challenge.actions, turn, answered.turns, WIDGET_MARGIN);
  if (!movement?.done) return { ...state, facing: false };
  const liveness = { ...answered.liveness, evidence: movement.evidence };
  return { ...state, answered: { ...answered, liveness }, facing: true };
}
