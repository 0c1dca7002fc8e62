import type { FaceRecord } from '../api/types';
import type { ActingState, TurnsDone } from './acting';
import type { Framing } from './framing';
import type { Box } from './geometry';
import type { LivenessAnswer } from './liveness';
import type { Watch } from './watch';

export type { Watch } from './watch';

// The face widget's states, apart from the machine that moves between them (machine.ts): the hit counting and the
// terminal's queue (queue.ts) read them, and the machine uses those.

/** Why the camera cannot be used: an http page that is not localhost, no device, a refusal, a device in use. */
export type CameraProblem = 'insecure' | 'noCamera' | 'denied' | 'busy';

export type FaceState =
  /** Loading the registered face (collect), opening the camera, loading the detector. */
  | { status: 'initializing' }
  /** Collect with a face already registered: its photo, and only Again. */
  | { status: 'registered'; record: FaceRecord }
  /** §5: collect needs a userId. Nothing else works without one. */
  | { status: 'userIdMissing' }
  /** The camera cannot be used; collect offers an upload instead. A click retries opening it. */
  | { status: 'unavailable'; problem: CameraProblem; upload: boolean }
  /**
   * The camera is open; capture is enabled when this reaches 0. Login and clock-in count hits meanwhile (`watch`), so
   * a face held still through the countdown is captured the moment it ends.
   */
  | { status: 'countdown'; remaining: number; watch?: Watch }
  /** Collect: the live picture with Photograph (Save disabled until a photo); `framing` advises (framing.ts). */
  | { status: 'ready'; faces: Box[]; framing?: Framing }
  /** Login and clock-in: looking for one face on target, `hits` detections in a row so far (queue.ts). */
  | ({ status: 'detecting' } & Watch)
  /**
   * Login and clock-in: the face stayed on target; the frame is being taken. `turns`: the turns were done first,
   * during the hold, and their answer goes with the photo, its evidence named from the photo's own turn (acting.ts).
   */
  | { status: 'capturing'; turns?: TurnsDone }
  /**
   * No capture within the time limit; a click retries. A clock-in terminal goes on detecting meanwhile (`watch`) and
   * goes back by itself (queue.ts).
   */
  | { status: 'timeout'; watch?: Watch }
  /**
   * Login and clock-in: the server's liveness challenge is being fetched. `image`: the photo, taken first; null: the
   * hold is still running (`watch`), and the photo comes after the turns (acting.ts); `countdown`: the seconds of §4's
   * countdown still to run, before which no photo is taken.
   */
  | { status: 'challenging'; image: string | null; watch?: Watch; countdown?: number }
  /** Login and clock-in: the user is asked for the challenge's turns while frames are taken (acting.ts). */
  | ActingState
  /** Collect: a photo (camera or upload) with Again and Save. */
  | { status: 'captured'; image: string }
  /** The photo is on its way; login and clock-in send the challenge's answer with it when there was a challenge. */
  | { status: 'submitting'; image: string; liveness?: LivenessAnswer }
  /**
   * The call answered 200: collect saved, login signed in, clock-in recorded (`data` is the answer's data). A
   * clock-in terminal detects the next person meanwhile (`watch`).
   */
  | { status: 'success'; image: string; data: unknown; watch?: Watch }
  /**
   * A call failed: its message, then 'Click to try again'. Collect keeps the photo so nothing is lost; login and
   * clock-in keep the live picture (a clock-in terminal detecting meanwhile, `watch`).
   */
  | { status: 'failed'; message: string; image: string | null; watch?: Watch }
  /** Liveness `required`, and the back end has no challenge call: the widget words it itself; a click looks again. */
  | { status: 'failed'; problem: FaceProblem; image: null; watch?: Watch }
  /** The detector could not be loaded (login and clock-in cannot work without it). A click retries. */
  | { status: 'modelFailed' }
  /** The element left the page or the tab is hidden: the camera is closed until it comes back. */
  | { status: 'paused' };

export type FaceStatus = FaceState['status'];

/**
 * Failures the widget words itself: liveness `required` on a back end without the challenge call, or the turns not
 * seen in time (acting-deadline.ts).
 */
export type FaceProblem = 'livenessUnsupported' | 'movementNotSeen';
