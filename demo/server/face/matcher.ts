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
export interface FaceMatcher {
  readonly kind: string;
  describe(image: Buffer): Promise<string>;
  match(probe: string, enrolled: EnrolledFace[]): string | null;
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
