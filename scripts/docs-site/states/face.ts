// The face widget's states as core's machine reaches them: each scene is a mode and the events, from the widget's
// first state, that the camera, the detector, the timers and the server would send. Folding them through
// `transition` gives the state <ph-face> shows; nothing here decides a state by hand.
import {
  type Box,
  FACE_CAPTURE_HITS,
  FACE_DETECT_INTERVAL_MS,
  type FaceEvent,
  type FaceMode,
  type FaceState,
  type FaceStatus,
  guideBox,
  initialFaceState,
  type Language,
  LIVENESS_CHALLENGE_SECONDS,
  LIVENESS_SAMPLE_INTERVAL_MS,
  type LivenessChallenge,
  transition,
} from '../../../src/core';

export interface FaceScene {
  name: string;
  mode: FaceMode;
  /** Collect mode's user; none shows what a page that forgot it gets. */
  userId?: string;
  events: FaceEvent[];
}

/** The size the gallery draws each widget at (its stage is square): the detector's boxes are in this view. */
export const GALLERY_VIEW = { width: 240, height: 240 };

/** What the server says when a photo shows no face (the reference server's message, in each language). */
const NO_FACE: Record<Language, string> = {
  'zh-CN': '照片中没有检测到人脸，请正对摄像头重试',
  en: 'No face was found in the photo; face the camera and try again',
  'zh-HK': '相片中沒有偵測到人臉，請正對鏡頭重試',
};

const repeat = <T>(count: number, item: T): T[] => Array.from({ length: count }, () => item);

/** The events of one scene, with the photo the camera gave and the page language (the server's message). */
function scenes(photo: string, language: Language): FaceScene[] {
  const guide = guideBox(GALLERY_VIEW);
  const face: Box = { ...guide, x: guide.x + 6, y: guide.y - 4 };
  const seen: FaceEvent = { type: 'detected', faces: [face], guide };
  const opened: FaceEvent[] = [{ type: 'cameraOpened' }, ...repeat(3, { type: 'tick' } as FaceEvent)];
  const photographed: FaceEvent[] = [...opened, { type: 'captured', image: photo }];
  const saved: FaceEvent[] = [...photographed, { type: 'save' }];
  const tick = { type: 'tick' } as FaceEvent;
  // Login and clock-in ask for the turns at the countdown's first hit and take the photo after them (issue 54).
  const offTarget: FaceEvent = { type: 'detected', faces: [{ ...face, x: face.x + 80 }], guide };
  const detecting: FaceEvent[] = [...opened, ...repeat(3, offTarget)];
  const challenging: FaceEvent[] = [{ type: 'cameraOpened' }, seen];
  const challenge: LivenessChallenge = {
    challengeId: 'gallery',
    actions: ['turnLeft', 'turnRight'],
    expiresIn: LIVENESS_CHALLENGE_SECONDS,
  };
  const challenged: FaceEvent[] = [...challenging, { type: 'challenged', challenge, stillTurn: null }];
  /** Frames of the head: ahead, turning left half way, all the way, back past the middle, right, a little further. */
  const turns = [0, -0.1, -0.2, 0, 0.2, 0.22];
  /** Each frame with the face on target, one every 80 ms: they count the hold. */
  const turning = (heads: number[]): FaceEvent[] =>
    heads.map((turn, index) => ({
      type: 'sampled',
      sample: { frame: photo, turn },
      seen: { faces: [face], guide, at: index * LIVENESS_SAMPLE_INTERVAL_MS },
    }));
  /** The turns, then the face back ahead for the rest of the hold; the countdown's seconds; the photo. */
  const heldAhead = Math.ceil((FACE_DETECT_INTERVAL_MS * FACE_CAPTURE_HITS) / LIVENESS_SAMPLE_INTERVAL_MS);
  const autoCaptured: FaceEvent[] = [
    ...challenged,
    ...turning([...turns, ...repeat(heldAhead, 0)]),
    ...repeat(3, tick),
  ];
  const sent: FaceEvent[] = [...autoCaptured, { type: 'captured', image: photo }];
  const record = { faceImage: photo.split(',')[1]!, registerTime: '2026-09-01 08:00:00', userId: 'u-teacher' };
  const collect = (name: string, events: FaceEvent[]): FaceScene => ({
    name,
    mode: 'collect',
    userId: 'u-teacher',
    events,
  });
  return [
    { name: 'userIdMissing', mode: 'collect', events: [] },
    collect('initializing', []),
    collect('registered', [{ type: 'recordLoaded', record }]),
    collect('unavailable', [{ type: 'cameraFailed', problem: 'noCamera' }]),
    collect('countdown', [{ type: 'cameraOpened' }, { type: 'tick' }]),
    collect('ready', opened),
    collect('captured', photographed),
    collect('submitting', saved),
    collect('success', [...saved, { type: 'submitted', data: null }]),
    collect('failed', [...saved, { type: 'submitFailed', message: NO_FACE[language] }]),
    { name: 'detecting', mode: 'login', events: detecting },
    { name: 'capturing', mode: 'login', events: autoCaptured },
    { name: 'challenging', mode: 'login', events: challenging },
    { name: 'acting', mode: 'login', events: [...challenged, ...turning(turns.slice(0, 3))] },
    { name: 'timeout', mode: 'login', events: [...detecting, { type: 'timedOut' }] },
    { name: 'modelFailed', mode: 'login', events: [{ type: 'modelFailed' }] },
    {
      name: 'success',
      mode: 'orther',
      events: [...sent, { type: 'submitted', data: null }],
    },
    { name: 'paused', mode: 'orther', events: [{ type: 'cameraOpened' }, { type: 'pause' }] },
  ];
}

/** Every status of the machine: the compiler asks for a new one here, the gallery's test for its scene. */
const STATUSES: Record<FaceStatus, true> = {
  initializing: true,
  registered: true,
  userIdMissing: true,
  unavailable: true,
  countdown: true,
  ready: true,
  detecting: true,
  capturing: true,
  challenging: true,
  acting: true,
  timeout: true,
  captured: true,
  submitting: true,
  success: true,
  failed: true,
  modelFailed: true,
  paused: true,
};
export const FACE_STATUSES = Object.keys(STATUSES) as FaceStatus[];

/** The names of the scenes, in the gallery's order: `mode/status`. */
export const FACE_SCENES = scenes('data:,', 'en').map((scene) => `${scene.mode}/${scene.name}`);

/** The state a scene ends in. */
export function faceSceneState(key: string, photo: string, language: Language): { mode: FaceMode; state: FaceState } {
  const scene = scenes(photo, language).find((candidate) => `${candidate.mode}/${candidate.name}` === key);
  if (!scene) throw new Error(`No face scene ${key}`);
  let state = initialFaceState(scene.mode, scene.userId);
  let cameraOpen = false;
  for (const event of scene.events) {
    if (event.type === 'cameraOpened') cameraOpen = true;
    if (event.type === 'pause') cameraOpen = false;
    state = transition(state, event, { mode: scene.mode, cameraOpen, cameraAllowed: true });
  }
  if (state.status !== (scene.name as FaceStatus)) throw new Error(`${key} ends in ${state.status}`);
  return { mode: scene.mode, state };
}
