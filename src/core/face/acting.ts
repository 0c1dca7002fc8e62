import {
  followMovement,
  LIVENESS_FRAMES,
  type LivenessAnswer,
  type LivenessChallenge,
  WIDGET_MARGIN,
} from './liveness';

// The widget's half of the liveness challenge (issue 54): frames taken every LIVENESS_SAMPLE_INTERVAL_MS, each with
// the head's turn as the widget's own detector saw it, followed by core's rule with the widget's margin. Once both
// turns are seen (and one sample more), the frames the finding rests on go to the server, with the frame after each
// turn's end: no fixed recording time to sit through.

/** A frame taken while the user turns, and `headTurn` of its face (null: none or several faces in it). */
export interface LivenessSample {
  frame: string;
  turn: number | null;
}

/** Login and clock-in: the user is asked for the challenge's turns while frames are taken and followed. */
export interface ActingState {
  status: 'acting';
  image: string;
  challenge: LivenessChallenge;
  /** `headTurn` when the photo was taken, where the first turn starts from (null: the first sample's). */
  stillTurn: number | null;
  /** Frames since the movement began (a turn the wrong way first begins it again). */
  samples: LivenessSample[];
  /** Turns seen so far: the prompt asks for the next. */
  turnsSeen: number;
  /** The turn asked for went past with no pose on its way: the prompt asks to turn back and again, more slowly. */
  jumped?: true;
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
  return {
    status: 'submitting',
    image: state.image,
    liveness: { challengeId: state.challenge.challengeId, frames, evidence },
  };
}
