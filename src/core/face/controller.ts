import { atom, type ReadableAtom } from 'nanostores';
import type { FaceRecord } from '../api/types';
import type { Size } from '../modal/geometry';
import { cameraProblem } from './camera';
import { FACE_DETECT_INTERVAL_MS, FACE_TIMEOUT_MS, type FaceLiveness, type FaceMode } from './constants';
import { type Box, frameToView, guideBox, imagePayload } from './geometry';
import {
  LIVENESS_ACTING_MS,
  LIVENESS_SAMPLE_INTERVAL_MS,
  type LivenessAnswer,
  type LivenessChallenge,
} from './liveness';
import { type FaceContext, type FaceEvent, type FaceState, initialFaceState, transition } from './machine';
import { queueDisplayMs } from './queue';

// Carries out the decisions of machine.ts: opens the camera, counts down, runs the detector, keeps the time limit,
// captures and calls the server. Camera, detector, capture and calls are injected, so that core holds no camera and
// no model, and tests drive it with a scripted detector and fake timers.

/**
 * What a detector found in one camera frame: face boxes in frame px, the frame's size, and `headTurn` of the face's
 * landmarks when there is exactly one (null otherwise, or from a detector without landmarks).
 */
export interface Detection {
  faces: Box[];
  frame: Size;
  turn?: number | null;
}

export interface FaceCamera {
  /** Opens the camera (rejects with the browser's error, e.g. a DOMException named NotFoundError). */
  open(): Promise<void>;
  /** Stops every track; harmless when closed. */
  close(): void;
}

export interface FaceDetector {
  /** Loads the model (lazily, once; called again after a failure). */
  load(): Promise<void>;
  /** Detects faces in the current camera frame. */
  detect(): Promise<Detection>;
}

/** The server side of §7, as the widget needs it (calls.ts builds it on core's http client). */
export interface FaceCalls {
  record(userId: string): Promise<FaceRecord | null>;
  /**
   * Login and clock-in: a liveness challenge (issue 37), or null when the back end has no challenge call (a 404);
   * rejects with an Error whose message is shown.
   */
  challenge(mode: FaceMode): Promise<LivenessChallenge | null>;
  /**
   * Sends the photo (the base64 part of its data URL) for the mode, with the challenge's answer for login and
   * clock-in when there was a challenge; rejects with an Error whose message is shown.
   */
  submit(mode: FaceMode, faceImage: string, userId: string | undefined, liveness?: LivenessAnswer): Promise<unknown>;
}

export interface FaceControllerDeps {
  camera: FaceCamera;
  detector: FaceDetector;
  /** What the view shows right now, as a JPEG data URL at quality 1 in the capture size. */
  capture(): string;
  /** What the view shows right now, smaller (LIVENESS_FRAME_PX): a frame of the challenge's turns. */
  captureFrame(): string;
  calls: FaceCalls;
  /** The view's size in px: the guide box and the 50 px tolerance are measured in it. */
  viewSize(): Size;
}

export interface FaceControllerOptions {
  mode: FaceMode;
  userId?: string;
  /** https or localhost (see cameraAllowed). */
  cameraAllowed: boolean;
  countdownSeconds?: number;
  timeoutMs?: number;
  /** Login and clock-in: whether to ask for the liveness challenge (default `auto`). */
  liveness?: FaceLiveness;
}

export interface FaceController {
  readonly $state: ReadableAtom<FaceState>;
  start(): void;
  /** Collect: take the photo (only once the countdown is over). */
  photograph(): void;
  again(): void;
  save(): void;
  /** Collect without a camera: a chosen picture, already drawn to the capture format. */
  upload(image: string): void;
  /** The click of 'Click to try again'. */
  retry(): void;
  /** The tab was hidden or the element left the page: the camera closes. */
  pause(): void;
  resume(): void;
  /** For good: camera closed, timers cleared, late answers ignored. */
  destroy(): void;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function createFaceController(options: FaceControllerOptions, deps: FaceControllerDeps): FaceController {
  const { mode, userId } = options;
  const $state = atom<FaceState>(initialFaceState(mode, userId));
  let cameraOpen = false;
  let recordChecked = mode !== 'collect';
  let model: Promise<boolean> | null = null;
  let modelFailed = false;
  // Bumped whenever the status changes: async work started for an older status sees it and stops.
  let generation = 0;
  let timers: ReturnType<typeof setTimeout>[] = [];
  let destroyed = false;
  /** The head's turn in the last detection: where the liveness challenge's first turn starts from. */
  let lastTurn: number | null = null;

  const context = (): FaceContext => ({
    mode,
    cameraOpen,
    cameraAllowed: options.cameraAllowed,
    countdownSeconds: options.countdownSeconds,
    liveness: options.liveness,
  });

  function later(ms: number, run: () => void): void {
    timers.push(setTimeout(run, ms));
  }

  function dispatch(event: FaceEvent): void {
    if (destroyed) return;
    const previous = $state.get();
    const next = transition(previous, event, context());
    if (next === previous) return;
    if (next.status !== previous.status) {
      generation += 1;
      for (const timer of timers) clearTimeout(timer);
      timers = [];
    }
    $state.set(next);
    react(next, previous);
  }

  /** Does what entering `state` asks for. */
  function react(state: FaceState, previous: FaceState): void {
    const gen = generation;
    const entered = state.status !== previous.status;
    switch (state.status) {
      case 'initializing':
        void prepare(gen);
        break;
      case 'countdown':
        // One tick a second: a detection during the countdown changes the state, not the second.
        if (previous.status !== 'countdown' || previous.remaining !== state.remaining) {
          later(1000, () => dispatch({ type: 'tick' }));
        }
        // Login and clock-in count hits through the countdown (issue 54: the gate's seconds); no time limit yet.
        if (entered && mode !== 'collect') void look(gen, false);
        break;
      case 'ready':
      case 'detecting':
        if (entered) void look(gen, state.status === 'detecting');
        break;
      case 'capturing':
        dispatch({ type: 'captured', image: deps.capture() });
        break;
      case 'challenging':
        void challenge(gen);
        break;
      case 'acting':
        // Each sample is a new acting state of the same status: the loop runs until the answer goes or time is up.
        if (entered) {
          later(LIVENESS_ACTING_MS, () => dispatch({ type: 'actingTimedOut' }));
          void sample(gen);
        }
        break;
      case 'submitting':
        void submit(state.image, state.liveness);
        break;
      case 'success':
      case 'failed':
      case 'timeout':
        if (entered) nextPersonLater(state, gen);
        break;
      default:
        break;
    }
  }

  function closeCamera(): void {
    if (cameraOpen) deps.camera.close();
    cameraOpen = false;
  }

  /** The detector, loaded once. A failure stays until the next (re)start, which loads it again. */
  function ensureModel(): Promise<boolean> {
    model ??= deps.detector.load().then(
      () => true,
      () => {
        modelFailed = true;
        return false;
      },
    );
    return model;
  }

  async function prepare(gen: number): Promise<void> {
    if (!recordChecked && userId) {
      let record: FaceRecord | null = null;
      try {
        record = await deps.calls.record(userId);
      } catch {
        // §8: a failed face-record load only stops the loading indicator.
      }
      recordChecked = true;
      if (gen !== generation) return;
      dispatch({ type: 'recordLoaded', record });
      if ($state.get().status !== 'initializing') return;
    }
    if (!options.cameraAllowed) {
      dispatch({ type: 'cameraFailed', problem: 'insecure' });
      return;
    }
    // The model downloads while the camera opens and the countdown runs; a failed load is tried again.
    if (modelFailed) {
      model = null;
      modelFailed = false;
    }
    void ensureModel();
    const alreadyOpen = cameraOpen;
    if (!alreadyOpen) {
      try {
        await deps.camera.open();
      } catch (error) {
        if (gen === generation) dispatch({ type: 'cameraFailed', problem: cameraProblem(error) });
        return;
      }
      cameraOpen = true;
      if (gen !== generation) {
        // Paused or destroyed while the camera was opening.
        if ($state.get().status === 'paused' || destroyed) closeCamera();
        return;
      }
    }
    dispatch({ type: 'cameraOpened', alreadyOpen });
  }

  /**
   * Detection while ready (collect: the overlay and advice), detecting (login, clock-in: hits and the time limit), or
   * while a clock-in terminal shows a result (the next person's hits).
   */
  async function look(gen: number, timed: boolean): Promise<void> {
    const loaded = await ensureModel();
    if (gen !== generation) return;
    if (!loaded) {
      dispatch({ type: 'modelFailed' });
      return;
    }
    if (timed) keepTimeLimit(gen);
    await detectOnce(gen);
  }

  /** §4's time limit; where the machine keeps detecting (a terminal with nobody in front) it starts again. */
  function keepTimeLimit(gen: number): void {
    later(options.timeoutMs ?? FACE_TIMEOUT_MS, () => {
      dispatch({ type: 'timedOut' });
      if (gen === generation) keepTimeLimit(gen);
    });
  }

  /** A clock-in terminal: the result shows for a while, the next person is detected meanwhile (queue.ts). */
  function nextPersonLater(state: FaceState, gen: number): void {
    const ms = queueDisplayMs(state, mode, cameraOpen);
    if (ms === null) return;
    later(ms, () => dispatch({ type: 'shown' }));
    void look(gen, false);
  }

  async function detectOnce(gen: number): Promise<void> {
    let detection: Detection;
    try {
      detection = await deps.detector.detect();
    } catch {
      if (gen === generation) dispatch({ type: 'modelFailed' });
      return;
    }
    if (gen !== generation) return;
    const view = deps.viewSize();
    const faces = detection.faces.map((box) => frameToView(box, detection.frame, view));
    lastTurn = detection.turn ?? null;
    dispatch({ type: 'detected', faces, guide: guideBox(view) });
    if (gen === generation) later(FACE_DETECT_INTERVAL_MS, () => void detectOnce(gen));
  }

  /** One frame of the liveness challenge with the head's turn in it, then the next, while the user turns. */
  async function sample(gen: number): Promise<void> {
    const frame = deps.captureFrame();
    let turn: number | null = null;
    try {
      turn = (await deps.detector.detect()).turn ?? null;
    } catch {
      // A frame whose turn could not be read is passed over; the time limit ends a detector that fails for good.
    }
    if (gen !== generation) return;
    dispatch({ type: 'sampled', sample: { frame, turn } });
    if (gen === generation) later(LIVENESS_SAMPLE_INTERVAL_MS, () => void sample(gen));
  }

  async function challenge(gen: number): Promise<void> {
    try {
      const issued = await deps.calls.challenge(mode);
      if (gen === generation)
        dispatch(
          issued ? { type: 'challenged', challenge: issued, stillTurn: lastTurn } : { type: 'challengeMissing' },
        );
    } catch (error) {
      if (gen === generation) dispatch({ type: 'challengeFailed', message: messageOf(error) });
    }
  }

  async function submit(image: string, liveness: LivenessAnswer | undefined): Promise<void> {
    // Not tied to the generation: an answer that arrives while the tab is hidden still counts.
    const answer = liveness && { ...liveness, frames: liveness.frames.map(imagePayload) };
    try {
      const data = await deps.calls.submit(mode, imagePayload(image), userId, answer);
      dispatch({ type: 'submitted', data });
    } catch (error) {
      dispatch({ type: 'submitFailed', message: messageOf(error) });
    }
  }

  return {
    $state,
    start() {
      if ($state.get().status === 'initializing') void prepare(generation);
    },
    photograph() {
      if ($state.get().status === 'ready') dispatch({ type: 'captured', image: deps.capture() });
    },
    again: () => dispatch({ type: 'again' }),
    save: () => dispatch({ type: 'save' }),
    upload: (image) => dispatch({ type: 'uploaded', image }),
    retry: () => dispatch({ type: 'retry' }),
    pause() {
      dispatch({ type: 'pause' });
      closeCamera();
    },
    resume: () => dispatch({ type: 'resume' }),
    destroy() {
      closeCamera();
      for (const timer of timers) clearTimeout(timer);
      timers = [];
      generation += 1;
      destroyed = true;
    },
  };
}
