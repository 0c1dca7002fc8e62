import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  followMovement,
  headTurn,
  type LandmarkPoint,
  LIVENESS_FRAMES,
  type LivenessAction,
  type LivenessChallenge,
  pickActions,
  promptedAction,
  TURN_THRESHOLD,
} from '../../../src/core/face/liveness';

// A schematic face in face-api's 68-point numbering: only the points the rule reads are placed, the rest sit at the
// origin. `nose` moves the nose tip sideways along the jaw's line (a head turn).
function face(nose = 0): LandmarkPoint[] {
  const points: LandmarkPoint[] = Array.from({ length: 68 }, () => ({ x: 0, y: 0 }));
  points[0] = { x: 100, y: 200 };
  points[16] = { x: 300, y: 200 };
  points[30] = { x: 200 + nose, y: 200 };
  return points;
}

describe('headTurn', () => {
  it('reads a frontal face as 0 and the nose at either end of the jaw line as ±1', () => {
    expect(headTurn(face())).toBeCloseTo(0);
    expect(headTurn(face(-100))).toBeCloseTo(1);
    expect(headTurn(face(100))).toBeCloseTo(-1);
  });
});

const LEFT_RIGHT: LivenessAction[] = ['turnLeft', 'turnRight'];
/** Positions as headTurn reads them: a left turn lowers it. */
const T = TURN_THRESHOLD;

describe('followMovement: two turns, each through a pose on its way (issue 54)', () => {
  const table: [string, number[], Partial<ReturnType<typeof followMovement>>][] = [
    ['left, then right, each with a pose on the way', [-0.5 * T, -1.2 * T, 0, 1.2 * T], { done: true }],
    ['slow turns with several poses', [-0.2 * T, -0.6 * T, -1.1 * T, -0.4 * T, 0.3 * T, 1.1 * T], { done: true }],
    ['a photo and its mirror: two poses, no movement', [0, -2 * T, 0, -2 * T], { done: false, turnsSeen: 0 }],
    ['the left turn jumped to, then a proper right turn', [0, -1.5 * T, 0.1 * T, 1.5 * T], { done: false }],
    ['only the first turn', [-0.5 * T, -1.2 * T, -1.2 * T, -1.1 * T], { done: false, turnsSeen: 1 }],
    ['the second turn jumped to', [-0.5 * T, -1.2 * T, -1.2 * T, 1.3 * T], { done: false, turnsSeen: 1 }],
    ['the right turn first', [0.5 * T, 1.2 * T, 0, -1.2 * T], { done: false, wrongWay: true }],
    ['turns not far enough', [-0.4 * T, -0.9 * T, 0, 0.9 * T], { done: false }],
    ['too few frames', [-0.5 * T, -1.2 * T], { done: false, turnsSeen: 1 }],
  ];
  it.each(table)('%s', (_name, positions, expected) => {
    expect(followMovement(LEFT_RIGHT, 0, positions)).toMatchObject(expected);
  });

  it('names the frames it rests on: for each turn the pose nearest the middle of its way, then where it got', () => {
    const movement = followMovement(LEFT_RIGHT, 0.3, [
      0.3 - 0.2 * T,
      0.3 - 0.55 * T,
      0.3 - 1.2 * T,
      0.3,
      0.3 + 1.3 * T,
    ]);
    expect(movement).toEqual({ done: true, turnsSeen: 2, wrongWay: false, jumped: false, evidence: [1, 2, 3, 4] });
  });

  it('says when the turn waited for went past with no pose on its way, and sees it once turned back and again', () => {
    const jump = [0.3, 0.3 - 1.4 * T];
    expect(followMovement(LEFT_RIGHT, 0.3, jump)).toMatchObject({ done: false, turnsSeen: 0, jumped: true });
    expect(followMovement(LEFT_RIGHT, 0.3, [0.3, 0.3 - 0.5 * T])).toMatchObject({ jumped: false });
    // Back to the middle and to the left again, slowly: the poses on the way back count as its way.
    const again = [...jump, 0.3 - 0.6 * T, 0.3, 0.3 - 0.5 * T, 0.3 - 1.3 * T];
    expect(followMovement(LEFT_RIGHT, 0.3, again)).toMatchObject({ turnsSeen: 1, jumped: false });
  });

  it('never passes frames of only two poses, whatever they are and however often repeated', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1, max: 1, noNaN: true }),
        fc.double({ min: -1, max: 1, noNaN: true }),
        fc.array(fc.boolean(), { minLength: 4, maxLength: LIVENESS_FRAMES }),
        (still, other, picks) => {
          const positions = picks.map((pick) => (pick ? still : other));
          expect(followMovement(LEFT_RIGHT, still, positions).done).toBe(false);
        },
      ),
    );
  });

  it('passes any smooth left-then-right movement sampled often enough, and never in the other order', () => {
    fc.assert(
      fc.property(fc.double({ min: 1.1, max: 3, noNaN: true }), fc.integer({ min: 3, max: 6 }), (reach, steps) => {
        const leg = (from: number, to: number) =>
          Array.from({ length: steps }, (_, i) => from + ((to - from) * (i + 1)) / steps);
        const positions = [...leg(0, -reach * T), ...leg(-reach * T, reach * T)];
        expect(followMovement(LEFT_RIGHT, 0, positions).done).toBe(true);
        expect(followMovement(['turnRight', 'turnLeft'], 0, positions).done).toBe(false);
      }),
    );
  });
});

describe('the challenge’s turns', () => {
  it('draws both turns in either order', () => {
    expect(pickActions(0)).toEqual(['turnLeft', 'turnRight']);
    expect(pickActions(0.99)).toEqual(['turnRight', 'turnLeft']);
  });

  it('asks for the turn after the ones seen', () => {
    const challenge: LivenessChallenge = { challengeId: 'c', actions: ['turnRight', 'turnLeft'], expiresIn: 30 };
    expect([0, 1, 2].map((seen) => promptedAction(challenge, seen))).toEqual(['turnRight', 'turnLeft', 'turnLeft']);
  });
});
