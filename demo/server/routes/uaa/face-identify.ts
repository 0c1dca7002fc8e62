import type { LivenessAction } from '../../../../src/core/face/liveness';
import type { ServerContext } from '../../context';
import { findUser, type UserRow } from '../../db/users';
import { ApiError } from '../../envelope';
import { countAgainstPerson, refuseLockedPerson } from '../../face/limits';
import { actionNotSeen, verifyMovement } from '../../face/liveness-check';
import type { FaceCaller, FaceMatcher, FaceObservation } from '../../face/matcher';
import { matchOnePerson } from '../../face/one-person';
import { isReplay, rememberPictures } from '../../face/picture-memory';
import { noMatch, replayed } from '../../face/refusals';
import { randomToken, sha256 } from '../../util/ids';
import { decodeBase64Image } from '../../util/images';
import type { FaceDeps } from './face-deps';
import type { FacePhoto } from './face-photo';

export interface FaceRequest {
  photo: FacePhoto;
  /** The challenge's turns; null in the §7-as-written profile (`specStrict`), which checks no liveness. */
  actions: LivenessAction[] | null;
}

/** The matcher, when it can see landmarks; the digest matcher (tests) cannot, and checks no action. */
function livenessMatcher(matcher: FaceMatcher): Required<Pick<FaceMatcher, 'observe' | 'samePerson'>> | null {
  const { observe, samePerson } = matcher;
  return observe && samePerson ? { observe: observe.bind(matcher), samePerson: samePerson.bind(matcher) } : null;
}

/**
 * The registered person a photo shows, who did the challenge's turns in the frames (face login and clock-in). Bytes
 * that signed someone in or clocked them in before are refused (issue 37, F3), and so are frames that are such
 * pictures again, re-encoded or not (issue 54: picture-memory.ts).
 */
export async function identifyFace(
  { ctx, enrolled }: Pick<FaceDeps, 'ctx' | 'enrolled'>,
  request: FaceRequest,
  caller: FaceCaller,
  unitId?: string,
): Promise<UserRow> {
  const bytes = decodeBase64Image(request.photo.faceImage).bytes;
  const sentFrames = request.actions === null ? [] : (request.photo.frames ?? []);
  const frames = sentFrames.map((frame) => decodeBase64Image(frame, 'frames').bytes);
  const hashes = [bytes, ...frames].map((item) => sha256(item));
  if (hashes.some((hash) => usedBefore(ctx, hash))) throw replayed();
  // A still picture sent as every frame shows no movement, whatever the matcher can see.
  if (new Set(hashes).size !== hashes.length) throw actionNotSeen();
  const liveness = livenessMatcher(ctx.faceMatcher);
  const still = liveness ? await liveness.observe(bytes, caller) : null;
  const probe = still?.descriptor ?? (await ctx.faceMatcher.describe(bytes, caller));
  // Public face login sees only the faces of units that offer it (issue 67); a terminal's clock-in its unit's all.
  const faces = await enrolled(unitId, caller === 'public');
  const userId = matchOnePerson(ctx.faceMatcher, probe, faces);
  // Failures count per face too (issue 37, F3): 5 near misses on one person lock this call (face login, or
  // clock-in) to them for the window, even for their own face, as 5 wrong passwords lock an account.
  if (userId) refuseLockedPerson(ctx, caller, userId);
  const user = userId && findUser(ctx.db, userId);
  if (!user) {
    const near = ctx.faceMatcher.resembles?.(probe, faces);
    if (near) countAgainstPerson(ctx, caller, near);
    throw noMatch();
  }
  let evidence: FaceObservation[] = [];
  if (liveness && still && request.actions !== null) {
    try {
      evidence = await verifyMovement(liveness, request.actions, still, frames, caller, request.photo.evidence);
    } catch (error) {
      // A photo of this person that cannot move counts against their face like a wrong password.
      if (error instanceof ApiError && error.status === 400) countAgainstPerson(ctx, caller, user.id);
      throw error;
    }
    const memory = ctx.options.facePictureMemorySeconds;
    if (isReplay(ctx.db, pictureHashes(still, evidence), ctx.seconds(), memory)) throw replayed();
  }
  const remember = ctx.db.prepare('INSERT OR IGNORE INTO face_probes (hash, used_at) VALUES (?, ?)');
  for (const hash of hashes) remember.run(hash, ctx.seconds());
  if (still && evidence.length > 0) {
    rememberPictures(ctx.db, randomToken(12), pictureHashes(still, evidence), ctx.seconds());
  }
  return user;
}

/** The pictures of a use as picture-memory.ts compares them: the still, then the frames the movement rests on. */
const pictureHashes = (still: FaceObservation, evidence: FaceObservation[]) => [
  still.hash,
  ...evidence.map((face) => face.hash),
];

/** How long the bytes of a photo that signed someone in stay refused: a day. */
const PROBE_MEMORY_SECONDS = 24 * 60 * 60;

/** Whether these photo bytes signed someone in or clocked them in within the last day (older ones are forgotten). */
function usedBefore(ctx: ServerContext, hash: string): boolean {
  ctx.db.prepare('DELETE FROM face_probes WHERE used_at <= ?').run(ctx.seconds() - PROBE_MEMORY_SECONDS);
  return ctx.db.prepare('SELECT 1 FROM face_probes WHERE hash = ?').get(hash) !== undefined;
}
