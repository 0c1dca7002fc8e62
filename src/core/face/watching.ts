import type { CameraSession } from './camera-session';
import { detectionPause, FACE_TIMEOUT_MS } from './constants';
import type { Detection, FaceControllerDeps, FaceControllerOptions } from './controller-deps';
import { frameToView, guideBox } from './geometry';
import { LIVENESS_SAMPLE_INTERVAL_MS } from './liveness';
import type { FaceEvent } from './machine';
import type { FaceRun } from './run';
import { createTimeLimit } from './time-limit';

// The face controller's loops on the detector: detection while a picture is live (hits, the overlay, the advice) with
// §4's time limit, and the liveness challenge's samples, each a frame with the head's turn in it.

export interface Watching {
  /** Detection from now on for the current status; `timed`: with §4's time limit. */
  look(generation: number, timed: boolean): Promise<void>;
  /** §4's time limit for the detection already running, once per generation, from when the model is loaded. */
  limit(generation: number): Promise<void>;
  /** One frame of the liveness challenge and its turn, then the next, while the user turns. */
  sample(generation: number): Promise<void>;
  /** The head's turn in the photo sent, read as the server reads it: where the challenge's first turn starts from. */
  turnOf(picture: string): Promise<number | null>;
}

export function createWatching(
  options: FaceControllerOptions,
  deps: Pick<FaceControllerDeps, 'detector' | 'viewSize' | 'captureFrame'>,
  session: Pick<CameraSession, 'model'>,
  run: FaceRun,
  dispatch: (event: FaceEvent) => void,
): Watching {
  const limit = createTimeLimit(options.timeoutMs ?? FACE_TIMEOUT_MS, session.model, run, dispatch);

  async function detectOnce(generation: number): Promise<void> {
    const started = Date.now();
    let detection: Detection;
    try {
      detection = await deps.detector.detect();
    } catch {
      if (run.current(generation)) dispatch({ type: 'modelFailed' });
      return;
    }
    if (!run.current(generation)) return;
    const { faces, guide } = inView(detection);
    dispatch({ type: 'detected', faces, guide, at: Date.now() });
    const pause = detectionPause(Date.now() - started);
    if (run.current(generation)) run.later(pause, () => void detectOnce(generation));
  }

  async function look(generation: number, timed: boolean): Promise<void> {
    const loaded = await session.model();
    if (!run.current(generation)) return;
    if (!loaded) {
      dispatch({ type: 'modelFailed' });
      return;
    }
    if (timed) void limit(generation);
    await detectOnce(generation);
  }

  /** The head's turn in `picture`, or null where it shows no single face or cannot be read. */
  async function turnOf(picture: string): Promise<number | null> {
    try {
      return (await deps.detector.detect(picture)).turn ?? null;
    } catch {
      // Passed over; the time limit ends a detector that fails for good.
      return null;
    }
  }

  /** A frame's faces in view px, beside the guide box. */
  function inView(detection: Detection) {
    const view = deps.viewSize();
    return { faces: detection.faces.map((box) => frameToView(box, detection.frame, view)), guide: guideBox(view) };
  }

  /** A frame of the movement, its turn and its faces: where the hold still runs, they count it. */
  async function sample(generation: number): Promise<void> {
    const frame = deps.captureFrame();
    let detection: Detection | null = null;
    try {
      detection = await deps.detector.detect(frame);
    } catch {
      // Passed over; the movement's time limit ends a detector that fails for good.
    }
    if (!run.current(generation)) return;
    const turn = detection?.turn ?? null;
    const seen = detection ? { ...inView(detection), at: Date.now() } : undefined;
    dispatch({ type: 'sampled', sample: { frame, turn }, ...(seen ? { seen } : {}) });
    if (run.current(generation)) run.later(LIVENESS_SAMPLE_INTERVAL_MS, () => void sample(generation));
  }

  return { look, limit, sample, turnOf };
}
