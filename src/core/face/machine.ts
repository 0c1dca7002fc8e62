import type { FaceRecord } from '../api/types';
import { FACE_CAPTURE_HITS, FACE_COUNTDOWN_SECONDS, type FaceLiveness, type FaceMode } from './constants';
import { type Box, isOnTarget } from './geometry';
import { LIVENESS_FRAMES, type LivenessAnswer, type LivenessChallenge } from './liveness';

// The face widget of §4 as a pure state machine: `transition` decides the next state from an event; the
// controller (controller.ts) carries the states out with a camera, a detector, a clock and the face calls.

/** Why the camera cannot be used: an http page that is not localhost, no device, a refusal, a device in use. */
export type CameraProblem = 'insecure' | 'noCamera' | 'denied' | 'busy';

export type FaceState =
  /** Loading the registered face (collect), opening the camera, loading the detector. */
  | { status: 'initializing' }
  /** Collect with a face already registered: its photo, and only Again. */
  | { status: 'registered'; record: FaceRecord }
  /** §5: collect needs a userId. Nothing else works without one. */
  | { status: 'userIdMissing' }
  /** The camera cannot be used; collect offers an upload instead. A click retries opening it. */
  | { status: 'unavailable'; problem: CameraProblem; upload: boolean }
  /** The camera is open; capture is enabled when this reaches 0. */
  | { status: 'countdown'; remaining: number }
  /** Collect: the live picture with Photograph (Save disabled until a photo). */
  | { status: 'ready'; faces: Box[] }
  /** Login and clock-in: looking for one face on target, `hits` detections in a row so far. */
  | { status: 'detecting'; faces: Box[]; hits: number }
  /** Login and clock-in: the face stayed on target; the frame is being taken. */
  | { status: 'capturing' }
  /** No capture within the time limit; a click retries. */
  | { status: 'timeout' }
  /** Login and clock-in: the photo is taken; the server's liveness challenge is being fetched. */
  | { status: 'challenging'; image: string }
  /** Login and clock-in: the user is asked for the challenge's action while `frames` are recorded (issue 37). */
  | { status: 'acting'; image: string; challenge: LivenessChallenge; frames: string[] }
  /** Collect: a photo (camera or upload) with Again and Save. */
  | { status: 'captured'; image: string }
  /** The photo is on its way; login and clock-in send the challenge's answer with it when there was a challenge. */
  | { status: 'submitting'; image: string; liveness?: LivenessAnswer }
  /** The call answered 200: collect saved, login signed in, clock-in recorded (`data` is the answer's data). */
  | { status: 'success'; image: string; data: unknown }
  /** A call failed: its message, then 'Click to try again'. Collect keeps the photo so nothing is lost. */
  | { status: 'failed'; message: string; image: string | null }
  /** Liveness `required`, and the back end has no challenge call: the widget words it itself; a click looks again. */
  | { status: 'failed'; problem: 'livenessUnsupported'; image: null }
  /** The detector could not be loaded (login and clock-in cannot work without it). A click retries. */
  | { status: 'modelFailed' }
  /** The element left the page or the tab is hidden: the camera is closed until it comes back. */
  | { status: 'paused' };

export type FaceStatus = FaceState['status'];

export type FaceEvent =
  /** Collect: the registered face, or null (none, or the load failed: §8 only stops the loading indicator). */
  | { type: 'recordLoaded'; record: FaceRecord | null }
  | { type: 'cameraOpened' }
  | { type: 'cameraFailed'; problem: CameraProblem }
  | { type: 'modelFailed' }
  /** One second of the countdown passed. */
  | { type: 'tick' }
  /** One detection: faces and guide box in view px. */
  | { type: 'detected'; faces: Box[]; guide: Box }
  | { type: 'timedOut' }
  /** A frame was taken (Photograph in collect, or the automatic capture). */
  | { type: 'captured'; image: string }
  /** Collect without a camera: a chosen picture, already turned into the capture format. */
  | { type: 'uploaded'; image: string }
  /** The server named the action to do. */
  | { type: 'challenged'; challenge: LivenessChallenge }
  /** The challenge could not be fetched: its message. */
  | { type: 'challengeFailed'; message: string }
  /** The back end has no challenge call (it answered 404): it checks no liveness. */
  | { type: 'challengeMissing' }
  /** One frame of the action was recorded (a JPEG data URL). */
  | { type: 'frameRecorded'; frame: string }
  | { type: 'again' }
  | { type: 'save' }
  | { type: 'submitted'; data: unknown }
  | { type: 'submitFailed'; message: string }
  /** The click of 'Click to try again' (timeout, failure, unavailable camera, or the next person after a clock-in). */
  | { type: 'retry' }
  | { type: 'pause' }
  | { type: 'resume' };

export interface FaceContext {
  mode: FaceMode;
  /** Whether the camera is open right now. */
  cameraOpen: boolean;
  /** Whether this page may open a camera at all (https or localhost). */
  cameraAllowed: boolean;
  countdownSeconds?: number;
  /** Login and clock-in: whether to ask for the liveness challenge (`auto` when not given). */
  liveness?: FaceLiveness;
}

/** §4/§5: collect needs a userId; otherwise the widget starts initializing. */
export function initialFaceState(mode: FaceMode, userId: string | undefined): FaceState {
  return mode === 'collect' && !userId ? { status: 'userIdMissing' } : { status: 'initializing' };
}

const isAuto = (mode: FaceMode) => mode !== 'collect';

/** What opening the camera leads to: the countdown, or straight on when the camera was already open. */
function openCamera(ctx: FaceContext): FaceState {
  if (!ctx.cameraAllowed) return { status: 'unavailable', problem: 'insecure', upload: ctx.mode === 'collect' };
  if (!ctx.cameraOpen) return { status: 'initializing' };
  return isAuto(ctx.mode) ? { status: 'detecting', faces: [], hits: 0 } : { status: 'ready', faces: [] };
}

function afterCountdown(state: Extract<FaceState, { status: 'countdown' }>, ctx: FaceContext): FaceState {
  if (state.remaining > 1) return { status: 'countdown', remaining: state.remaining - 1 };
  return isAuto(ctx.mode) ? { status: 'detecting', faces: [], hits: 0 } : { status: 'ready', faces: [] };
}

/** One detection while looking: exactly one face on target is a hit; more than 8 hits in a row captures. */
function afterDetection(state: FaceState, faces: Box[], guide: Box): FaceState {
  if (state.status === 'ready') return { status: 'ready', faces };
  if (state.status !== 'detecting') return state;
  const onTarget = faces.length === 1 && isOnTarget(faces[0]!, guide);
  const hits = onTarget ? state.hits + 1 : 0;
  return hits > FACE_CAPTURE_HITS ? { status: 'capturing' } : { status: 'detecting', faces, hits };
}

function afterCapture(state: FaceState, image: string, ctx: FaceContext): FaceState {
  // Login and clock-in: the §4 capture is followed by the liveness challenge (issue 37), unless the page turned it off.
  if (state.status === 'capturing') {
    return ctx.liveness === 'off' ? { status: 'submitting', image } : { status: 'challenging', image };
  }
  if (state.status === 'ready' && ctx.mode === 'collect') return { status: 'captured', image };
  return state;
}

/**
 * No challenge call on this back end: the plain §7 call with the photo alone, whose answer (a refusal from a server
 * that does want liveness) is shown as any other; unless the page requires liveness.
 */
function afterChallengeMissing(state: FaceState, ctx: FaceContext): FaceState {
  if (state.status !== 'challenging') return state;
  if (ctx.liveness === 'required') return { status: 'failed', problem: 'livenessUnsupported', image: null };
  return { status: 'submitting', image: state.image };
}

/** A frame of the action: the last one sends the photo with every frame. */
function afterFrame(state: FaceState, frame: string): FaceState {
  if (state.status !== 'acting') return state;
  const frames = [...state.frames, frame];
  if (frames.length < LIVENESS_FRAMES) return { ...state, frames };
  return { status: 'submitting', image: state.image, liveness: { challengeId: state.challenge.challengeId, frames } };
}

/** The click that retries: what it leads to depends on what failed. */
function afterRetry(state: FaceState, ctx: FaceContext): FaceState {
  switch (state.status) {
    case 'timeout':
      return openCamera(ctx);
    case 'modelFailed':
      return { status: 'initializing' };
    case 'unavailable':
      return state.problem === 'insecure' ? state : { status: 'initializing' };
    case 'failed':
      return state.image && ctx.mode === 'collect' ? { status: 'captured', image: state.image } : openCamera(ctx);
    case 'success':
      // Clock-in terminals serve one person after another; a signed-in login or a saved face has nothing to retry.
      return ctx.mode === 'orther' ? openCamera(ctx) : state;
    default:
      return state;
  }
}

/** States that need no camera and survive a pause as they are. */
const KEPT_WHILE_PAUSED: ReadonlySet<FaceStatus> = new Set([
  'userIdMissing',
  'registered',
  'unavailable',
  'captured',
  'submitting',
  'success',
  'failed',
]);

/** Collect states that show Again. */
const AGAIN_FROM: ReadonlySet<FaceStatus> = new Set(['registered', 'captured', 'success']);

/** Login and clock-in states that cannot go on without the detector. */
const WAITING_FOR_MODEL: ReadonlySet<FaceStatus> = new Set(['initializing', 'countdown', 'detecting']);

/** The next state of the widget: a pure decision; events that do not apply leave the state unchanged. */
export function transition(state: FaceState, event: FaceEvent, ctx: FaceContext): FaceState {
  switch (event.type) {
    case 'recordLoaded':
      if (state.status !== 'initializing' || ctx.mode !== 'collect' || !event.record) return state;
      return { status: 'registered', record: event.record };
    case 'cameraOpened':
      if (state.status !== 'initializing') return state;
      return { status: 'countdown', remaining: ctx.countdownSeconds ?? FACE_COUNTDOWN_SECONDS };
    case 'cameraFailed':
      if (state.status !== 'initializing') return state;
      return { status: 'unavailable', problem: event.problem, upload: ctx.mode === 'collect' };
    case 'modelFailed':
      return isAuto(ctx.mode) && WAITING_FOR_MODEL.has(state.status) ? { status: 'modelFailed' } : state;
    case 'tick':
      return state.status === 'countdown' ? afterCountdown(state, ctx) : state;
    case 'detected':
      return afterDetection(state, event.faces, event.guide);
    case 'timedOut':
      return state.status === 'detecting' ? { status: 'timeout' } : state;
    case 'captured':
      return afterCapture(state, event.image, ctx);
    case 'uploaded':
      return ctx.mode === 'collect' && (state.status === 'unavailable' || state.status === 'captured')
        ? { status: 'captured', image: event.image }
        : state;
    case 'challenged':
      return state.status === 'challenging'
        ? { status: 'acting', image: state.image, challenge: event.challenge, frames: [] }
        : state;
    case 'challengeFailed':
      return state.status === 'challenging' ? { status: 'failed', message: event.message, image: null } : state;
    case 'challengeMissing':
      return afterChallengeMissing(state, ctx);
    case 'frameRecorded':
      return afterFrame(state, event.frame);
    case 'again':
      return ctx.mode === 'collect' && AGAIN_FROM.has(state.status) ? openCamera(ctx) : state;
    case 'save':
      return state.status === 'captured' ? { status: 'submitting', image: state.image } : state;
    case 'submitted':
      return state.status === 'submitting' ? { status: 'success', image: state.image, data: event.data } : state;
    case 'submitFailed':
      if (state.status !== 'submitting') return state;
      return { status: 'failed', message: event.message, image: ctx.mode === 'collect' ? state.image : null };
    case 'retry':
      return afterRetry(state, ctx);
    case 'pause':
      return KEPT_WHILE_PAUSED.has(state.status) ? state : { status: 'paused' };
    case 'resume':
      return state.status === 'paused' ? { status: 'initializing' } : state;
  }
}

/** Collect mode's buttons (§4): Photograph then Again or Save; a registered face shows only Again first. */
export interface CollectButtons {
  photograph: boolean;
  again: boolean;
  save: boolean;
  /** Save is enabled only after a photo. */
  saveEnabled: boolean;
  /** No camera here: choose a picture instead. */
  upload: boolean;
}

export function collectButtons(state: FaceState): CollectButtons {
  const none = { photograph: false, again: false, save: false, saveEnabled: false, upload: false };
  switch (state.status) {
    case 'registered':
      return { ...none, again: true };
    case 'countdown':
      return { ...none, photograph: true, save: true };
    case 'ready':
      return { ...none, photograph: true, save: true };
    case 'captured':
      return { ...none, again: true, save: true, saveEnabled: true };
    case 'submitting':
      return { ...none, again: true, save: true };
    case 'success':
      return { ...none, again: true };
    case 'unavailable':
      return { ...none, upload: state.upload };
    default:
      return none;
  }
}

/** Whether Photograph may be pressed: only once the countdown is over. */
export function canPhotograph(state: FaceState): boolean {
  return state.status === 'ready';
}

/** What a change of state tells the page (the element turns it into a `ph-face-*` event). */
export type FaceOutcome =
  | { kind: 'saveSuccess'; data: unknown }
  | { kind: 'success'; data: unknown }
  | { kind: 'clocking'; data: unknown }
  | {
      kind: 'error';
      reason: 'timeout' | 'failed' | 'livenessUnsupported' | 'modelFailed' | 'userIdMissing' | CameraProblem;
      message?: string;
    };

/** The outcome of moving from `previous` to `next`, or null when the page need not hear of it. */
export function faceOutcome(previous: FaceState, next: FaceState, mode: FaceMode): FaceOutcome | null {
  if (previous.status === next.status) return null;
  switch (next.status) {
    case 'success': {
      const kind = mode === 'collect' ? 'saveSuccess' : mode === 'login' ? 'success' : 'clocking';
      return { kind, data: next.data };
    }
    case 'failed':
      return 'problem' in next
        ? { kind: 'error', reason: next.problem }
        : { kind: 'error', reason: 'failed', message: next.message };
    case 'timeout':
    case 'modelFailed':
    case 'userIdMissing':
      return { kind: 'error', reason: next.status };
    case 'unavailable':
      return { kind: 'error', reason: next.problem };
    default:
      return null;
  }
}
