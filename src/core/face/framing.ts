import { FACE_TARGET_TOLERANCE_PX } from './constants';
import { type Box, isOnTarget } from './geometry';

// What a person in front of the camera should do to get on target (issue 54): one rule for collect's `ready` and for
// the detecting of login and clock-in. §5's `isOnTarget` stays the rule for a hit; this only says why a face misses.

export const FRAMINGS = ['noFace', 'several', 'tooBig', 'tooSmall', 'offCentre', 'onTarget'] as const;
/** The advice for one detection: nobody, more than one person, move back, move closer, move into the box, on target. */
export type Framing = (typeof FRAMINGS)[number];

/**
 * The advice for the faces of one detection against the guide box (both in view px). A face off by its size is told
 * about the size first: moving back or closer also moves its corner (which §5 measures), so "into the box" would not
 * help until the size fits.
 */
export function framingAdvice(faces: readonly Box[], guide: Box, tolerance = FACE_TARGET_TOLERANCE_PX): Framing {
  if (faces.length === 0) return 'noFace';
  if (faces.length > 1) return 'several';
  const face = faces[0]!;
  if (isOnTarget(face, guide, tolerance)) return 'onTarget';
  const wider = face.width - guide.width;
  const taller = face.height - guide.height;
  if (wider > tolerance || taller > tolerance) return 'tooBig';
  if (wider < -tolerance || taller < -tolerance) return 'tooSmall';
  return 'offCentre';
}
