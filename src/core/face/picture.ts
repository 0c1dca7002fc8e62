import type { FaceMode } from './constants';
import type { FaceState } from './state';

// What the widget's square stage shows for a state: a photo, the live camera, or nothing (dark, with a spinner or a
// message under it). The element draws it; the choice is here, with the states.

export type FacePicture = { kind: 'photo'; src: string } | { kind: 'live' } | { kind: 'none' };

/**
 * States that show the live camera where no photo is shown. After a refusal or the timeout the camera stays open, so
 * the picture stays, with what to do next under it (issue 54).
 */
const LIVE: ReadonlySet<FaceState['status']> = new Set([
  'countdown',
  'ready',
  'detecting',
  'capturing',
  'challenging',
  'acting',
  'timeout',
  'success',
  'failed',
]);

/** The photo shown instead of the live camera: the registered face, or the photo taken or chosen. */
function photoOf(state: FaceState, mode: FaceMode): string | null {
  switch (state.status) {
    case 'registered':
      return `data:image/jpeg;base64,${state.record.faceImage}`;
    case 'captured':
    case 'submitting':
      return state.image;
    case 'success':
      // A clock-in terminal is already looking for the next person (queue.ts): the live picture, with who clocked in.
      return mode === 'orther' ? null : state.image;
    case 'failed':
      // Collect keeps its photo to save again; login and clock-in have none (image null).
      return state.image || null;
    default:
      return null;
  }
}

export function facePicture(state: FaceState, mode: FaceMode): FacePicture {
  const photo = photoOf(state, mode);
  if (photo) return { kind: 'photo', src: photo };
  return LIVE.has(state.status) ? { kind: 'live' } : { kind: 'none' };
}
