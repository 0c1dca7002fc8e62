// <PhFace> for React apps (ph-widgets/react): the element's face widget in a shadow root of its own, over the app's
// React and the page-wide stores. The widget, its rules and the camera code are a module of their own, loaded when a
// <PhFace> first renders (the app's bundler makes it a lazy chunk); the detector loads when a camera opens.
import { createElement } from 'react';
import { lazyPart } from '../common/lazy-part';
import { inShadowRoot } from '../common/shadow-host';
import { type FaceDetailCallbacks, faceOutcomeTo } from './details';
import type { PhFaceProps as FaceProps } from './PhFace';

export type { PhFaceClockingDetail, PhFaceErrorDetail, PhFaceSaveSuccessDetail, PhFaceSuccessDetail } from './details';

/** The settings of `<ph-face>`, and its events as callbacks with the same details. */
export type PhFaceProps = Pick<FaceProps, 'mode' | 'userId' | 'countdown' | 'liveness'> & FaceDetailCallbacks;

const Face = lazyPart(async () => (await import('./PhFace')).PhFace);

function ReactFace({ onSuccess, onSaveSuccess, onClocking, onError, ...settings }: PhFaceProps) {
  return createElement(Face, {
    ...settings,
    onOutcome: faceOutcomeTo({ onSuccess, onSaveSuccess, onClocking, onError }),
  });
}

/**
 * Face registration, login and clock-in of `<ph-face>` (spec §2, §4): `onSuccess` (login), `onSaveSuccess`
 * (collect), `onClocking` (`orther`) and `onError` carry the details of the element's events. `className` and
 * `style` go to the host `<div>`.
 */
export const PhFace = inShadowRoot('ph-face', ReactFace);
