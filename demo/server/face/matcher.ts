import type { LandmarkPoint } from '../../../src/core/face/liveness';
import { sha256 } from '../util/ids';

export interface EnrolledFace {
  userId: string;
  descriptor: string;
}

/**
 * Turns a face photo into something comparable and finds the enrolled face it belongs to. `describe` rejects a photo
 * it cannot use with an ApiError (400, bilingual). Each stored descriptor is tagged with the `kind` of the matcher
 * that made it, so that a server switched to another matcher never compares descriptors of two kinds.
 */
/**
 * Who asks for a description: a public call (face login, anyone on the internet) or a signed-in account (a terminal
 * clocking in, a face being registered). A matcher with a queue keeps a share of it for signed-in callers.
 */
export type FaceCaller = 'public' | 'signed-in';

/**
 * A challenge's still photo (found wherever it is, its turn read as the widget reads it) or one of its frames (a
 * face already framed, found and read as the widget finds it: cheaper, and the same reading).
 */
export type ObservedPicture = 'still' | 'frame';

/** What the matcher sees of the one face of a picture. */
export interface FaceObservation {
  landmarks: LandmarkPoint[];
  /** `headTurn` as the widget reads it (the tiny landmark net). */
  turn: number;
  descriptor: string;
  /** Perceptual hashes of the face aligned on its eyes, and of its mirror (picture-hash.ts): a picture as a picture. */
  hash: string;
  mirrorHash: string;
}

export interface FaceMatcher {
  readonly kind: string;
  describe(image: Buffer, caller?: FaceCaller): Promise<string>;
  match(probe: string, enrolled: EnrolledFace[]): string | null;
  /**
   * Whom a probe that matched no one resembles most (a near miss), or null: failures count against that person's
   * face as password failures count against an account. Optional: exact matchers have no near misses.
   */
  resembles?(probe: string, enrolled: EnrolledFace[]): string | null;
  /**
   * The one face of a liveness challenge's still photo or of one of its frames: landmarks, descriptor and hashes.
   * Optional: a matcher that cannot see faces (digest) checks no movement, only the challenge itself.
   */
  observe?(image: Buffer, caller?: FaceCaller, picture?: ObservedPicture): Promise<FaceObservation>;
  /** Whether two descriptors are of one person, loosely: a face doing the challenge's action changes its descriptor. */
  samePerson?(a: string, b: string): boolean;
  /** Loads what the first describe would otherwise wait for (models); optional. */
  warmUp?(): Promise<void>;
  /** Releases threads or handles; called when the server closes. */
  close?(): Promise<void>;
}

/** Matches only the very same image bytes: honest for tests, useless for a real camera. */
export class DigestFaceMatcher implements FaceMatcher {
  readonly kind = 'digest';

  async describe(image: Buffer): Promise<string> {
    return sha256(image);
  }

  match(probe: string, enrolled: EnrolledFace[]): string | null {
    return enrolled.find((face) => face.descriptor === probe)?.userId ?? null;
  }
}
