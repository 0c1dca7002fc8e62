import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FaceRecord } from '../../../src/core/api/types';
import {
  type Box,
  collectButtons,
  countdownLeft,
  createFaceController,
  type Detection,
  detectionPause,
  FACE_CAPTURE_HITS,
  FACE_DETECT_INTERVAL_MS,
  FACE_DETECT_REST_MS,
  FACE_NEXT_PERSON_MS,
  type FaceController,
  type FaceControllerOptions,
  type FaceMode,
  type FaceState,
  faceNotice,
  guideBox,
  LIVENESS_ACTING_FRAMES,
  LIVENESS_ACTING_MOST_MS,
  LIVENESS_ACTING_MS,
  LIVENESS_SAMPLE_INTERVAL_MS,
  type LivenessAnswer,
  type LivenessChallenge,
} from '../../../src/core/face';
import { $language } from '../../../src/core/i18n/translate';

// The controller driven as the element drives it, with a scripted detector and fake timers: time moves only when a
// test says so, and each detection answers what the script says.

const VIEW = { width: 480, height: 480 };
const GUIDE = guideBox(VIEW);
// A 640 × 480 camera frame covers the 480 × 480 view with 80 px cut off left and right.
const FRAME = { width: 640, height: 480 };
const inFrame = (box: Box): Box => ({ ...box, x: box.x + 80 });

type Shot = 'on' | 'off' | 'none' | 'two';
const SHOTS: Record<Shot, Box[]> = {
  on: [inFrame(GUIDE)],
  off: [inFrame({ ...GUIDE, x: GUIDE.x + 80 })],
  none: [],
  two: [inFrame(GUIDE), inFrame({ ...GUIDE, x: 0 })],
};

const PHOTO = 'data:image/jpeg;base64,/9j/PHOTO';
const CHALLENGE: LivenessChallenge = { challengeId: 'c-1', actions: ['turnLeft', 'turnRight'], expiresIn: 30 };
/**
 * The head's turn in the samples of a person doing CHALLENGE: ahead, half way left, left, back past the middle,
 * right, and a little further (the widget takes one sample more after it has seen both turns).
 */
const MOVEMENT = [0, -0.1, -0.2, 0, 0.2, 0.22];
/** §4's hold: more than 8 hits, one each 250 ms after the first. */
const HOLD_MS = FACE_DETECT_INTERVAL_MS * FACE_CAPTURE_HITS;
/** Frames taken while turns asked for at the first hit run through the hold: one at once, then one each 80 ms. */
const HOLD_SAMPLES = HOLD_MS / LIVENESS_SAMPLE_INTERVAL_MS + 1;
/** From the challenge to the sample that completes the movement: the first sample is taken at once. */
const ACTING_MS = (MOVEMENT.length - 1) * LIVENESS_SAMPLE_INTERVAL_MS;
/**
 * The answer the rig sends: the samples the movement rests on, each turn's end with the frame after it, and which of
 * them the widget's finding rests on (the way and end of each turn).
 */
const answered = (first = 1): LivenessAnswer => ({
  challengeId: CHALLENGE.challengeId,
  frames: MOVEMENT.map((_, i) => `/9j/FRAME${first + i}`),
  evidence: [1, 2, 3, 4],
});

interface Rig {
  controller: FaceController;
  states: FaceState[];
  camera: { opened: number; closed: number; fail: Error | null };
  detector: {
    loads: number;
    detections: number;
    script: Shot[];
    /** What detection sees while the countdown runs (counted apart from `detections`). */
    countdownShot: Shot;
    countdownDetections: number;
    loadFails: boolean;
    loadMs: number;
    /** How long each detection of the live picture takes, on vitest's fake clock (moved only by `advance`). */
    detectMs: number;
    movement: number[];
    /** The pictures the widget made that it read turns on (the photo, then each frame), in order. */
    pictures: string[];
  };
  submitted: [FaceMode, string, string | undefined, LivenessAnswer?][];
  answer: { reject: Error | null; data: unknown };
  /** `missing`: the back end has no challenge call (the calls answer null, as for a 404). */
  challenges: { asked: FaceMode[]; reject: Error | null; missing: boolean };
  record: { value: FaceRecord | null; fail: boolean };
}

function rig(options: Partial<FaceControllerOptions> & { mode: FaceMode }): Rig {
  const camera = { opened: 0, closed: 0, fail: null as Error | null };
  const detector = {
    loads: 0,
    detections: 0,
    script: [] as Shot[],
    countdownShot: 'none' as Shot,
    countdownDetections: 0,
    loadFails: false,
    loadMs: 0,
    detectMs: 0,
    /** The turns the samples of a liveness challenge show, one after the other (the last held). */
    movement: MOVEMENT,
    pictures: [] as string[],
  };
  let sampled = 0;
  const submitted: Rig['submitted'] = [];
  const answer = { reject: null as Error | null, data: { ok: true } as unknown };
  const record = { value: null as FaceRecord | null, fail: false };
  const challenges = { asked: [] as FaceMode[], reject: null as Error | null, missing: false };
  let frames = 0;
  const controller = createFaceController(
    { cameraAllowed: true, ...options },
    {
      camera: {
        async open() {
          if (camera.fail) throw camera.fail;
          camera.opened += 1;
        },
        close: () => {
          camera.closed += 1;
        },
      },
      detector: {
        async load() {
          detector.loads += 1;
          if (detector.loadMs) await new Promise((resolve) => setTimeout(resolve, detector.loadMs));
          if (detector.loadFails) throw new Error('model 404');
        },
        async detect(picture?: string): Promise<Detection> {
          if (picture) detector.pictures.push(picture);
          if (picture === PHOTO) return { faces: SHOTS.on, frame: FRAME, turn: 0 };
          if (controller.$state.get().status === 'countdown') {
            detector.countdownDetections += 1;
            return { faces: SHOTS[detector.countdownShot], frame: FRAME, turn: 0 };
          }
          detector.detections += 1;
          if (detector.detectMs) await new Promise((resolve) => setTimeout(resolve, detector.detectMs));
          if (controller.$state.get().status !== 'acting') {
            sampled = 0;
            return { faces: SHOTS[detector.script.shift() ?? 'none'], frame: FRAME, turn: 0 };
          }
          // Asked to face the camera again after the turns (the hold ran meanwhile), she does.
          if ((controller.$state.get() as { answered?: unknown }).answered)
            return { faces: SHOTS.on, frame: FRAME, turn: 0 };
          const turn = detector.movement[Math.min(sampled++, detector.movement.length - 1)]!;
          return { faces: SHOTS.on, frame: FRAME, turn };
        },
      },
      capture: () => PHOTO,
      captureFrame: () => `data:image/jpeg;base64,/9j/FRAME${++frames}`,
      calls: {
        async challenge(mode) {
          challenges.asked.push(mode);
          if (challenges.reject) throw challenges.reject;
          return challenges.missing ? null : CHALLENGE;
        },
        async record() {
          if (record.fail) throw new Error('500');
          return record.value;
        },
        async submit(mode, image, userId, liveness) {
          submitted.push(liveness ? [mode, image, userId, liveness] : [mode, image, userId]);
          if (answer.reject) throw answer.reject;
          return answer.data;
        },
      },
      viewSize: () => VIEW,
    },
  );
  const states: FaceState[] = [controller.$state.get()];
  controller.$state.listen((state) => states.push(state));
  return { controller, states, camera, detector, submitted, answer, record, challenges };
}

const status = (r: Rig) => r.controller.$state.get().status;
const statuses = (r: Rig) => r.states.map((state) => state.status);
/** Moves the clock on and lets every promise that became ready run. */
const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);
const text = (r: Rig, mode: FaceMode) => faceNotice(r.controller.$state.get(), mode)?.text;

beforeEach(() => {
  vi.useFakeTimers();
  $language.set('en');
});
afterEach(() => {
  vi.useRealTimers();
});

/** Starts a login/clock-in rig and runs it through the 3 s countdown into detection. */
async function detecting(
  mode: FaceMode = 'login',
  script: Shot[] = [],
  options: Partial<FaceControllerOptions> = {},
  /** What the rig answers, set before the first detection (it may ask for the challenge at once). */
  setUp: (r: Rig) => void = () => {},
): Promise<Rig> {
  const r = rig({ mode, ...options });
  r.detector.script = script;
  setUp(r);
  r.controller.start();
  await advance(0);
  expect(status(r)).toBe('countdown');
  await advance(3000);
  expect(['detecting', 'acting', 'failed', 'success']).toContain(status(r));
  return r;
}

describe('countdown (§4, §9: 3 s before capture is enabled)', () => {
  it('counts 3, 2, 1 after the camera opens, with no detection until it ends', async () => {
    const r = rig({ mode: 'login' });
    r.controller.start();
    await advance(0);
    expect(r.camera.opened).toBe(1);
    expect(r.controller.$state.get()).toMatchObject({ status: 'countdown', remaining: 3 });
    expect(text(r, 'login')).toBe('Get ready: 3');
    await advance(1000);
    expect(r.controller.$state.get()).toMatchObject({ status: 'countdown', remaining: 2 });
    await advance(1000);
    expect(r.controller.$state.get()).toMatchObject({ status: 'countdown', remaining: 1 });
    expect(r.detector.detections).toBe(0);
    await advance(1000);
    expect(status(r)).toBe('detecting');
    expect(r.detector.detections).toBe(1);
    const seconds = r.states.flatMap((state) => (state.status === 'countdown' ? [state.remaining] : []));
    expect([...new Set(seconds)]).toEqual([3, 2, 1]);
  });

  it('asks for the turns during the countdown once a face is on target; the photo the moment it ends (issue 54)', async () => {
    const r = rig({ mode: 'login' });
    r.detector.countdownShot = 'on';
    r.controller.start();
    await advance(0);
    // The countdown's first detection: the face on target, the turns asked for at once, the seconds running on.
    expect(r.challenges.asked).toEqual(['login']);
    expect(r.controller.$state.get()).toMatchObject({ status: 'acting', image: null, countdown: 3 });
    expect(text(r, 'login')).toBe('Turn your head to your left');
    await advance(1000);
    expect(countdownLeft(r.controller.$state.get())).toBe(2);
    // Turns done and the face back ahead long before the countdown ends; the hold is over at 2 s.
    await advance(1999);
    expect(r.controller.$state.get()).toMatchObject({ status: 'acting', facing: true, countdown: 1 });
    expect(r.submitted).toEqual([]);
    await advance(1);
    expect(r.submitted).toEqual([['login', '/9j/PHOTO', undefined, answered()]]);
    expect(statuses(r)).not.toContain('detecting');
    expect(r.states.flatMap((state) => countdownLeft(state) ?? [])).toContain(1);
  });

  it('a face that leaves during the countdown starts its run again: no capture from the hits before', async () => {
    // Without liveness, the run alone decides the capture (the turns asked for during a hold are below).
    const r = rig({ mode: 'orther', liveness: 'off' });
    r.detector.countdownShot = 'on';
    r.detector.script = Array(FACE_CAPTURE_HITS).fill('on');
    r.controller.start();
    await advance(2000);
    expect(r.detector.countdownDetections).toBeGreaterThan(FACE_CAPTURE_HITS);
    r.detector.countdownShot = 'none';
    await advance(1000);
    expect(status(r)).toBe('detecting');
    await advance(FACE_DETECT_INTERVAL_MS * FACE_CAPTURE_HITS);
    expect(r.submitted).toEqual([]);
    expect(status(r)).toBe('detecting');
  });

  it('collect counts nothing during its countdown: Photograph waits for it', async () => {
    const r = rig({ mode: 'collect', userId: 'u1' });
    r.controller.start();
    await advance(2999);
    expect(r.detector.countdownDetections).toBe(0);
  });

  it('takes another length when configured, and loads the model while it runs', async () => {
    const r = rig({ mode: 'orther', countdownSeconds: 1 });
    r.controller.start();
    await advance(0);
    expect(r.detector.loads).toBe(1);
    await advance(1000);
    expect(status(r)).toBe('detecting');
  });
});

describe('automatic capture: more than 8 hits in a row (§4, §9)', () => {
  it('asks for the turns once a face is on target, and takes the photo when they are done, the face is ahead again and the hold is over (issue 54)', async () => {
    const r = await detecting('login', ['on']);
    // The first detection on target: the challenge at once; the hold runs on, counted on the frames.
    expect(r.challenges.asked).toEqual(['login']);
    expect(r.controller.$state.get()).toMatchObject({
      status: 'acting',
      image: null,
      challenge: CHALLENGE,
      stillTurn: 0,
      watch: { hits: 1 },
    });
    expect(text(r, 'login')).toBe('Turn your head to your left');
    // The last sample of the movement: both turns seen; now the face is to come back ahead.
    await advance(ACTING_MS);
    expect(r.controller.$state.get()).toMatchObject({ status: 'acting', turnsSeen: 2, facing: false });
    expect(faceNotice(r.controller.$state.get(), 'login')).toMatchObject({
      text: 'Now turn back and face the camera',
      progress: 1,
    });
    $language.set('zh-CN');
    expect(text(r, 'login')).toBe('请转回来，正对摄像头');
    $language.set('zh-HK');
    expect(text(r, 'login')).toBe('請轉回來，正對鏡頭');
    await advance(LIVENESS_SAMPLE_INTERVAL_MS);
    expect(r.controller.$state.get()).toMatchObject({ status: 'acting', facing: true });
    // More than 8 hits, one a 250 ms however often the frames come: the photo 2 s after the first hit, not before.
    await advance(FACE_DETECT_INTERVAL_MS * FACE_CAPTURE_HITS - ACTING_MS - LIVENESS_SAMPLE_INTERVAL_MS - 1);
    expect(r.controller.$state.get()).toMatchObject({ status: 'acting', watch: { hits: FACE_CAPTURE_HITS } });
    expect(r.submitted).toEqual([]);
    await advance(1);
    // The photo is sent (its base64 part) with the frames, named as seen from it: its turn read on it, last.
    expect(r.submitted).toEqual([['login', '/9j/PHOTO', undefined, answered()]]);
    expect(r.detector.pictures.at(-1)).toBe(PHOTO);
    expect(status(r)).toBe('success');
    // One detection for the first hit, then one a sample; none after the photo.
    const detections = r.detector.detections;
    expect(detections).toBe(1 + HOLD_SAMPLES);
    await advance(5000);
    expect(r.detector.detections).toBe(detections);
  });

  it('keeps one detection per 250 ms from start to start when each takes 100 ms: the hold is 2.1 s, not 2.8 s', async () => {
    const r = rig({ mode: 'orther', liveness: 'off' });
    r.detector.detectMs = 100;
    r.detector.script = Array(12).fill('on');
    r.controller.start();
    await advance(3000);
    expect(status(r)).toBe('detecting');
    // Detections start at 0, 250, … 2000 ms; the 9th answers at 2100 ms. A pause after each would start the 9th at 2800.
    await advance(2099);
    expect(r.controller.$state.get()).toMatchObject({ status: 'detecting', hits: 8 });
    expect(r.submitted).toEqual([]);
    await advance(1);
    expect(r.submitted).toHaveLength(1);
  });

  it('rests between two detections when one takes longer than the cadence', () => {
    expect(detectionPause(0)).toBe(FACE_DETECT_INTERVAL_MS);
    expect(detectionPause(100)).toBe(FACE_DETECT_INTERVAL_MS - 100);
    expect(detectionPause(FACE_DETECT_INTERVAL_MS)).toBe(FACE_DETECT_REST_MS);
    expect(detectionPause(900)).toBe(FACE_DETECT_REST_MS);
  });

  it('starts counting again after a miss, a face off target or two faces', async () => {
    const script: Shot[] = [...Array(8).fill('on'), 'none', ...Array(8).fill('on'), 'off', ...Array(8).fill('on')];
    // Without liveness, the run alone decides the capture (the turns asked for during a hold are below).
    const r = await detecting('login', [...script, 'two', ...Array(9).fill('on')], { liveness: 'off' });
    await advance(250 * (script.length + 1 + 7));
    expect(r.submitted).toEqual([]);
    expect(r.controller.$state.get()).toMatchObject({ status: 'detecting', hits: 8 });
    await advance(250);
    expect(r.submitted).toHaveLength(1);
  });

  it('shows the detected faces in view px for the overlay', async () => {
    const r = await detecting('login', ['off']);
    const state = r.controller.$state.get();
    expect(state.status === 'detecting' && state.faces).toEqual([{ ...GUIDE, x: GUIDE.x + 80 }]);
  });

  it('takes the photo first where the hold is nearly done when the turns could begin; the turns follow', async () => {
    const r = await detecting('orther', ['on']);
    await advance(HOLD_MS);
    expect(r.submitted).toHaveLength(1);
    // The next person steps in while the success line shows: counted under it, most of the hold is over when the
    // terminal looks again, so the photo comes first.
    // (The success line's first detection saw nobody: person 1 left.)
    r.detector.script = Array(40).fill('on');
    const before = r.states.length;
    await advance(FACE_NEXT_PERSON_MS + HOLD_MS + ACTING_MS);
    const path = r.states
      .slice(before)
      .map((state) => state.status)
      .filter((status, index, all) => index === 0 || all[index - 1] !== status);
    expect(path).toEqual(['success', 'detecting', 'capturing', 'challenging', 'acting', 'submitting', 'success']);
    expect(r.submitted[1]).toEqual(['orther', '/9j/PHOTO', undefined, answered(1 + HOLD_SAMPLES)]);
    // The turns are read on the pictures sent, as the server reads them (issue 54): the photo, then each frame.
    expect(r.detector.pictures.slice(-1 - MOVEMENT.length)).toEqual([
      PHOTO,
      ...answered(1 + HOLD_SAMPLES).frames.map((frame) => `data:image/jpeg;base64,${frame}`),
    ]);
  });
});

describe('time limit (§4, §8: no face within 15 s)', () => {
  it('gives the timeout prompt after 15 s of detection, and a click retries with a fresh 15 s', async () => {
    const r = await detecting('login');
    await advance(14_999);
    expect(status(r)).toBe('detecting');
    await advance(1);
    expect(status(r)).toBe('timeout');
    expect(text(r, 'login')).toBe(
      'Face detection timeout, click to try again! Please face the designated area in 15 seconds for more than 2 seconds.',
    );
    expect(faceNotice(r.controller.$state.get(), 'login')?.retry).toBe(true);
    const detections = r.detector.detections;
    await advance(10_000);
    expect(r.detector.detections).toBe(detections);

    r.controller.retry();
    expect(status(r)).toBe('detecting');
    expect(r.camera.opened).toBe(1);
    r.detector.script = Array(9).fill('on');
    await advance(250 * 8 + ACTING_MS);
    expect(status(r)).toBe('success');
  });

  it('counts the 15 s from when detection can run, not while the model downloads', async () => {
    const r = rig({ mode: 'login' });
    r.detector.loadMs = 10_000;
    r.controller.start();
    await advance(3000);
    expect(status(r)).toBe('detecting');
    expect(r.detector.detections).toBe(0);
    await advance(7000 + 14_999);
    expect(status(r)).toBe('detecting');
    await advance(1);
    expect(status(r)).toBe('timeout');
  });

  it('says it in Chinese too', async () => {
    // A clock-in terminal prompts only someone in front (the queue, below): here a face off the guide box.
    const r = await detecting('orther', Array(61).fill('off'));
    await advance(15_000);
    $language.set('zh-CN');
    expect(text(r, 'orther')).toBe('人脸检测超时，点击重试！请在15秒内正对指定区域超过2秒。');
  });
});

describe('collect (§4: Photograph, then Again or Save)', () => {
  it('needs a userId: without one it says so and opens nothing', async () => {
    const r = rig({ mode: 'collect' });
    r.controller.start();
    await advance(5000);
    expect(status(r)).toBe('userIdMissing');
    expect(text(r, 'collect')).toBe('userId not found');
    expect(r.camera.opened).toBe(0);
    expect(r.submitted).toEqual([]);
  });

  it('enables Photograph after the countdown; Save only after a photo; Save sends the photo with the userId', async () => {
    const r = rig({ mode: 'collect', userId: 'u-teacher' });
    r.controller.start();
    await advance(0);
    expect(status(r)).toBe('countdown');
    expect(collectButtons(r.controller.$state.get())).toMatchObject({
      photograph: true,
      save: true,
      saveEnabled: false,
    });
    r.controller.photograph();
    expect(status(r)).toBe('countdown');
    await advance(3000);
    expect(status(r)).toBe('ready');
    expect(text(r, 'collect')).toBe('Face the frame, then press Photograph');
    r.controller.save();
    expect(r.submitted).toEqual([]);
    r.controller.photograph();
    expect(r.controller.$state.get()).toEqual({ status: 'captured', image: PHOTO });
    expect(collectButtons(r.controller.$state.get())).toEqual({
      photograph: false,
      again: true,
      save: true,
      saveEnabled: true,
      upload: false,
    });
    r.controller.again();
    expect(status(r)).toBe('ready');
    r.controller.photograph();
    r.controller.save();
    await advance(0);
    expect(r.submitted).toEqual([['collect', '/9j/PHOTO', 'u-teacher']]);
    expect(status(r)).toBe('success');
    expect(text(r, 'collect')).toBe('Face acquisition completed!');
    expect(collectButtons(r.controller.$state.get())).toMatchObject({ again: true, save: false });
  });

  it('shows a registered face with only Again first; Again opens the camera', async () => {
    const r = rig({ mode: 'collect', userId: 'u-teacher' });
    r.record.value = { faceImage: 'AAAA', registerTime: '2026-11-20 08:00:00', userId: 'u-teacher' };
    r.controller.start();
    await advance(0);
    expect(r.controller.$state.get()).toEqual({ status: 'registered', record: r.record.value });
    expect(collectButtons(r.controller.$state.get())).toEqual({
      photograph: false,
      again: true,
      save: false,
      saveEnabled: false,
      upload: false,
    });
    expect(r.camera.opened).toBe(0);
    r.controller.again();
    await advance(3000);
    expect(status(r)).toBe('ready');
    expect(r.camera.opened).toBe(1);
  });

  it('goes on to the camera when the face record cannot be loaded (§8: only the indicator stops)', async () => {
    const r = rig({ mode: 'collect', userId: 'u-teacher' });
    r.record.fail = true;
    r.controller.start();
    await advance(0);
    expect(status(r)).toBe('countdown');
    expect(faceNotice({ status: 'initializing' }, 'collect')).toBeNull();
  });

  it('keeps the photo when saving fails: the message, then a click brings the photo back to save again', async () => {
    const r = rig({ mode: 'collect', userId: 'u-teacher' });
    r.answer.reject = new Error('人脸照片无效');
    r.controller.start();
    await advance(3000);
    r.controller.photograph();
    r.controller.save();
    await advance(0);
    expect(r.controller.$state.get()).toEqual({ status: 'failed', message: '人脸照片无效', image: PHOTO });
    expect(faceNotice(r.controller.$state.get(), 'collect')).toEqual({
      tone: 'error',
      text: '人脸照片无效',
      retry: true,
      retryText: 'Click to try again',
    });
    r.controller.retry();
    expect(r.controller.$state.get()).toEqual({ status: 'captured', image: PHOTO });
    r.answer.reject = null;
    r.controller.save();
    await advance(0);
    expect(status(r)).toBe('success');
    expect(r.submitted).toHaveLength(2);
  });
});

describe('no camera here (§4, §8)', () => {
  it('on an http page: collect offers the upload, and an uploaded picture can be saved', async () => {
    const r = rig({ mode: 'collect', userId: 'u-teacher', cameraAllowed: false });
    r.controller.start();
    await advance(0);
    expect(r.controller.$state.get()).toEqual({ status: 'unavailable', problem: 'insecure', upload: true });
    expect(collectButtons(r.controller.$state.get()).upload).toBe(true);
    expect(r.camera.opened).toBe(0);
    expect(r.detector.loads).toBe(0);
    r.controller.upload('data:image/jpeg;base64,/9j/UPLOAD');
    r.controller.save();
    await advance(0);
    expect(r.submitted).toEqual([['collect', '/9j/UPLOAD', 'u-teacher']]);
    r.controller.again();
    expect(r.controller.$state.get()).toMatchObject({ status: 'unavailable', upload: true });
  });

  it('on an http page: login has neither camera nor upload', async () => {
    const r = rig({ mode: 'login', cameraAllowed: false });
    r.controller.start();
    await advance(0);
    expect(r.controller.$state.get()).toEqual({ status: 'unavailable', problem: 'insecure', upload: false });
    expect(faceNotice(r.controller.$state.get(), 'login')?.retry).toBe(false);
  });

  it.each([
    ['NotFoundError', 'noCamera', 'No camera device detected by this device!'],
    ['OverconstrainedError', 'noCamera', 'No camera device detected by this device!'],
    ['NotAllowedError', 'denied', 'Camera access was denied: allow the camera for this site'],
    ['NotReadableError', 'busy', 'The camera is in use by another application'],
  ])('%s means %s', async (name, problem, message) => {
    const r = rig({ mode: 'login' });
    r.camera.fail = Object.assign(new Error('no'), { name });
    r.controller.start();
    await advance(0);
    expect(r.controller.$state.get()).toEqual({ status: 'unavailable', problem, upload: false });
    expect(text(r, 'login')).toBe(message);
    r.camera.fail = null;
    r.controller.retry();
    await advance(0);
    expect(status(r)).toBe('countdown');
  });
});

describe('answers of the server', () => {
  it('login: a non-200 message shows in the widget with Click to try again; the click looks again', async () => {
    const r = await detecting('login', ['on'], {}, (rig) => {
      rig.answer.reject = new Error('未识别到已登记的人脸');
    });
    await advance(250 * 8 + ACTING_MS);
    expect(r.controller.$state.get()).toEqual({ status: 'failed', message: '未识别到已登记的人脸', image: null });
    r.controller.retry();
    expect(r.controller.$state.get()).toEqual({ status: 'detecting', faces: [], hits: 0 });
    await advance(15_000);
    expect(status(r)).toBe('timeout');
  });

  it('clock-in: says who clocked in, then a click serves the next person', async () => {
    const r = await detecting('orther', ['on'], {}, (rig) => {
      rig.answer.data = { userId: 'u-teacher', realName: '王老师', clockTime: '2026-11-21 08:01:02' };
    });
    await advance(250 * 8 + ACTING_MS);
    expect(text(r, 'orther')).toBe('王老师 clocked in at 2026-11-21 08:01:02');
    expect(faceNotice(r.controller.$state.get(), 'orther')?.retryText).toBe('Click for the next person');
    r.controller.retry();
    expect(status(r)).toBe('detecting');
    // The next person answers a challenge of their own, with frames of their own.
    r.detector.script = ['on'];
    await advance(250 * 8 + ACTING_MS);
    expect(r.challenges.asked).toEqual(['orther', 'orther']);
    expect(r.submitted.map((sent) => sent[3])).toEqual([answered(1), answered(1 + HOLD_SAMPLES)]);
  });
});

describe('the liveness challenge (issue 37)', () => {
  it('asks in the page language for each turn in order, counting the turns seen as progress', async () => {
    const r = await detecting('login', ['on']);
    expect(r.controller.$state.get()).toMatchObject({ status: 'acting', turnsSeen: 0 });
    expect(faceNotice(r.controller.$state.get(), 'login')).toEqual({
      tone: 'info',
      text: 'Turn your head to your left',
      retry: false,
      progress: 0,
    });
    $language.set('zh-CN');
    expect(text(r, 'login')).toBe('请向左转头');
    $language.set('zh-HK');
    expect(text(r, 'login')).toBe('請向左轉頭');
    // The third sample shows the left turn done: the right one is asked for.
    await advance(2 * LIVENESS_SAMPLE_INTERVAL_MS);
    $language.set('en');
    expect(faceNotice(r.controller.$state.get(), 'login')).toMatchObject({
      text: 'Turn your head to your right',
      progress: 0.5,
    });
  });

  it('says so when the turns are not seen in time, and sends nothing', async () => {
    const r = await detecting('login', ['on'], {}, (rig) => {
      rig.detector.movement = [0];
    });
    await advance(LIVENESS_ACTING_MS - 1);
    expect(status(r)).toBe('acting');
    await advance(1);
    expect(r.controller.$state.get()).toMatchObject({ status: 'failed', problem: 'movementNotSeen' });
    expect(faceNotice(r.controller.$state.get(), 'login')?.text).toBe(
      'The head turns were not seen: turn your head each way as asked',
    );
    expect(r.submitted).toEqual([]);
  });

  it('gives a person told her turn was too fast the time to turn again, though the challenge began 8 s ago', async () => {
    // Still for 4.8 s, then a turn too fast for the frames (nothing on its way), held for 4 s; then back half way and
    // to the left again, and on to the right: done some 9.2 s after the challenge.
    const r = await detecting('login', ['on'], {}, (rig) => {
      rig.detector.movement = [...Array(60).fill(0), ...Array(50).fill(-0.3), -0.15, -0.3, 0, 0.2, 0.22];
    });
    await advance(60 * LIVENESS_SAMPLE_INTERVAL_MS);
    expect(text(r, 'login')).toBe('Too fast: turn back, then turn your head again more slowly');
    await advance(LIVENESS_ACTING_MS - 60 * LIVENESS_SAMPLE_INTERVAL_MS);
    expect(status(r)).toBe('acting');
    await advance(60 * LIVENESS_SAMPLE_INTERVAL_MS);
    expect(r.submitted).toHaveLength(1);
    expect(r.states.some((state) => state.status === 'failed')).toBe(false);
  });

  it('on a slow detector, waits for its frames as well as the time: 8 s are not enough looks at a turn', async () => {
    // A frame every 300 ms (a slow phone, or a busy machine): 8 s are some 27 frames; the widget waits for 50.
    const r = await detecting('login', ['on'], {}, (rig) => {
      rig.detector.movement = [0];
    });
    r.detector.detectMs = 300 - LIVENESS_SAMPLE_INTERVAL_MS;
    // The movement's first frame was taken as it began (still at once), the rest at the slow detector's pace.
    const before = r.detector.detections - 1;
    let waited = 0;
    while (status(r) === 'acting' && waited < LIVENESS_ACTING_MOST_MS) {
      await advance(100);
      waited += 100;
    }
    expect(r.controller.$state.get()).toMatchObject({ status: 'failed', problem: 'movementNotSeen' });
    expect(waited).toBeGreaterThan(LIVENESS_ACTING_MS + 6000);
    // 50 frames without progress, the last of them giving up.
    expect(r.detector.detections - before).toBe(LIVENESS_ACTING_FRAMES);
    expect(r.submitted).toEqual([]);
  });

  it('on a detector that takes a second a frame, gives a person told she was too fast the frames to turn again', async () => {
    // Told at the second frame; she holds the turn for 9 frames (9 s: a quick detector would have given up at 8 s),
    // then turns back and again, and on to the right: seen at the 15th frame, some 15 s after the challenge.
    const r = await detecting('login', ['on'], {}, (rig) => {
      rig.detector.movement = [0, ...Array(10).fill(-0.3), -0.15, -0.3, 0, 0.2, 0.22];
    });
    r.detector.detectMs = 1000 - LIVENESS_SAMPLE_INTERVAL_MS;
    await advance(2000);
    expect(text(r, 'login')).toBe('Too fast: turn back, then turn your head again more slowly');
    await advance(LIVENESS_ACTING_MS + 1000);
    expect(status(r)).toBe('acting');
    await advance(5000);
    expect(r.submitted).toHaveLength(1);
    expect(r.states.some((state) => state.status === 'failed')).toBe(false);
  });

  it('gives up 20 s after the challenge however the movement gets on, well inside its 30 s', async () => {
    // Too fast at 7.2 s (8 s more), the first turn seen at 14.5 s (8 s more, cut to 20 s), then nothing.
    const r = await detecting('login', ['on'], {}, (rig) => {
      rig.detector.movement = [...Array(90).fill(0), ...Array(90).fill(-0.3), -0.15, -0.3];
    });
    await advance(LIVENESS_ACTING_MOST_MS - 1);
    expect(r.controller.$state.get()).toMatchObject({ status: 'acting', turnsSeen: 1 });
    await advance(1);
    expect(r.controller.$state.get()).toMatchObject({ status: 'failed', problem: 'movementNotSeen' });
    expect(r.submitted).toEqual([]);
  });

  it('shows a challenge that cannot be fetched as a failure, and a click looks again', async () => {
    const r = await detecting('orther', ['on'], {}, (rig) => {
      rig.challenges.reject = new Error('Only a clock-in terminal can record attendance');
    });
    // toMatchObject: a clock-in terminal detects the next person while the failure shows (`watch`, the queue below).
    expect(r.controller.$state.get()).toMatchObject({
      status: 'failed',
      message: 'Only a clock-in terminal can record attendance',
      image: null,
    });
    expect(r.submitted).toEqual([]);
    r.controller.retry();
    expect(status(r)).toBe('detecting');
  });

  it('drops a challenge under way when the tab is hidden: no frame of a closed camera is sent', async () => {
    const r = await detecting('login', ['on']);
    await advance(LIVENESS_SAMPLE_INTERVAL_MS);
    expect(status(r)).toBe('acting');
    r.controller.pause();
    await advance(ACTING_MS * 2);
    expect(status(r)).toBe('paused');
    expect(r.submitted).toEqual([]);
  });
});

describe('detector failures', () => {
  it('login cannot work without the model: it says so, and a click loads it again', async () => {
    const r = rig({ mode: 'login' });
    r.detector.loadFails = true;
    r.controller.start();
    await advance(3000);
    expect(status(r)).toBe('modelFailed');
    expect(text(r, 'login')).toBe('The face detector could not be loaded');
    r.detector.loadFails = false;
    r.controller.retry();
    await advance(3000);
    expect(status(r)).toBe('detecting');
    expect(r.detector.loads).toBe(2);
    expect(r.camera.opened).toBe(1);
  });

  it('collect works without it (the overlay just shows no face box)', async () => {
    const r = rig({ mode: 'collect', userId: 'u1' });
    r.detector.loadFails = true;
    r.controller.start();
    await advance(3000);
    expect(status(r)).toBe('ready');
    r.controller.photograph();
    expect(status(r)).toBe('captured');
  });
});

describe('pause and resume (the tab is hidden, the element leaves the page)', () => {
  it('closes the camera, stops detecting and the time limit, then starts over with a countdown', async () => {
    const r = await detecting('login');
    r.controller.pause();
    expect(status(r)).toBe('paused');
    expect(r.camera.closed).toBe(1);
    const detections = r.detector.detections;
    await advance(60_000);
    expect(r.detector.detections).toBe(detections);
    expect(status(r)).toBe('paused');
    r.controller.resume();
    await advance(0);
    expect(status(r)).toBe('countdown');
    expect(r.camera.opened).toBe(2);
  });

  it('keeps a photo not yet saved, and closes the camera behind it', async () => {
    const r = rig({ mode: 'collect', userId: 'u1' });
    r.controller.start();
    await advance(3000);
    r.controller.photograph();
    r.controller.pause();
    expect(r.controller.$state.get()).toEqual({ status: 'captured', image: PHOTO });
    expect(r.camera.closed).toBe(1);
    r.controller.again();
    await advance(0);
    expect(status(r)).toBe('countdown');
    expect(r.camera.opened).toBe(2);
  });

  it('closes a camera that finished opening after the pause', async () => {
    const r = rig({ mode: 'login' });
    r.controller.start();
    r.controller.pause();
    await advance(0);
    expect(r.camera.opened).toBe(1);
    expect(r.camera.closed).toBe(1);
    expect(status(r)).toBe('paused');
  });

  it('ignores everything after destroy', async () => {
    const r = await detecting('login', Array(20).fill('on'));
    r.controller.destroy();
    await advance(20_000);
    expect(r.submitted).toEqual([]);
    expect(r.camera.closed).toBe(1);
  });
});

describe('a back end that serves §7 as written (issue 53): no challenge call', () => {
  /** Detection through to the automatic capture: 9 hits, one every 250 ms after the first. */
  const CAPTURE_MS = 250 * 8;

  it.each(['login', 'orther'] as const)('%s: a 404 sends the photo alone, and it signs in', async (mode) => {
    const r = await detecting(mode, Array(9).fill('on'), {}, (rig) => {
      rig.challenges.missing = true;
    });
    await advance(CAPTURE_MS);
    expect(r.challenges.asked).toEqual([mode]);
    expect(r.submitted).toEqual([[mode, '/9j/PHOTO', undefined]]);
    expect(r.controller.$state.get()).toMatchObject({ status: 'success', image: PHOTO, data: { ok: true } });
    expect(statuses(r)).not.toContain('acting');
  });

  it('shows the refusal of a server that wants liveness after all, and asks nothing more by itself', async () => {
    const r = await detecting('login', Array(9).fill('on'), {}, (rig) => {
      rig.challenges.missing = true;
      rig.answer.reject = new Error('请先完成活体检测');
    });
    await advance(CAPTURE_MS);
    expect(r.controller.$state.get()).toEqual({ status: 'failed', message: '请先完成活体检测', image: null });
    expect(faceNotice(r.controller.$state.get(), 'login')).toMatchObject({ text: '请先完成活体检测', retry: true });
    await advance(ACTING_MS * 2);
    expect(r.challenges.asked).toHaveLength(1);
    expect(r.submitted).toHaveLength(1);
  });

  it('liveness "required": a 404 is an error in the page language, and no photo is sent', async () => {
    const r = await detecting('orther', ['on'], { liveness: 'required' }, (rig) => {
      rig.challenges.missing = true;
    });
    expect(r.controller.$state.get()).toMatchObject({ status: 'failed', problem: 'livenessUnsupported', image: null });
    expect(r.submitted).toEqual([]);
    expect(faceNotice(r.controller.$state.get(), 'orther')).toEqual({
      tone: 'error',
      text: 'Face recognition here needs a liveness check, which this platform does not provide',
      retry: true,
      retryText: 'Click to try again',
      nextStep: 'Please contact your administrator',
    });
    $language.set('zh-CN');
    expect(text(r, 'orther')).toBe('此处的人脸识别需要活体检测，本平台未提供');
    $language.set('zh-HK');
    expect(text(r, 'orther')).toBe('此處的人臉識別需要活體檢測，本平台未提供');
    r.controller.retry();
    expect(status(r)).toBe('detecting');
  });

  it('liveness "required" with a challenge call works as before', async () => {
    const r = await detecting('login', Array(9).fill('on'), { liveness: 'required' });
    await advance(CAPTURE_MS + ACTING_MS);
    expect(r.submitted).toEqual([['login', '/9j/PHOTO', undefined, answered()]]);
  });

  it('liveness "off": no challenge is asked for; the photo goes alone', async () => {
    const r = await detecting('login', Array(9).fill('on'), { liveness: 'off' });
    await advance(CAPTURE_MS);
    expect(r.challenges.asked).toEqual([]);
    expect(r.submitted).toEqual([['login', '/9j/PHOTO', undefined]]);
    expect(status(r)).toBe('success');
  });

  it.each(['auto', 'required'] as const)(
    'liveness %s: any other failure of the challenge call stays an error',
    async (liveness) => {
      const r = await detecting('login', ['on'], { liveness }, (rig) => {
        rig.challenges.reject = new Error('500 Internal Server Error');
      });
      expect(r.controller.$state.get()).toEqual({
        status: 'failed',
        message: '500 Internal Server Error',
        image: null,
      });
      expect(r.submitted).toEqual([]);
    },
  );
});
