import type { LivenessAction } from '../../../../src/core/face/liveness';
import type { AuthContext, ServerContext } from '../../context';
import { findUser, isAdmin } from '../../db/users';
import { errors } from '../../envelope';
import type { ChallengePurpose, ChallengeStore } from '../../face/challenges';
import type { EnrolledFace } from '../../face/matcher';
import { userRequired } from '../../face/refusals';
import type { FacePhoto, photoSchema } from './face-photo';

/**
 * What the face route groups share (challenge, login, clock-in, registration), built once by registerFaceRoutes:
 * the challenges issued, the registered faces (once the background refresh is done), and the photo body schema.
 */
export interface FaceDeps {
  ctx: ServerContext;
  challenges: ChallengeStore;
  /**
   * Registered faces of the current matcher's kind, of one unit or of all; `signIn` leaves out those of units that
   * turned face sign-in off (issue 67).
   */
  enrolled(unitId?: string, signIn?: boolean): Promise<EnrolledFace[]>;
  /** The challenge a photo answers, used up; none in the §7-as-written profile, whose photos come alone. */
  takeActions(photo: FacePhoto, address: string, purpose: ChallengePurpose): LivenessAction[] | null;
  /** The schema of face login and clock-in: the photo, and (full profile) the challenge it answers. */
  schema: { body: ReturnType<typeof photoSchema> };
}

/** A user manages their own face and reads their own attendance; an admin also those of their unit. */
export function targetUser(ctx: ServerContext, auth: AuthContext, userId: string | undefined): string {
  if (!userId) {
    throw userRequired();
  }
  if (userId === auth.user.id) return userId;
  // One answer for an unknown id and for someone the caller may not act for (issue 37, F11): ids cannot be listed.
  const target = findUser(ctx.db, userId);
  if (!target || !isAdmin(ctx.db, auth.user.id) || target.unit_id !== auth.user.unit_id) throw errors.forbidden();
  return userId;
}
