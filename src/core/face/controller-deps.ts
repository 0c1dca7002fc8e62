import type { ReadableAtom } from 'nanostores';
import type { FaceRecord } from '../api/types';
import type { Size } from '../modal/geometry';
import type { FaceLiveness, FaceMode } from './constants';
import type { Box } from './geometry';
import type { LivenessAnswer, LivenessChallenge } from './liveness';
import type { FaceState } from './state';

// What the face controller (controller.ts) is given and what it gives: the camera, the detector, the captures and
// the server's calls are injected, so that core holds no camera and no model.

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
  /**
   * Detects faces in the current camera frame, or in `picture` (a JPEG data URL the widget made to send): the
   * liveness turns are read on the very pictures the server reads them on (issue 54).
   */
  detect(picture?: string): Promise<Detection>;
}

/** The server side of §7, as the widget needs it (calls.ts builds it on core's http client). */
export interface FaceCalls {
  record(userId: string): Promise<FaceRecord | null>;
  /**
   * Login and clock-in: a liveness challenge (issue 37), or null when the back end has no challenge call (401, 403,
   * 404, 405, 501); rejects with an Error whose message is shown.
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
