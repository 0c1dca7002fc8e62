import { followMovement, type LivenessAction } from '../../../src/core/face/liveness';
import { ApiError } from '../envelope';
import type { FaceCaller, FaceMatcher, FaceObservation } from './matcher';
import { hashDistance } from './picture-hash';
import { samePicture } from './picture-memory';

// The server's half of the liveness challenge (issues 37 and 54): each frame's face found, checked to be the person
// of the still photo and not the still's mirror, and the turns followed by core's rule (src/core/face/liveness.ts)
// frame by frame, stopping as soon as the rule is met: a terminal's queue waits on this.

export const actionNotSeen = () =>
  new ApiError(400, 'face_liveness_failed', {
    zh: '没有看到要求的动作，请按提示重新验证',
    en: 'The movement asked for was not seen; try again and follow the prompt',
    hk: '沒有看到要求的動作，請按提示重新驗證',
  });

export const mirrored = () =>
  new ApiError(400, 'face_mirrored', {
    zh: '没有看到要求的动作，请本人面对摄像头重新验证',
    en: 'The movement asked for was not seen; face the camera yourself and try again',
    hk: '沒有看到要求的動作，請本人面對鏡頭重新驗證',
  });

export const someoneElse = () =>
  new ApiError(400, 'face_changed', {
    zh: '验证过程中换了人，请本人重新验证',
    en: 'Someone else appeared during the check; try again on your own',
    hk: '驗證過程中換了人，請本人重新驗證',
  });

type Observer = Required<Pick<FaceMatcher, 'observe' | 'samePerson'>>;

/**
 * A frame's face, or null when it has none or several (a head turned out of view, someone passing behind). The
 * still's mirror and another person's face are refused at once.
 */
async function frameFace(matcher: Observer, still: FaceObservation, frame: Buffer, caller: FaceCaller) {
  let face: FaceObservation;
  try {
    face = await matcher.observe(frame, caller, 'frame');
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return null;
    throw error;
  }
  const toMirror = hashDistance(face.hash, still.mirrorHash);
  if (toMirror <= hashDistance(face.hash, still.hash) && samePicture(face.hash, still.mirrorHash)) throw mirrored();
  if (!matcher.samePerson(still.descriptor, face.descriptor)) throw someoneElse();
  return face;
}

/** Each frame's face read once, on demand: the evidence first, the rest only when it is not enough. */
function frameReader(matcher: Observer, still: FaceObservation, frames: readonly Buffer[], caller: FaceCaller) {
  const read = new Map<number, Promise<FaceObservation | null>>();
  return (index: number) => {
    let face = read.get(index);
    if (!face) {
      face = frameFace(matcher, still, frames[index]!, caller);
      read.set(index, face);
    }
    return face;
  };
}

/** The faces the rule finds the movement on among `indexes` (frames in time order), or null. */
async function follow(
  actions: readonly LivenessAction[],
  still: FaceObservation,
  indexes: readonly number[],
  read: (index: number) => Promise<FaceObservation | null>,
): Promise<FaceObservation[] | null> {
  const seen: FaceObservation[] = [];
  for (const index of [...indexes].sort((a, b) => a - b)) {
    const face = await read(index);
    if (!face) continue;
    seen.push(face);
    const movement = followMovement(
      actions,
      still.turn,
      seen.map((item) => item.turn),
    );
    if (movement.wrongWay) return null;
    if (movement.done) return movement.evidence.map((at) => seen[at]!);
  }
  return null;
}

/**
 * Throws unless the frames show the still's person doing `actions` in order, each turn through a pose on its way.
 * Returns the frames the finding rests on, whose hashes are remembered against replay.
 *
 * `evidence` names the frames the widget's own finding rests on (issue 54): they are read first, and the others only
 * when those do not meet the rule, so a clock-in usually costs the still and four frames, not all eight. The rule is
 * the same on any frames in time order, so a client that names others gains nothing.
 */
export async function verifyMovement(
  matcher: Observer,
  actions: readonly LivenessAction[],
  still: FaceObservation,
  frames: readonly Buffer[],
  caller: FaceCaller,
  evidence: readonly number[] = [],
): Promise<FaceObservation[]> {
  const read = frameReader(matcher, still, frames, caller);
  const named = evidence.filter((index) => index < frames.length);
  const found =
    (named.length > 0 ? await follow(actions, still, named, read) : null) ??
    (await follow(
      actions,
      still,
      frames.map((_, index) => index),
      read,
    ));
  if (!found) throw actionNotSeen();
  return found;
}
