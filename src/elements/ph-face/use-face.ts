import { type RefObject, useEffect, useRef, useState } from 'react';
import {
  authDeps,
  cameraAllowed,
  createFaceController,
  defaultClient,
  type FaceController,
  type FaceLiveness,
  type FaceMode,
  type FaceOutcome,
  type FaceState,
  faceCalls,
  faceOutcome,
  initialFaceState,
} from '../../core';
import { useLatest } from '../common/use-latest';
import { videoFaceDetector } from './detector';
import { captureActionFrame, captureVideo, videoCamera } from './media';

export interface FaceSetup {
  mode: FaceMode;
  userId?: string;
  countdownSeconds?: number;
  liveness: FaceLiveness;
  onOutcome?: (outcome: FaceOutcome) => void;
}

/**
 * Core's face controller wired to this widget's <video>: camera, lazy detector, capture and the face calls. A new
 * controller for each mode, user, countdown or liveness setting; the camera closes when the tab is hidden or the widget unmounts.
 */
export function useFaceController(setup: FaceSetup, video: RefObject<HTMLVideoElement | null>) {
  const { mode, userId, countdownSeconds, liveness } = setup;
  const latest = useLatest(setup);
  const [state, setState] = useState<FaceState>(() => initialFaceState(mode, userId));
  const controller = useRef<FaceController | null>(null);

  useEffect(() => {
    const view = () => video.current;
    const created = createFaceController(
      {
        mode,
        userId,
        countdownSeconds,
        liveness,
        cameraAllowed: cameraAllowed({
          protocol: location.protocol,
          hostname: location.hostname,
          isSecureContext: window.isSecureContext,
        }),
      },
      {
        camera: videoCamera(view),
        detector: videoFaceDetector(view),
        capture: () => captureVideo(view()),
        captureFrame: () => captureActionFrame(view()),
        calls: faceCalls({ http: defaultClient(), auth: () => authDeps() }),
        viewSize: () => ({ width: view()?.clientWidth ?? 0, height: view()?.clientHeight ?? 0 }),
      },
    );
    controller.current = created;
    // subscribe() calls back at once: starting from `initializing` reports a widget that cannot start (no userId).
    let previous: FaceState = { status: 'initializing' };
    const unsubscribe = created.$state.subscribe((next) => {
      setState(next);
      const outcome = faceOutcome(previous, next, mode);
      previous = next;
      if (outcome) latest.current.onOutcome?.(outcome);
    });
    const onVisibility = () => (document.hidden ? created.pause() : created.resume());
    document.addEventListener('visibilitychange', onVisibility);
    created.start();
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      unsubscribe();
      created.destroy();
      controller.current = null;
    };
  }, [mode, userId, countdownSeconds, liveness, video, latest]);

  return { state, controller };
}
