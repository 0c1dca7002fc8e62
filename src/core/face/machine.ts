import type { FaceRecord } from '../api/types';
import { type ActingState, afterSample, answerFromPhoto, type LivenessSample, turnsAgainFrom } from './acting';
import { FACE_COUNTDOWN_SECONDS, FACE_TURNS_DURING_HOLD_MAX_HITS, type FaceLiveness, type FaceMode } from './constants';
import { framingAdvice } from './framing';
import type { Box } from './geometry';
import type { LivenessChallenge } from './liveness';
import {
  capturesNow,
  displayWatch,
  FRESH_WATCH,
  type QueueDisplay,
  queueDisplayMs,
  unspent,
  watchAfter,
} from './queue';
import type { CameraProblem, FaceProblem, FaceState, FaceStatus, Watch } from './state';

// The face widget of §4 as a pure state machine: `transition` decides the next state from an event; the
// controller (controller.ts) carries the states out with a camera, a detector, a clock and the face calls.

export type FaceEvent =
  /** Collect: the registered face, or null (none, or the load failed: §8 only stops the loading indicator). */
  | { type: 'recordLoaded'; record: FaceRecord | null }
  /** The camera is open; `alreadyOpen`: it was so before (a retry after the detector failed), no second countdown. */
  | { type: 'cameraOpened'; alreadyOpen?: boolean }
  | { type: 'cameraFailed'; problem: CameraProblem }
  | { type: 'modelFailed' }
  /** One second of the countdown passed. */
  | { type: 'tick' }
  /** One detection: faces and guide box in view px, at `at` ms. */
  | { type: 'detected'; faces: Box[]; guide: Box; at?: number }
  | { type: 'timedOut' }
  /** A clock-in terminal showed a result long enough (queue.ts): it looks for the next person. */
  | { type: 'shown' }
  /**
   * A frame was taken (Photograph in collect, or the automatic capture); after the turns, with the head's turn the
   * widget read on it (null: not read).
   */
  | { type: 'captured'; image: string; stillTurn?: number | null }
  /** Collect without a camera: a chosen picture, already turned into the capture format. */
  | { type: 'uploaded'; image: string }
  /** The server named the action to do. */
  | { type: 'challenged'; challenge: LivenessChallenge; stillTurn?: number | null }
  /** The challenge could not be fetched: its message. */
  | { type: 'challengeFailed'; message: string }
  /** The back end has no challenge call (it answered 401, 403, 404, 405 or 501): it checks no liveness. */
  | { type: 'challengeMissing' }
  /**
   * One frame of the action was recorded (a JPEG data URL), with its faces where the detector found them: while the
   * hold runs they count it (acting.ts).
   */
  | { type: 'sampled'; sample: LivenessSample; seen?: { faces: Box[]; guide: Box; at: number } }
  /** The movement was not seen in time (acting-deadline.ts). */
  | { type: 'actingTimedOut' }
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
  /** The back end has no challenge call (`auto`, calls.ts): it checks no liveness, and is not asked again. */
  challengeMissing?: boolean;
}

/** §4/§5: collect needs a userId; otherwise the widget starts initializing. */
export function initialFaceState(mode: FaceMode, userId: string | undefined): FaceState {
  return mode === 'collect' && !userId ? { status: 'userIdMissing' } : { status: 'initializing' };
}

const isAuto = (mode: FaceMode) => mode !== 'collect';

/** The live picture once the camera is open: collect's Photograph, or detection from nothing seen yet. */
function looking(ctx: FaceContext): FaceState {
  return isAuto(ctx.mode) ? { status: 'detecting', ...FRESH_WATCH } : { status: 'ready', faces: [] };
}

/** What opening the camera leads to: the countdown, or straight on when the camera was already open. */
function openCamera(ctx: FaceContext): FaceState {
  if (!ctx.cameraAllowed) return { status: 'unavailable', problem: 'insecure', upload: ctx.mode === 'collect' };
  if (!ctx.cameraOpen) return { status: 'initializing' };
  return looking(ctx);
}

function afterCountdown(state: Extract<FaceState, { status: 'countdown' }>, ctx: FaceContext): FaceState {
  if (state.remaining > 1) return { ...state, remaining: state.remaining - 1 };
  return isAuto(ctx.mode) ? detectingWith(state.watch ?? FRESH_WATCH, ctx) : looking(ctx);
}

/** Login and clock-in: whether the liveness challenge is asked for. */
const asksChallenge = (ctx: FaceContext) => ctx.liveness !== 'off' && !ctx.challengeMissing;

/** Someone on target with most of the hold still to run: the turns are asked for at once, during it. */
const turnsDuringHold = (watch: Watch, ctx: FaceContext) =>
  watch.framing === 'onTarget' && !watch.spent && watch.hits <= FACE_TURNS_DURING_HOLD_MAX_HITS && asksChallenge(ctx);

/**
 * Detecting with what has been seen: a run of more than 8 hits captures at once, and the turns follow the photo.
 * Someone on target with most of the hold still to run is asked for the turns at once instead, and the photo is taken
 * when the turns are done, the face is back ahead and the hold is complete (issue 54: the gate's seconds).
 */
function detectingWith(watch: Watch, ctx: FaceContext): FaceState {
  if (capturesNow(watch)) return { status: 'capturing' };
  if (turnsDuringHold(watch, ctx)) return { status: 'challenging', image: null, watch };
  return { status: 'detecting', ...watch };
}

/**
 * The turns were done during the hold, the face is back ahead, the hold is complete and the countdown over: the photo
 * is taken.
 */
function photoAfterTurns(state: ActingState): FaceState {
  if (!state.answered || !state.facing || state.countdown || !state.watch || !capturesNow(state.watch)) return state;
  return { status: 'capturing', turns: state.answered };
}

/** A second of the countdown, which the turns asked for during it count down on. */
function afterTick(state: FaceState, ctx: FaceContext): FaceState {
  if (state.status === 'countdown') return afterCountdown(state, ctx);
  if ((state.status !== 'challenging' && state.status !== 'acting') || !state.countdown) return state;
  const { countdown, ...rest } = state;
  const next = countdown > 1 ? { ...rest, countdown: countdown - 1 } : rest;
  return next.status === 'acting' ? photoAfterTurns(next) : next;
}

/** A liveness frame: the turns followed and, while the hold runs, its hits counted on. */
function afterSampled(state: FaceState, event: Extract<FaceEvent, { type: 'sampled' }>): FaceState {
  if (state.status !== 'acting') return state;
  const { seen } = event;
  const counted =
    state.watch && seen ? { ...state, watch: watchAfter(state.watch, seen.faces, seen.guide, seen.at, true) } : state;
  const next = afterSample(counted, event.sample);
  return next.status === 'acting' ? photoAfterTurns(next) : next;
}

/** Whether a clock-in terminal is showing a result while it detects the next person (queue.ts). */
function queueing(state: FaceState, ctx: FaceContext): state is QueueDisplay {
  return queueDisplayMs(state, ctx.mode, ctx.cameraOpen) !== null;
}

/**
 * One detection: advice for collect's picture; a hit or a miss while detecting (queue.ts). A clock-in terminal
 * showing a result counts too, without capturing: the display stays up its whole time.
 */
function afterDetection(
  state: FaceState,
  event: Extract<FaceEvent, { type: 'detected' }>,
  ctx: FaceContext,
): FaceState {
  const { faces, guide, at } = event;
  if (state.status === 'ready') return { status: 'ready', faces, framing: framingAdvice(faces, guide) };
  if (state.status === 'detecting') {
    const { status: _detecting, ...watch } = state;
    return detectingWith(watchAfter(watch, faces, guide, at), ctx);
  }
  if (state.status === 'countdown' && isAuto(ctx.mode)) {
    const watch = watchAfter(state.watch ?? FRESH_WATCH, faces, guide, at);
    // Login and clock-in count the hold through the countdown, and the turns may begin during it.
    if (turnsDuringHold(watch, ctx)) return { status: 'challenging', image: null, watch, countdown: state.remaining };
    return { ...state, watch };
  }
  if (queueing(state, ctx)) return { ...state, watch: watchAfter(displayWatch(state), faces, guide, at) };
  // The challenge asked for with the hold still running: the hits count on meanwhile.
  if (state.status === 'challenging' && state.image === null && state.watch) {
    return { ...state, watch: watchAfter(state.watch, faces, guide, at) };
  }
  return state;
}

/**
 * §4's time limit. A clock-in terminal with nobody in front (or only the person just served) keeps looking, and the
 * controller starts the limit again: a prompt would be for no one, and the next person should not need a click.
 * With someone waiting in front it prompts, and goes back by itself (queue.ts).
 */
function afterTimeLimit(state: FaceState, ctx: FaceContext): FaceState {
  if (state.status !== 'detecting') return state;
  if (ctx.mode !== 'orther') return { status: 'timeout' };
  const { status: _detecting, ...watch } = state;
  return watch.faces.length === 0 || watch.spent ? state : { status: 'timeout', watch };
}

/** A clock-in terminal after a result: detecting again with what was seen meanwhile (after a clock-in: spent). */
function nextPerson(state: QueueDisplay, ctx: FaceContext, clicked: boolean): FaceState {
  if (!ctx.cameraOpen) return openCamera(ctx);
  const watch = displayWatch(state);
  return detectingWith(clicked ? unspent(watch) : watch, ctx);
}

function afterCapture(state: FaceState, image: string, stillTurn: number | null, ctx: FaceContext): FaceState {
  // Login and clock-in: the §4 capture is followed by the liveness challenge (issue 37), unless the page turned it off.
  if (state.status === 'capturing') {
    if (state.turns) {
      const liveness = answerFromPhoto(state.turns, stillTurn);
      if (liveness) return { status: 'submitting', image, liveness };
      return turnsAgainFrom(state.turns, image, stillTurn as number);
    }
    return asksChallenge(ctx) ? { status: 'challenging', image } : { status: 'submitting', image };
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
  if (state.image === null) {
    const watch = state.watch ?? FRESH_WATCH;
    if (state.countdown) return { status: 'countdown', remaining: state.countdown, watch };
    return detectingWith(watch, { ...ctx, challengeMissing: true });
  }
  return { status: 'submitting', image: state.image };
}

/** The click that retries: what it leads to depends on what failed. */
function afterRetry(state: FaceState, ctx: FaceContext): FaceState {
  switch (state.status) {
    case 'timeout':
      return ctx.mode === 'orther' ? nextPerson(state, ctx, true) : openCamera(ctx);
    case 'modelFailed':
      return { status: 'initializing' };
    case 'unavailable':
      return state.problem === 'insecure' ? state : { status: 'initializing' };
    case 'failed':
      if (state.image && ctx.mode === 'collect') return { status: 'captured', image: state.image };
      return ctx.mode === 'orther' ? nextPerson(state, ctx, true) : openCamera(ctx);
    case 'success':
      // Clock-in terminals serve one person after another; a signed-in login or a saved face has nothing to retry.
      return ctx.mode === 'orther' ? nextPerson(state, ctx, true) : state;
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

/** A clock-in result that came while the tab was hidden (the camera closed): the terminal starts over on return. */
const resultWithoutCamera = (state: FaceState, ctx: FaceContext) =>
  ctx.mode === 'orther' && !ctx.cameraOpen && (state.status === 'success' || state.status === 'failed');

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
      // §4: the countdown follows the opening of the camera, once; not a retry with the camera already open.
      if (state.status !== 'initializing') return state;
      if (event.alreadyOpen) return looking(ctx);
      return { status: 'countdown', remaining: ctx.countdownSeconds ?? FACE_COUNTDOWN_SECONDS };
    case 'cameraFailed':
      if (state.status !== 'initializing') return state;
      return { status: 'unavailable', problem: event.problem, upload: ctx.mode === 'collect' };
    case 'modelFailed':
      return isAuto(ctx.mode) && WAITING_FOR_MODEL.has(state.status) ? { status: 'modelFailed' } : state;
    case 'tick':
      return afterTick(state, ctx);
    case 'detected':
      return afterDetection(state, event, ctx);
    case 'timedOut':
      return afterTimeLimit(state, ctx);
    case 'shown':
      return queueing(state, ctx) ? nextPerson(state, ctx, false) : state;
    case 'captured':
      return afterCapture(state, event.image, event.stillTurn ?? null, ctx);
    case 'uploaded':
      return ctx.mode === 'collect' && (state.status === 'unavailable' || state.status === 'captured')
        ? { status: 'captured', image: event.image }
        : state;
    case 'challenged':
      if (state.status !== 'challenging') return state;
      return {
        status: 'acting',
        image: state.image,
        challenge: event.challenge,
        stillTurn: event.stillTurn ?? null,
        samples: [],
        turnsSeen: 0,
        ...(state.image === null && state.watch ? { watch: state.watch } : {}),
        ...(state.countdown ? { countdown: state.countdown } : {}),
      };
    case 'challengeFailed':
      return state.status === 'challenging' ? { status: 'failed', message: event.message, image: null } : state;
    case 'challengeMissing':
      return afterChallengeMissing(state, ctx);
    case 'sampled':
      return afterSampled(state, event);
    case 'actingTimedOut':
      return state.status === 'acting' ? { status: 'failed', problem: 'movementNotSeen', image: null } : state;
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
      // A clock-in terminal's result needs the camera it detects with: it starts over like detection does.
      return KEPT_WHILE_PAUSED.has(state.status) && !queueing(state, ctx) ? state : { status: 'paused' };
    case 'resume':
      return state.status === 'paused' || resultWithoutCamera(state, ctx) ? { status: 'initializing' } : state;
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
      reason: 'timeout' | 'failed' | FaceProblem | 'modelFailed' | 'userIdMissing' | CameraProblem;
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
