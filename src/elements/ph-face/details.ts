import type { FaceClocking, FaceLoginData, FaceOutcome } from '../../core';

// What <ph-face>'s events and <PhFace>'s callbacks (ph-widgets/react) tell: the same details, from core's outcomes.

/** Face login succeeded: the login data of §3 without the token (the page then reloads or is redirected). */
export type PhFaceSuccessDetail = FaceLoginData;
/** A face was registered: whose, and when (server clock). */
export interface PhFaceSaveSuccessDetail {
  userId: string;
  registerTime: string;
}
/** A clock-in was recorded: who, and when (server clock). */
export type PhFaceClockingDetail = FaceClocking;
/** Why the widget stopped: a failed call (with the server's message), the time limit, no usable camera, … */
export interface PhFaceErrorDetail {
  reason: Extract<FaceOutcome, { kind: 'error' }>['reason'];
  /** The server's message, in the current language, when a call failed. */
  message?: string;
}

/** The widget's outcomes, each with the detail its `ph-face-*` event carries. */
export interface FaceDetailCallbacks {
  onSuccess?: ((detail: PhFaceSuccessDetail) => void) | undefined;
  onSaveSuccess?: ((detail: PhFaceSaveSuccessDetail) => void) | undefined;
  onClocking?: ((detail: PhFaceClockingDetail) => void) | undefined;
  onError?: ((detail: PhFaceErrorDetail) => void) | undefined;
}

/** Core's outcome handed to the callback of its kind. */
export function faceOutcomeTo(to: FaceDetailCallbacks): (outcome: FaceOutcome) => void {
  return (outcome) => {
    switch (outcome.kind) {
      case 'success':
        to.onSuccess?.(outcome.data as PhFaceSuccessDetail);
        break;
      case 'saveSuccess':
        to.onSaveSuccess?.(outcome.data as PhFaceSaveSuccessDetail);
        break;
      case 'clocking':
        to.onClocking?.(outcome.data as PhFaceClockingDetail);
        break;
      case 'error': {
        const detail: PhFaceErrorDetail = { reason: outcome.reason };
        if (outcome.message !== undefined) detail.message = outcome.message;
        to.onError?.(detail);
        break;
      }
    }
  };
}
