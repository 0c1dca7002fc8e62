import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  actionFrame,
  headTurn,
  type LandmarkPoint,
  LIVENESS_ACTIONS,
  MOUTH_THRESHOLD,
  mouthOpening,
  pickAction,
  TURN_THRESHOLD,
} from '../../../src/core/face/liveness';

// A schematic face in face-api's 68-point numbering: only the points the rule reads are placed, the rest sit at the
// origin. `nose` moves the nose tip sideways along the jaw's line (a head turn), `gap` opens the inner lips.
function face({ nose = 0, gap = 4 }: { nose?: number; gap?: number } = {}): LandmarkPoint[] {
  const points: LandmarkPoint[] = Array.from({ length: 68 }, () => ({ x: 0, y: 0 }));
  points[0] = { x: 100, y: 200 };
  points[16] = { x: 300, y: 200 };
  points[30] = { x: 200 + nose, y: 200 };
  points[60] = { x: 170, y: 300 };
  points[64] = { x: 230, y: 300 };
  points[62] = { x: 200, y: 300 - gap / 2 };
  points[66] = { x: 200, y: 300 + gap / 2 };
  return points;
}

const still = face();
/** The nose shift that moves headTurn by `amount`: the jaw's ends are 200 px apart. */
const noseFor = (amount: number) => amount * 100;

describe('headTurn and mouthOpening', () => {
  it('reads a frontal face as 0, the nose at either end of the jaw line as ±1, and closed lips as small', () => {
    expect(headTurn(still)).toBeCloseTo(0);
    expect(headTurn(face({ nose: -100 }))).toBeCloseTo(1);
    expect(headTurn(face({ nose: 100 }))).toBeCloseTo(-1);
    expect(mouthOpening(still)).toBeCloseTo(4 / 60);
    expect(mouthOpening(face({ gap: 30 }))).toBeCloseTo(0.5);
  });
});

describe('actionFrame: the frame that shows the action asked for', () => {
  const cases: [string, Parameters<typeof actionFrame>[0], LandmarkPoint[][], number | null][] = [
    ['a turn to the left and back', 'turnLeft', [still, face({ nose: 10 }), face({ nose: 25 }), still], 2],
    ['a turn to the right', 'turnRight', [still, face({ nose: -20 }), face({ nose: -30 })], 2],
    ['a turn the other way', 'turnLeft', [still, face({ nose: -30 }), still], null],
    ['a head that shakes both ways', 'turnLeft', [face({ nose: 30 }), still, face({ nose: -30 })], null],
    ['a turn too small', 'turnLeft', [still, face({ nose: 10 }), face({ nose: 14 })], null],
    ['a mouth opened', 'openMouth', [still, face({ gap: 20 }), face({ gap: 8 })], 1],
    ['a mouth barely parted', 'openMouth', [still, face({ gap: 10 }), still], null],
    ['a mouth asked for, a turn shown', 'openMouth', [still, face({ nose: 40 }), still], null],
    ['a turn asked for, a mouth shown', 'turnRight', [still, face({ gap: 30 }), still], null],
    ['a photo held still', 'turnLeft', [still, still, still, still], null],
    ['too few frames', 'turnLeft', [face({ nose: 40 }), face({ nose: 40 })], null],
  ];
  it.each(cases)('%s', (_name, action, frames, expected) => {
    expect(actionFrame(action, still, frames)).toBe(expected);
  });

  it('measures from the still photo, not from the frames: a face turned all along shows no movement', () => {
    const turned = face({ nose: 40 });
    expect(actionFrame('turnLeft', turned, [turned, turned, turned])).toBeNull();
    expect(actionFrame('turnLeft', still, [turned, turned, turned])).toBe(0);
  });

  it('passes any turn beyond the threshold and none below it, whatever the frames around it', () => {
    const quiet = fc.array(fc.double({ min: -0.9, max: 0.9, noNaN: true }), { minLength: 2, maxLength: 8 });
    fc.assert(
      fc.property(quiet, fc.double({ min: 0, max: 0.6, noNaN: true }), (noise, turn) => {
        fc.pre(Math.abs(turn - TURN_THRESHOLD) > 1e-6);
        // Frames that wander less than the threshold either way, and one that turns left by `turn`.
        const frames = [
          ...noise.map((n) => face({ nose: noseFor(n * TURN_THRESHOLD) })),
          face({ nose: noseFor(turn) }),
        ];
        const found = actionFrame('turnLeft', still, frames);
        return turn > TURN_THRESHOLD ? found === frames.length - 1 : found === null;
      }),
    );
  });

  it('finds an opened mouth exactly when it opens by the threshold', () => {
    const closed = mouthOpening(still);
    fc.assert(
      fc.property(fc.double({ min: 0, max: 0.6, noNaN: true }), (opening) => {
        fc.pre(Math.abs(opening - MOUTH_THRESHOLD) > 1e-6);
        const found = actionFrame('openMouth', still, [still, face({ gap: (closed + opening) * 60 }), still]);
        return opening > MOUTH_THRESHOLD ? found === 1 : found === null;
      }),
    );
  });
});

describe('pickAction', () => {
  it('maps the whole of [0, 1) onto every action, evenly', () => {
    expect(LIVENESS_ACTIONS.map((_, i) => pickAction((i + 0.5) / LIVENESS_ACTIONS.length))).toEqual([
      ...LIVENESS_ACTIONS,
    ]);
    expect(pickAction(0)).toBe(LIVENESS_ACTIONS[0]);
    expect(pickAction(0.999999)).toBe(LIVENESS_ACTIONS.at(-1));
  });
});
