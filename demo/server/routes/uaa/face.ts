import type { FastifyInstance } from 'fastify';
import type { AttendancePage, FaceClocking, FaceRecord } from '../../../../src/core/api/types';
import { ENDPOINTS } from '../../../../src/core/api/wire';
import type { LivenessAction } from '../../../../src/core/face/liveness';
import { DEFAULT_PAGE_SIZE } from '../../../../src/core/util/scroll';
import { issueLogin, requireAuth } from '../../auth/session';
import type { AuthContext, ServerContext } from '../../context';
import { findUser, isAdmin } from '../../db/users';
import { ApiError, errors, ok } from '../../envelope';
import { type ChallengePurpose, ChallengeStore } from '../../face/challenges';
import { ImageProblem, reencodedJpeg } from '../../face/decode';
import { IMAGE_ERRORS, refuse } from '../../face/descriptor-matcher';
import { reportDuplicateFaces } from '../../face/duplicates';
import { countAgainstAddress, countAgainstPerson, refuseLockedAddress, refuseLockedPerson } from '../../face/limits';
import { actionNotSeen, verifyMovement } from '../../face/liveness-check';
import type { EnrolledFace, FaceCaller, FaceMatcher, FaceObservation } from '../../face/matcher';
import { matchOnePerson, refuseFaceOfAnother } from '../../face/one-person';
import { isReplay, rememberPictures } from '../../face/picture-memory';
import { refreshFaceDescriptors } from '../../face/refresh';
import { noMatch, replayed, userRequired } from '../../face/refusals';
import { requireTerminal } from '../../face/terminal';
import { id, int, object } from '../../schemas';
import { serves } from '../../spec-strict';
import { formatDateTime, randomToken, sha256 } from '../../util/ids';
import { BASE64_BODY_LIMIT, decodeBase64Image } from '../../util/images';
import { registerFaceChallenge } from './face-challenge';
import { type FacePhoto, faceImage, PHOTO_BODY_LIMIT, photoSchema } from './face-photo';

interface FaceRequest {
  photo: FacePhoto;
  /** The challenge's turns; null in the §7-as-written profile (`specStrict`), which checks no liveness. */
  actions: LivenessAction[] | null;
}

/** The matcher, when it can see landmarks; the digest matcher (tests) cannot, and checks no action. */
function livenessMatcher(matcher: FaceMatcher): Required<Pick<FaceMatcher, 'observe' | 'samePerson'>> | null {
  const { observe, samePerson } = matcher;
  return observe && samePerson ? { observe: observe.bind(matcher), samePerson: samePerson.bind(matcher) } : null;
}

export function registerFaceRoutes(app: FastifyInstance, ctx: ServerContext): void {
  // Faces registered under another matcher are described again in the background (from their stored photos).
  const refreshed = refreshFaceDescriptors(ctx, app.log);
  // Then faces registered to two accounts are reported (issue 54), without holding up face calls.
  void refreshed.then(() => reportDuplicateFaces(ctx.db, ctx.faceMatcher, app.log));
  const challenges = new ChallengeStore(ctx.seconds, ctx.options.faceChallengeActions, ctx.options.faceChallengeLimits);

  /** Registered faces of the current matcher's kind, of one unit or of all. */
  const enrolled = async (unitId?: string): Promise<EnrolledFace[]> => {
    await refreshed;
    return ctx.db
      .prepare(
        `SELECT f.user_id AS userId, f.descriptor FROM face_records f JOIN users u ON u.id = f.user_id
         WHERE f.matcher = ? AND (? IS NULL OR u.unit_id = ?)`,
      )
      .all(ctx.faceMatcher.kind, unitId ?? null, unitId ?? null) as EnrolledFace[];
  };

  /**
   * The registered person a photo shows, who did the challenge's turns in the frames. Bytes that signed someone in
   * or clocked them in before are refused (issue 37, F3), and so are frames that are such pictures again, re-encoded
   * or not (issue 54: picture-memory.ts).
   */
  const identify = async (request: FaceRequest, caller: FaceCaller, unitId?: string) => {
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
    const faces = await enrolled(unitId);
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
  };

  registerFaceChallenge(app, ctx, challenges);
  /** The challenge a photo answers, used up; none in the §7-as-written profile, whose photos come alone. */
  const takeActions = (photo: FacePhoto, address: string, purpose: ChallengePurpose) =>
    ctx.options.specStrict ? null : challenges.take(photo.challengeId ?? '', address, purpose);
  const schema = { body: photoSchema(ctx.options.specStrict) };

  // Public: failures count per address like password failures (issue 37, F3), and its photos wait in the public
  // share of the description queue (F5).
  app.post<{ Body: FacePhoto }>(
    ENDPOINTS.faceLogin,
    { config: { public: true, loginLike: true }, bodyLimit: PHOTO_BODY_LIMIT, schema },
    async (request, reply) => {
      refuseLockedAddress(ctx, request.ip);
      try {
        const actions = takeActions(request.body, request.ip, { kind: 'login' });
        return ok(issueLogin(ctx, reply, await identify({ photo: request.body, actions }, 'public')));
      } catch (error) {
        if (error instanceof ApiError && error.status === 400) countAgainstAddress(ctx, request.ip);
        throw error;
      }
    },
  );

  // Clock-in terminals are signed in as a unit account with the terminal role (issue 37, F2: any account clocked
  // anyone in); only faces of that unit count.
  app.post<{ Body: FacePhoto }>(ENDPOINTS.faceClocking, { bodyLimit: PHOTO_BODY_LIMIT, schema }, async (request) => {
    const auth = requireTerminal(ctx, request);
    const actions = takeActions(request.body, request.ip, { kind: 'clocking', terminal: auth.user.id });
    const user = await identify({ photo: request.body, actions }, 'signed-in', auth.user.unit_id);
    const clockTime = formatDateTime(new Date(ctx.now()));
    ctx.db
      .prepare('INSERT INTO face_clockings (user_id, at, recorded_by) VALUES (?, ?, ?)')
      .run(user.id, clockTime, auth.user.id);
    const clocking: FaceClocking = { userId: user.id, realName: user.real_name, clockTime };
    return ok(clocking);
  });

  app.post<{ Body: { faceImage: string; userId?: string } }>(
    ENDPOINTS.faceCheck,
    { bodyLimit: BASE64_BODY_LIMIT, schema: { body: object({ faceImage, userId: id }, ['faceImage']) } },
    async (request) => {
      const auth = requireAuth(request);
      const target = targetUser(ctx, auth, request.body.userId);
      const image = decodeBase64Image(request.body.faceImage);
      const descriptor = await ctx.faceMatcher.describe(image.bytes);
      // A face names one person (issue 37 F1, issue 54): not one registered to another account of any unit, all of
      // whose faces public face login looks at.
      refuseFaceOfAnother(ctx.faceMatcher, descriptor, await enrolled(), target);
      const stored = storedPhoto(image.bytes);
      const registerTime = formatDateTime(new Date(ctx.now()));
      ctx.db
        .prepare(
          `INSERT INTO face_records (user_id, descriptor, matcher, image, register_time) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT(user_id) DO UPDATE SET descriptor = excluded.descriptor, matcher = excluded.matcher,
           image = excluded.image, register_time = excluded.register_time`,
        )
        .run(target, descriptor, ctx.faceMatcher.kind, stored, registerTime);
      ctx.db
        .prepare('INSERT INTO face_registrations (user_id, registered_by, registered_at) VALUES (?, ?, ?)')
        .run(target, auth.user.id, registerTime);
      if (target !== auth.user.id) tellOfRegistration(ctx, target, auth.user.real_name, registerTime);
      return ok({ userId: target, registerTime });
    },
  );

  app.get<{ Querystring: { userId?: string } }>(
    ENDPOINTS.faceUser,
    { schema: { querystring: object({ userId: id }) } },
    async (request) => {
      const target = targetUser(ctx, requireAuth(request), request.query.userId);
      const row = ctx.db.prepare('SELECT image, register_time FROM face_records WHERE user_id = ?').get(target) as
        | { image: Buffer; register_time: string }
        | undefined;
      const record: FaceRecord | null = row
        ? { faceImage: row.image.toString('base64'), registerTime: row.register_time, userId: target }
        : null;
      return ok(record);
    },
  );

  // An added call (spec-strict.ts): the §7-as-written profile leaves it out.
  if (serves(ctx.options, 'GET', ENDPOINTS.faceAttendance)) registerAttendance(app, ctx);
}

/** GET a user's clock-in rows, newest first (`start` 1-based page, `size`). */
function registerAttendance(app: FastifyInstance, ctx: ServerContext): void {
  app.get<{ Querystring: { userId?: string; start?: number; size?: number } }>(
    ENDPOINTS.faceAttendance,
    { schema: { querystring: object({ userId: id, start: int(1, 100000), size: int(1, 100) }) } },
    async (request) => {
      const target = targetUser(ctx, requireAuth(request), request.query.userId);
      const start = request.query.start ?? 1;
      const size = request.query.size ?? DEFAULT_PAGE_SIZE;
      const { total } = ctx.db
        .prepare('SELECT COUNT(*) AS total FROM face_clockings WHERE user_id = ?')
        .get(target) as {
        total: number;
      };
      const list = ctx.db
        .prepare(
          `SELECT c.user_id AS userId, u.real_name AS realName, c.at AS clockTime FROM face_clockings c
           JOIN users u ON u.id = c.user_id WHERE c.user_id = ? ORDER BY c.at DESC, c.id DESC LIMIT ? OFFSET ?`,
        )
        .all(target, size, (start - 1) * size) as FaceClocking[];
      const page: AttendancePage = { list, pages: Math.ceil(total / size), total };
      return ok(page);
    },
  );
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

/**
 * A face registered for someone else (an admin of the unit, issue 37 F4) is told to that person: a message in their
 * list, in the three languages, naming who did it and when.
 */
function tellOfRegistration(ctx: ServerContext, userId: string, by: string, at: string): void {
  const user = findUser(ctx.db, userId);
  if (!user) return;
  const id = `msg-face-${randomToken(9)}`;
  const meno = [
    `${by} 为你的账号登记了人脸（${at}）。如非你本人所知，请联系学校管理员`,
    `${by} registered a face for your account (${at}). If you did not know, contact your school's administrator`,
    `${by} 為你的賬號登記了人臉（${at}）。如非你本人所知，請聯絡學校管理員`,
  ].join('|||');
  ctx.db
    .prepare(
      `INSERT INTO messages (id, unit_id, kind, message_meno, module, message_date, importance, open_way, url, content)
       VALUES (?, ?, 'message', ?, ?, ?, 1, 0, '', '[]')`,
    )
    .run(id, user.unit_id, meno, '人脸登记|||Face registration|||人臉登記', at);
  ctx.db.prepare('INSERT INTO message_recipients (message_id, user_id) VALUES (?, ?)').run(id, userId);
}

/** The photo as stored: decoded and encoded again, so nothing but its pixels is kept (issue 37, F14). */
function storedPhoto(bytes: Buffer): Buffer {
  try {
    return reencodedJpeg(bytes);
  } catch (error) {
    if (!(error instanceof ImageProblem)) throw error;
    const [code, text] = IMAGE_ERRORS[error.kind]!;
    throw refuse(code, text);
  }
}

/** A user manages their own face and reads their own attendance; an admin also those of their unit. */
function targetUser(ctx: ServerContext, auth: AuthContext, userId: string | undefined): string {
  if (!userId) {
    throw userRequired();
  }
  if (userId === auth.user.id) return userId;
  // One answer for an unknown id and for someone the caller may not act for (issue 37, F11): ids cannot be listed.
  const target = findUser(ctx.db, userId);
  if (!target || !isAdmin(ctx.db, auth.user.id) || target.unit_id !== auth.user.unit_id) throw errors.forbidden();
  return userId;
}
