import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Box,
  capturesNow,
  FACE_CAPTURE_HITS,
  FACE_NEXT_PERSON_AFTER_FAILURE_MS,
  FACE_NEXT_PERSON_MS,
  FACE_TURNS_DURING_HOLD_MAX_HITS,
  type FaceContext,
  type FaceEvent,
  type FaceState,
  faceNotice,
  faceOutcome,
  guideBox,
  type LivenessChallenge,
  queueDisplayMs,
  SPENT_WATCH,
  transition,
  watchAfter,
} from '../../../src/core/face';
import { $language } from '../../../src/core/i18n/translate';

// The clock-in terminal's queue (issue 54) as the machine decides it: hits counted while a result shows, the way back
// to detecting by itself, a run of hits that captures once, and the time limit of a terminal with nobody in front.

const guide = guideBox({ width: 480, height: 480 });
const terminal: FaceContext = { mode: 'orther', cameraOpen: true, cameraAllowed: true };
const login: FaceContext = { ...terminal, mode: 'login' };
/** Without liveness the run of hits alone decides (with it, the turns may come during the hold: below). */
const counting: FaceContext = { ...terminal, liveness: 'off' };
const on: FaceEvent = { type: 'detected', faces: [guide], guide };
const off: FaceEvent = { type: 'detected', faces: [{ ...guide, x: 0 }], guide };
const nobody: FaceEvent = { type: 'detected', faces: [], guide };
const success: FaceState = { status: 'success', image: 'x', data: { realName: '王老师', clockTime: '08:00' } };
const refused: FaceState = { status: 'failed', message: '未识别到已登记的人脸', image: null };
const detecting: FaceState = { status: 'detecting', faces: [], hits: 0 };

const run = (state: FaceState, events: FaceEvent[], ctx = terminal) =>
  events.reduce((current, event) => transition(current, event, ctx), state);
const times = (count: number, event: FaceEvent) => Array.from({ length: count }, () => event);

describe('how long a terminal shows a result (queueDisplayMs)', () => {
  it.each([
    ['success', 'orther', success, FACE_NEXT_PERSON_MS],
    ['a refusal', 'orther', refused, FACE_NEXT_PERSON_AFTER_FAILURE_MS],
    ['the timeout prompt', 'orther', { status: 'timeout' }, FACE_NEXT_PERSON_AFTER_FAILURE_MS],
    ['detecting', 'orther', detecting, null],
    ['a login’s refusal', 'login', refused, null],
    ['a login’s timeout', 'login', { status: 'timeout' }, null],
    ['a saved face', 'collect', success, null],
  ] as const)('%s in %s: %s', (_name, mode, state, ms) => {
    expect(queueDisplayMs(state, mode, true)).toBe(ms);
  });

  it('waits for a click when the camera was closed behind a hidden tab', () => {
    expect(queueDisplayMs(success, 'orther', false)).toBeNull();
  });
});

describe('a run of hits captures once (watchAfter, capturesNow)', () => {
  it('counts a run, ends it on anything else, and a spent run counts only after it ended', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('on', 'off', 'none', 'two'), { maxLength: 40 }), (shots) => {
        let watch = SPENT_WATCH;
        let run = 0;
        let ended = false;
        for (const shot of shots) {
          const faces: Box[] = { on: [guide], off: [{ ...guide, y: 0 }], none: [], two: [guide, guide] }[shot];
          watch = watchAfter(watch, faces, guide);
          ended ||= shot !== 'on';
          run = shot === 'on' && ended ? run + 1 : 0;
          if (watch.hits !== run || Boolean(watch.spent) === ended) return false;
          if (capturesNow(watch) !== run > FACE_CAPTURE_HITS) return false;
        }
        return true;
      }),
    );
  });
});

describe('a terminal detects while it shows a result, then looks again by itself', () => {
  it('counts the next person’s hits during the success line, without capturing before it is shown', () => {
    const shown = run(success, [nobody, ...times(FACE_CAPTURE_HITS + 3, on)]);
    expect(shown).toMatchObject({ status: 'success', watch: { hits: FACE_CAPTURE_HITS + 3 } });
    expect(transition(shown, { type: 'shown' }, terminal)).toEqual({ status: 'capturing' });
  });

  it('carries fewer hits back to detecting, where the run goes on', () => {
    const shown = run(success, [nobody, on, on, on], counting);
    const back = transition(shown, { type: 'shown' }, counting);
    expect(back).toEqual({ status: 'detecting', faces: [guide], hits: 3, framing: 'onTarget' });
    expect(run(back, times(FACE_CAPTURE_HITS - 3, on), counting)).toMatchObject({ status: 'detecting', hits: 8 });
    expect(run(back, times(FACE_CAPTURE_HITS - 2, on), counting)).toEqual({ status: 'capturing' });
  });

  it('does not count the person just served, who is still there, until they leave', () => {
    const stayed = run(success, times(20, on));
    expect(stayed).toMatchObject({ watch: { hits: 0, spent: true } });
    // Nor is anyone asked for the turns meanwhile (liveness is on here).
    const back = run(stayed, [{ type: 'shown' }, ...times(20, on)]);
    expect(back).toMatchObject({ status: 'detecting', hits: 0, spent: true });
    $language.set('en');
    expect(faceNotice(back, 'orther')?.text).toBe('Next person, please');
    $language.set('zh-CN');
    expect(run(back, [off, ...times(FACE_CAPTURE_HITS + 1, on)], counting)).toEqual({ status: 'capturing' });
  });

  it('a click on Next counts the one in front at once, even the person just served', () => {
    const stayed = run(success, times(5, on));
    const next = transition(stayed, { type: 'retry' }, counting);
    expect(next).toEqual({ status: 'detecting', faces: [guide], hits: 0, framing: 'onTarget' });
    expect(run(next, times(FACE_CAPTURE_HITS + 1, on), counting)).toEqual({ status: 'capturing' });
  });

  it('goes back after a refusal too, with the hits seen meanwhile', () => {
    const shown = run(refused, [off, on, on], counting);
    expect(shown).toMatchObject({ status: 'failed', message: '未识别到已登记的人脸', image: null, watch: { hits: 2 } });
    expect(transition(shown, { type: 'shown' }, counting)).toMatchObject({ status: 'detecting', hits: 2 });
  });

  it('lets the refused person who stays in front try again by itself once the refusal has shown (no click)', () => {
    const stayed = run(refused, times(FACE_CAPTURE_HITS + 3, on));
    expect(stayed).toMatchObject({ status: 'failed', watch: { hits: FACE_CAPTURE_HITS + 3 } });
    expect(transition(stayed, { type: 'shown' }, terminal)).toEqual({ status: 'capturing' });
    const timedOut = transition({ ...detecting, hits: 3, faces: [guide] }, { type: 'timedOut' }, terminal);
    expect(timedOut.status).toBe('timeout');
    expect(transition(run(timedOut, times(FACE_CAPTURE_HITS + 1, on)), { type: 'shown' }, terminal)).toEqual({
      status: 'capturing',
    });
  });

  it('leaves login as it was: no counting while a result shows, no way back but the click', () => {
    expect(run(refused, [on, on], login)).toBe(refused);
    expect(transition(refused, { type: 'shown' }, login)).toBe(refused);
    expect(transition(refused, { type: 'retry' }, login)).toEqual(detecting);
    expect(transition({ status: 'timeout' }, { type: 'shown' }, login)).toEqual({ status: 'timeout' });
  });

  it('reports each result once however often detection updates it', () => {
    const shown = run(success, [on, off]);
    expect(faceOutcome(success, shown, 'orther')).toBeNull();
    expect(faceOutcome(shown, transition(shown, { type: 'shown' }, terminal), 'orther')).toBeNull();
  });
});

describe('the turns asked for during the hold (issue 54)', () => {
  const challenging = (hits: number) => ({
    status: 'challenging',
    image: null,
    watch: { faces: [guide], hits, framing: 'onTarget' },
  });

  it('asks the next person for the turns at their first hit, and after a result while most of the hold is left', () => {
    expect(transition(detecting, on, terminal)).toEqual(challenging(1));
    expect(transition(run(success, [nobody, on, on]), { type: 'shown' }, terminal)).toEqual(challenging(2));
    expect(transition(run(refused, [off, on]), { type: 'shown' }, terminal)).toEqual(challenging(1));
  });

  it('lets a hold nearly done run to the photo: the turns come after it', () => {
    const nearlyDone = {
      ...detecting,
      faces: [guide],
      hits: FACE_TURNS_DURING_HOLD_MAX_HITS,
      framing: 'onTarget' as const,
    };
    expect(transition(nearlyDone, on, terminal)).toMatchObject({
      status: 'detecting',
      hits: FACE_TURNS_DURING_HOLD_MAX_HITS + 1,
    });
    expect(run(success, [nobody, ...times(FACE_CAPTURE_HITS + 1, on), { type: 'shown' }])).toEqual({
      status: 'capturing',
    });
  });

  it('never asks the person just served, nor anyone off target, nor with liveness off or no challenge call', () => {
    expect(run({ ...detecting, spent: true }, [on, on])).toMatchObject({ status: 'detecting', spent: true });
    expect(transition(detecting, off, terminal)).toMatchObject({ status: 'detecting', hits: 0 });
    expect(transition(detecting, on, counting)).toMatchObject({ status: 'detecting', hits: 1 });
    expect(transition(detecting, on, { ...terminal, challengeMissing: true })).toMatchObject({ status: 'detecting' });
  });

  it('counts the hold on while the challenge is fetched; a 404 goes back to the run without turns', () => {
    const asked = run(detecting, [on, on, on]);
    expect(asked).toEqual(challenging(3));
    const back = transition(asked, { type: 'challengeMissing' }, terminal);
    expect(back).toEqual({ status: 'detecting', faces: [guide], hits: 3, framing: 'onTarget' });
    const noCall = { ...terminal, challengeMissing: true };
    expect(run(back, times(FACE_CAPTURE_HITS - 2, on), noCall)).toEqual({ status: 'capturing' });
    expect(transition({ status: 'capturing' }, { type: 'captured', image: 'x' }, noCall)).toEqual({
      status: 'submitting',
      image: 'x',
    });
    expect(transition(asked, { type: 'challengeMissing' }, { ...terminal, liveness: 'required' })).toMatchObject({
      status: 'failed',
      problem: 'livenessUnsupported',
    });
  });
});

describe('the turns during the countdown (issue 54)', () => {
  const countdown: FaceState = { status: 'countdown', remaining: 3 };
  const tick: FaceEvent = { type: 'tick' };

  it('asks for them at the countdown’s first hit, and counts its seconds on', () => {
    const asked = transition(countdown, on, login);
    expect(asked).toMatchObject({ status: 'challenging', image: null, countdown: 3, watch: { hits: 1 } });
    expect(transition(asked, tick, login)).toMatchObject({ status: 'challenging', countdown: 2 });
    expect(transition({ ...countdown, remaining: 1 }, on, login)).toMatchObject({ countdown: 1 });
    expect(transition(countdown, on, { ...login, liveness: 'off' })).toMatchObject({ status: 'countdown' });
  });

  it('goes back to the countdown where the back end has no challenge call', () => {
    const asked = run(countdown, [on, tick], login);
    expect(transition(asked, { type: 'challengeMissing' }, login)).toEqual({
      status: 'countdown',
      remaining: 2,
      watch: { faces: [guide], hits: 1, framing: 'onTarget' },
    });
  });

  it('takes the photo at the countdown’s last second, not before, once the turns are done and the face is ahead', () => {
    const answer = { challengeId: 'c', frames: ['f'], evidence: [0] };
    const challengeOf: LivenessChallenge = { challengeId: 'c', actions: ['turnLeft', 'turnRight'], expiresIn: 30 };
    const ready: FaceState = {
      status: 'acting',
      image: null,
      challenge: challengeOf,
      stillTurn: 0,
      samples: [],
      turnsSeen: 2,
      watch: { faces: [guide], hits: FACE_CAPTURE_HITS + 1, framing: 'onTarget' },
      answered: { liveness: answer, turns: [0], challenge: challengeOf },
      facing: true,
      countdown: 2,
    };
    expect(transition(ready, tick, login)).toMatchObject({ status: 'acting', countdown: 1 });
    expect(run(ready, [tick, tick], login)).toEqual({
      status: 'capturing',
      turns: { liveness: answer, turns: [0], challenge: challengeOf },
    });
    expect(run({ ...ready, facing: false }, [tick, tick], login)).toMatchObject({ status: 'acting' });
  });
});

describe('the time limit at a terminal (issue 54)', () => {
  const timedOut: FaceEvent = { type: 'timedOut' };

  it('keeps looking with nobody in front, or only the person just served', () => {
    const empty = run(detecting, [nobody]);
    expect(transition(empty, timedOut, terminal)).toBe(empty);
    expect(transition(detecting, timedOut, terminal)).toBe(detecting);
    const served = run({ ...detecting, spent: true }, [on, on]);
    expect(transition(served, timedOut, terminal)).toBe(served);
  });

  it('prompts someone waiting in front, goes on counting, and goes back by itself', () => {
    const waiting = run(detecting, [off]);
    const prompt = transition(waiting, timedOut, terminal);
    expect(prompt).toMatchObject({ status: 'timeout', watch: { hits: 0, framing: 'offCentre' } });
    expect(faceOutcome(waiting, prompt, 'orther')).toEqual({ kind: 'error', reason: 'timeout' });
    const moved = run(prompt, [on, on], counting);
    expect(transition(moved, { type: 'shown' }, counting)).toMatchObject({ status: 'detecting', hits: 2 });
  });

  it('still times out in login, face or not', () => {
    expect(transition(detecting, timedOut, login)).toEqual({ status: 'timeout' });
  });
});

describe('the camera stays open: one countdown, one opening', () => {
  it('skips the countdown when the camera was already open (a retry after the detector failed)', () => {
    const initializing: FaceState = { status: 'initializing' };
    expect(transition(initializing, { type: 'cameraOpened', alreadyOpen: true }, terminal)).toEqual(detecting);
    expect(transition(initializing, { type: 'cameraOpened' }, terminal)).toEqual({ status: 'countdown', remaining: 3 });
    expect(
      transition(initializing, { type: 'cameraOpened', alreadyOpen: true }, { ...terminal, mode: 'collect' }),
    ).toEqual({ status: 'ready', faces: [] });
  });

  it('pauses a terminal’s result with its camera, and starts over after one that came while hidden', () => {
    expect(transition(success, { type: 'pause' }, terminal)).toEqual({ status: 'paused' });
    expect(transition(refused, { type: 'pause' }, login)).toBe(refused);
    const closed = { ...terminal, cameraOpen: false };
    expect(transition(success, { type: 'resume' }, closed)).toEqual({ status: 'initializing' });
    expect(transition(success, { type: 'retry' }, closed)).toEqual({ status: 'initializing' });
    expect(transition(success, { type: 'resume' }, terminal)).toBe(success);
  });
});
