import { actionFrame, type LivenessAction } from '../../../src/core/face/liveness';
import { ApiError } from '../envelope';
import type { FaceCaller, FaceMatcher, FaceObservation } from './matcher';

// The server's half of the liveness challenge (issue 37): the landmarks of every frame, the action decided by core's
// rule (src/core/face/liveness.ts), and the frame that shows it checked to be the face of the still photo.

export const actionNotSeen = () =>
  new ApiError(400, 'face_liveness_failed', {
    zh: '没有看到要求的动作，请按提示重新验证',
    en: 'The movement asked for was not seen; try again and follow the prompt',
  });

/**
 * Throws actionNotSeen unless the frames show `action` done by the face of the still photo. Frames in which no single
 * face is found (a head turned out of view) are left out; fewer than the rule needs fail it.
 */
export async function verifyAction(
  matcher: Required<Pick<FaceMatcher, 'observe' | 'samePerson'>>,
  action: LivenessAction,
  still: FaceObservation,
  frames: Buffer[],
  caller: FaceCaller,
): Promise<void> {
  const seen: { frame: Buffer; landmarks: FaceObservation['landmarks'] }[] = [];
  let index: number | null = null;
  // One frame at a time, stopping at the first that shows the action (a terminal's queue of people waits on this):
  // a login holds one place of the description queue, never all of it (F5).
  for (const frame of frames) {
    try {
      seen.push({ frame, landmarks: (await matcher.observe(frame, caller, true)).landmarks });
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 400)) throw error;
    }
    index = actionFrame(
      action,
      still.landmarks,
      seen.map((item) => item.landmarks),
    );
    if (index !== null) break;
  }
  if (index === null || !still.descriptor) throw actionNotSeen();
  const acting = await matcher.observe(seen[index]!.frame, caller, false);
  if (!acting.descriptor || !matcher.samePerson(still.descriptor, acting.descriptor)) throw actionNotSeen();
}
