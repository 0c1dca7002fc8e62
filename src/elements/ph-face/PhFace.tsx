import { useRef, useState } from 'react';
import {
  FACE_LIVENESS,
  FACE_MODES,
  type FaceLiveness,
  type FaceMode,
  type FaceOutcome,
  type FaceState,
} from '../../core';
import { FaceView } from './FaceView';
import { pictureFromFile } from './media';
import { useFaceController } from './use-face';

export interface PhFaceProps {
  /** `collect` registers a face (default), `login` signs in with one, `orther` clocks in (§2, a wire value). */
  mode?: FaceMode;
  /** Whose face collect registers (§5: required in collect mode). */
  userId?: string;
  /** Seconds counted down after the camera opens before capture is enabled (default 3). */
  countdown?: number;
  /**
   * Login and clock-in: `auto` (default) asks the server for a liveness challenge, and sends the photo alone when it
   * has no challenge call (401, 403, 404, 405 or 501); `off` never asks; `required` shows an error where there is no
   * challenge call.
   */
  liveness?: FaceLiveness;
  onOutcome?: (outcome: FaceOutcome) => void;
}

/** The face widget of spec §4: camera, guide box, countdown, automatic capture, and the collect buttons. */
export function PhFace({ mode: asked, userId, countdown, liveness: askedLiveness, onOutcome }: PhFaceProps) {
  // An attribute is any text: anything but the three modes is collect, the first of §2.
  const mode: FaceMode = asked && FACE_MODES.includes(asked) ? asked : 'collect';
  const liveness: FaceLiveness = askedLiveness && FACE_LIVENESS.includes(askedLiveness) ? askedLiveness : 'auto';
  // The state in which a chosen picture could not be read: any later state (a retry, a photo) clears the complaint.
  const [unreadableIn, setUnreadableIn] = useState<FaceState | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const { state, controller } = useFaceController(
    { mode, userId: userId || undefined, countdownSeconds: countdown, liveness, onOutcome },
    video,
  );

  const choose = async (chosen: File) => {
    try {
      const image = await pictureFromFile(chosen);
      controller.current?.upload(image);
    } catch {
      setUnreadableIn(state);
    }
  };

  return (
    <FaceView
      state={state}
      mode={mode}
      video={video}
      pictureError={unreadableIn === state}
      actions={{
        retry: () => controller.current?.retry(),
        photograph: () => controller.current?.photograph(),
        again: () => controller.current?.again(),
        save: () => controller.current?.save(),
        choose: (file) => void choose(file),
      }}
    />
  );
}
