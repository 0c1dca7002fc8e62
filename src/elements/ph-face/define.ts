import { createElement } from 'react';
import { lazyPart } from '../common/lazy-part';
import { ensureToastHost } from '../common/toast-host';
import { defineElement, type ElementProps, hostOf } from '../define';
import { installGlobals } from '../global';
import type { PhFaceClockingDetail, PhFaceErrorDetail, PhFaceSaveSuccessDetail, PhFaceSuccessDetail } from './details';
import type { PhFaceProps } from './PhFace';

// The widget itself (camera, state machine, texts, its events) is a chunk of its own, loaded when a <ph-face> is
// first shown: a work-chat page that opens with the password form does not pay for it (DESIGN §5, `npm run size`).
// A chunk that cannot load shows the element's own error state, in the page's language (common/lazy-part.tsx).
const FaceWidget = lazyPart(async () => (await import('./widget')).FaceWidget);

/** What a page can set on <ph-face>: the component's plain-data props. */
type FaceElementProps = ElementProps & Pick<PhFaceProps, 'mode' | 'userId' | 'countdown' | 'liveness'>;

export type {
  PhFaceClockingDetail,
  PhFaceErrorDetail,
  PhFaceSaveSuccessDetail,
  PhFaceSuccessDetail,
} from './details';

/** The events of <ph-face>. */
export interface PhFaceEventMap {
  /** Login mode: signed in with the face. */
  'ph-face-success': CustomEvent<PhFaceSuccessDetail>;
  /** Collect mode: the face was saved (`face/check` answered 200). */
  'ph-face-save-success': CustomEvent<PhFaceSaveSuccessDetail>;
  /** Clock-in mode (`orther`): the clock-in was recorded; the data `login/face/clocking` returned. */
  'ph-face-clocking': CustomEvent<PhFaceClockingDetail>;
  /**
   * Something stopped the widget: `failed` (a call answered non-200; `message` says why), `livenessUnsupported`
   * (`liveness="required"` on a back end without the challenge call), `movementNotSeen` (the liveness challenge's
   * head turns not seen within 8 s), `timeout` (no face on target within 15 s),
   * `userIdMissing`, `modelFailed`, or a camera problem (`insecure`, `noCamera`, `denied`, `busy`). The widget shows it itself, with 'Click to try again' where a click can help.
   */
  'ph-face-error': CustomEvent<PhFaceErrorDetail>;
}

/** <ph-face>: PhFace in the element's shadow root; outcomes become ph-face-* events on the host. */
function FaceElement({ container, ...props }: FaceElementProps) {
  const host = hostOf(container);
  return createElement(FaceWidget, { ...props, host });
}

/**
 * Face registration, face login and face clock-in (spec §2 face widget modes, §4 Face widget, §5, §8, §9). The
 * camera opens only on https or localhost; elsewhere, or without a camera ('No camera device detected by this
 * device!'), collect mode offers an upload button instead. After the camera opens a countdown (3 s) precedes
 * capture. The guide box is 35 % of the picture's width; a face is on target within 50 px of it in position and
 * size. Collect: 拍照 / Photograph, then 重拍 / Again or 保存 / Save (Save only after a photo); with a face already
 * registered only Again shows first. Login and clock-in capture by themselves once the face has been on target for
 * more than 8 detections in a row, saying meanwhile how to get there (move back, closer, into the box, one person
 * only); with no capture within 15 s the timeout prompt shows and a click retries. Then the
 * server's liveness challenge asks for a movement (turn your head left or right, open your mouth) in the page's
 * language, and 8 smaller frames are recorded over 3.5 s and sent with the photo: a photo held up cannot do it. A back
 * end without the challenge call (it answers 401, 403, 404, 405 or 501) gets the photo alone, as §7 writes the calls
 * (`liveness` changes that). The photo is 480 × 480 (the body's size on screens narrower than 761 px), sent as the
 * base64 part of a JPEG data URL at quality 1. Login signs in and reloads or follows the login redirect rules; clock-in shows who clocked in for
 * 1.5 s, detecting on, then serves the next person by itself (or at once on a click), and a terminal with nobody in
 * front keeps detecting without a timeout; a non-200 answer shows its message with 'Click to try again' under the
 * live picture (a clock-in terminal goes on by itself after 3 s). The face
 * detector (@vladmandic/face-api's tiny face detector, about 1.5 MB with its weights) loads only when a camera
 * opens. The camera stops when the element leaves the page or the tab is hidden.
 *
 * @summary Face registration, login and clock-in
 * @csspart stage - The square picture area: live camera, overlay, photo.
 * @csspart video - The live camera picture (mirrored).
 * @csspart overlay - The guide box and the detected faces, drawn over the picture.
 * @csspart photo - The photo taken, chosen, or already registered.
 * @csspart notice - The message under the picture (a `retry` button when a click retries).
 * @csspart retry - The notice when it is a 'Click to try again' button.
 * @csspart progress - The liveness challenge's progress bar, under its request (turn your head, open your mouth).
 * @csspart buttons - Collect mode's buttons.
 * @csspart button - Each of them.
 * @csspart photograph - 拍照 / Photograph.
 * @csspart again - 重拍 / Again.
 * @csspart save - 保存 / Save.
 * @csspart upload - The upload button offered without a usable camera.
 */
export const PhFaceElement = defineElement('ph-face', FaceElement, {
  props: { mode: 'string', userId: 'string', countdown: 'number', liveness: 'string' },
});
ensureToastHost();
installGlobals();

declare global {
  interface GlobalEventHandlersEventMap extends PhFaceEventMap {}
  interface HTMLElementTagNameMap {
    'ph-face': HTMLElement & Omit<FaceElementProps, 'container'>;
  }
}
