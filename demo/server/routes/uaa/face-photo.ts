import { LIVENESS_FRAMES, LIVENESS_MIN_FRAMES, type LivenessAnswer } from '../../../../src/core/face/liveness';
import { int, object, str } from '../../schemas';
import { BASE64_BODY_LIMIT } from '../../util/images';

// The body of a face login or clock-in: §7's `{faceImage}`, and in the full profile the liveness challenge it
// answers with the frames recorded for it (issue 37).

export const faceImage = str(BASE64_BODY_LIMIT, { minLength: 1 });

/** A liveness frame is a small JPEG (LIVENESS_FRAME_PX square); a tenth of a photo's limit is plenty. */
const FRAME_BASE64_LIMIT = Math.ceil(BASE64_BODY_LIMIT / 10);
/** Frames accepted at most: what the widget sends at most, and all the server looks at (issue 54). */
const MAX_FRAMES = LIVENESS_FRAMES;
export const PHOTO_BODY_LIMIT = BASE64_BODY_LIMIT + MAX_FRAMES * FRAME_BASE64_LIMIT;

/** Face login and clock-in: the photo of §4, and (full profile) the challenge it answers. */
export interface FacePhoto extends Partial<LivenessAnswer> {
  faceImage: string;
}

const livePhotoSchema = object(
  {
    faceImage,
    challengeId: str(64, { minLength: 1 }),
    frames: {
      type: 'array',
      minItems: LIVENESS_MIN_FRAMES,
      maxItems: MAX_FRAMES,
      items: str(FRAME_BASE64_LIMIT, { minLength: 1 }),
    },
    // The frames the widget's finding rests on, read first (liveness-check.ts).
    evidence: { type: 'array', maxItems: MAX_FRAMES, uniqueItems: true, items: int(0, MAX_FRAMES - 1) },
  },
  ['faceImage', 'challengeId', 'frames'],
);

/** §7 as written (`specStrict`): the photo alone; a challenge or frames sent with it are not looked at. */
const stillPhotoSchema = object({ faceImage }, ['faceImage']);

export const photoSchema = (specStrict: boolean) => (specStrict ? stillPhotoSchema : livePhotoSchema);
