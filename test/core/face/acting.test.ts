import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type ActingState,
  afterSample,
  answerFromPhoto,
  framesToSend,
  type LivenessSample,
} from '../../../src/core/face/acting';
import { type FaceContext, transition } from '../../../src/core/face/machine';
import { faceNotice } from '../../../src/core/face/notice';
import { $language } from '../../../src/core/i18n/translate';

// The widget's half of the liveness challenge (issue 54): samples followed on the widget's own detector, the answer
// sent as soon as both turns are seen, with the frames the finding rests on.

const login: FaceContext = { mode: 'login', cameraOpen: true, cameraAllowed: true };

const start: ActingState = {
  status: 'acting',
  image: 'data:image/jpeg;base64,PHOTO',
  challenge: { challengeId: 'c-1', actions: ['turnLeft', 'turnRight'], expiresIn: 30 },
  stillTurn: 0.3,
  samples: [],
  turnsSeen: 0,
};

/** Folds samples of these turns (null: no single face) through afterSample, naming the frames f0, f1, … */
function follow(turns: (number | null)[], state: ActingState = start) {
  let next: ReturnType<typeof afterSample> = state;
  for (const [i, turn] of turns.entries()) {
    if (next.status !== 'acting') break;
    const sample: LivenessSample = { frame: `f${i}`, turn };
    next = afterSample(next, sample);
  }
  return next;
}

beforeEach(() => $language.set('en'));
afterEach(() => $language.set('zh-CN'));

describe('afterSample', () => {
  it('sends the pose on the way and the end of each turn, named as the evidence, each end with the frame after it and each pose on the way with the frames beside it, one sample after both turns', () => {
    expect(follow([0.3, 0.2, 0.08, 0.07, null, 0.3, 0.52])).toMatchObject({ status: 'acting', turnsSeen: 2 });
    expect(follow([0.3, 0.2, 0.08, 0.07, null, 0.3, 0.52, 0.6])).toEqual({
      status: 'submitting',
      image: start.image,
      // The finding's own (f1 on the way, f2 the first turn's end; f5, f6 the second's) named for the server to read first.
      liveness: { challengeId: 'c-1', frames: ['f0', 'f1', 'f2', 'f3', 'f5', 'f6', 'f7'], evidence: [1, 2, 4, 5] },
    });
  });

  it('asks for the second turn once the first is seen, and passes over frames without a single face', () => {
    expect(follow([null, 0.2, 0.08])).toMatchObject({ status: 'acting', turnsSeen: 1 });
    expect(follow([0.2, null, null])).toMatchObject({ status: 'acting', turnsSeen: 0 });
  });

  it('begins again when the first turn goes the wrong way, and still sees the movement after it', () => {
    expect(follow([0.4, 0.52])).toMatchObject({ status: 'acting', samples: [], turnsSeen: 0 });
    expect(follow([0.4, 0.52, 0.3, 0.2, 0.08, 0.3, 0.52, 0.55])).toMatchObject({
      status: 'submitting',
      liveness: { frames: ['f2', 'f3', 'f4', 'f5', 'f6', 'f7'] },
    });
  });

  it('sends at most 8 frames: the finding’s own and each end’s next before the frames beside a pose on the way', () => {
    // Evidence at seen frames 2, 5 (first turn) and 8, 11 (second); ends' next 6 and 12; beside the ways 1, 3, 7, 9.
    expect(framesToSend([2, 5, 8, 11], 12)).toEqual([1, 2, 3, 5, 6, 8, 11, 12]);
    expect(framesToSend([0, 1, 2, 3], 3)).toEqual([0, 1, 2, 3]);
  });

  it('asks to turn back and more slowly after a turn with no pose on its way, and follows on once it comes', () => {
    const jumped = follow([0.3, 0.05]);
    expect(jumped).toMatchObject({ status: 'acting', turnsSeen: 0, jumped: true });
    expect(faceNotice(jumped as ActingState, 'login')?.text).toBe(
      'Too fast: turn back, then turn your head again more slowly',
    );
    const followed = follow([0.3, 0.05, 0.2, 0.3, 0.2, 0.08]);
    expect(followed).toMatchObject({ status: 'acting', turnsSeen: 1 });
    expect(followed).not.toHaveProperty('jumped');
    expect(faceNotice(followed as ActingState, 'login')?.text).toBe('Turn your head to your right');
  });

  it('with the photo still to come, keeps the answer once the turns are seen and waits for the face back ahead', () => {
    const during: ActingState = { ...start, image: null, stillTurn: null };
    const turns = [0.3, 0.2, 0.08, 0.07, null, 0.3, 0.52, 0.6];
    const answered = follow(turns, during);
    expect(answered).toMatchObject({
      status: 'acting',
      turnsSeen: 2,
      facing: false,
      answered: { liveness: { frames: ['f0', 'f1', 'f2', 'f3', 'f5', 'f6', 'f7'], evidence: [1, 2, 4, 5] } },
    });
    expect(faceNotice(answered as ActingState, 'login')).toMatchObject({
      text: 'Now turn back and face the camera',
      progress: 1,
    });
    // Still turned, or half way back: the turns measured from there would not reach the rule.
    for (const turn of [0.55, 0.42, null]) {
      expect(follow([...turns, turn], during)).toMatchObject({ status: 'acting', facing: false });
    }
    // Back ahead: the photo may be taken, the finding named anew as seen from it (the server measures from the photo).
    const ahead = follow([...turns, 0.31], during);
    expect(ahead).toMatchObject({ status: 'acting', facing: true });
    expect((ahead as ActingState).answered?.liveness.evidence).toEqual([1, 2, 4, 5]);
    // A little further left than where the turns began: the first turn rests on other frames from there.
    expect(follow([...turns, 0.36], during)).toMatchObject({
      facing: true,
      answered: { liveness: { evidence: [0, 1, 4, 5] } },
    });
    expect(follow([...turns, 0.31, 0.5], during)).toMatchObject({ facing: false });
  });

  it('names the evidence anew from the turn read on the photo taken after the turns, as the server reads it', () => {
    const done = follow([0.3, 0.2, 0.08, 0.07, null, 0.3, 0.52, 0.6, 0.31], { ...start, image: null, stillTurn: null });
    const turns = (done as ActingState).answered!;
    expect(answerFromPhoto(turns, 0.31)?.evidence).toEqual([1, 2, 4, 5]);
    expect(answerFromPhoto(turns, 0.36)?.evidence).toEqual([0, 1, 4, 5]);
    // Not read: the answer as the frames named it. Read where the rule is not met from it: none (the server would
    // refuse it), and the turns are asked again from the photo.
    expect(answerFromPhoto(turns, null)).toBe(turns.liveness);
    expect(answerFromPhoto(turns, 0.5)).toBeNull();
    expect(
      transition({ status: 'capturing', turns }, { type: 'captured', image: '/9j/PHOTO', stillTurn: 0.5 }, login),
    ).toEqual({
      status: 'acting',
      image: '/9j/PHOTO',
      challenge: start.challenge,
      stillTurn: 0.5,
      samples: [],
      turnsSeen: 0,
    });
    expect(
      transition({ status: 'capturing', turns }, { type: 'captured', image: '/9j/PHOTO', stillTurn: 0.31 }, login),
    ).toMatchObject({
      status: 'submitting',
      liveness: { evidence: [1, 2, 4, 5] },
    });
  });

  it('starts from the first sample’s turn when the photo’s was not seen', () => {
    expect(follow([0.3, 0.2, 0.08], { ...start, stillTurn: null })).toMatchObject({ stillTurn: 0.3, turnsSeen: 1 });
  });
});
