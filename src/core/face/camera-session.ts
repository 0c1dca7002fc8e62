import type { FaceRecord } from '../api/types';
import { cameraProblem } from './camera';
import type { FaceControllerDeps, FaceControllerOptions } from './controller-deps';
import type { FaceEvent } from './machine';
import type { FaceRun } from './run';
import type { FaceState } from './state';

// Getting ready to look: collect's registered face, the camera and the detector's model, for the face controller.

export interface CameraSession {
  readonly cameraOpen: boolean;
  /** Loads the record (collect, once), the model (in the background) and opens the camera; then tells the machine. */
  prepare(generation: number): Promise<void>;
  /** The detector, loaded once; a failure stays until the next prepare, which loads it again. */
  model(): Promise<boolean>;
  closeCamera(): void;
}

export interface SessionHooks {
  run: FaceRun;
  dispatch(event: FaceEvent): void;
  state(): FaceState;
  destroyed(): boolean;
}

/** The detector's model, loaded once; after a failure, `again` lets the next load try anew. */
function modelLoader(detector: FaceControllerDeps['detector']) {
  let loading: Promise<boolean> | null = null;
  let failed = false;
  return {
    load(): Promise<boolean> {
      loading ??= detector.load().then(
        () => true,
        () => {
          failed = true;
          return false;
        },
      );
      return loading;
    },
    again(): void {
      if (!failed) return;
      loading = null;
      failed = false;
    },
  };
}

export function createCameraSession(
  options: FaceControllerOptions,
  deps: Pick<FaceControllerDeps, 'camera' | 'detector' | 'calls'>,
  { run, dispatch, state, destroyed }: SessionHooks,
): CameraSession {
  const { userId } = options;
  let cameraOpen = false;
  let recordChecked = options.mode !== 'collect';
  const model = modelLoader(deps.detector);

  function closeCamera(): void {
    if (cameraOpen) deps.camera.close();
    cameraOpen = false;
  }

  /** Collect: the registered face first; false when that changed the state (nothing more to prepare). */
  async function checkRecord(generation: number): Promise<boolean> {
    if (recordChecked || !userId) return true;
    let record: FaceRecord | null = null;
    try {
      record = await deps.calls.record(userId);
    } catch {
      // §8: a failed face-record load only stops the loading indicator.
    }
    recordChecked = true;
    if (!run.current(generation)) return false;
    dispatch({ type: 'recordLoaded', record });
    return state().status === 'initializing';
  }

  /** Opens the camera; false when it failed or the status moved on meanwhile. */
  async function openCamera(generation: number): Promise<boolean> {
    try {
      await deps.camera.open();
    } catch (error) {
      if (run.current(generation)) dispatch({ type: 'cameraFailed', problem: cameraProblem(error) });
      return false;
    }
    cameraOpen = true;
    if (run.current(generation)) return true;
    // Paused or destroyed while the camera was opening.
    if (state().status === 'paused' || destroyed()) closeCamera();
    return false;
  }

  async function prepare(generation: number): Promise<void> {
    if (!(await checkRecord(generation))) return;
    if (!options.cameraAllowed) {
      dispatch({ type: 'cameraFailed', problem: 'insecure' });
      return;
    }
    // The model downloads while the camera opens and the countdown runs; a failed load is tried again.
    model.again();
    void model.load();
    const alreadyOpen = cameraOpen;
    if (!alreadyOpen && !(await openCamera(generation))) return;
    dispatch({ type: 'cameraOpened', alreadyOpen });
  }

  return {
    get cameraOpen() {
      return cameraOpen;
    },
    prepare,
    model: () => model.load(),
    closeCamera,
  };
}
