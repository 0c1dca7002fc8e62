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

export interface FaceMatcher {
  readonly kind: string;
  describe(image: Buffer, caller?: FaceCaller): Promise<string>;
  match(probe: string, enrolled: EnrolledFace[]): string | null;
  /**
   * Whom a probe that matched no one resembles most (a near miss), or null: failures count against that person's
   * face as password failures count against an account. Optional: exact matchers have no near misses.
   */
  resembles?(probe: string, enrolled: EnrolledFace[]): string | null;
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
