import type { EnrolledFace, FaceMatcher } from './matcher';
import { faceAmbiguous, faceTaken } from './refusals';

// One face, one person (issue 54): public face login looks at the faces of every unit, so a face may be registered
// to one account in all of them, and a photo that matches two registered people signs in as neither.

/**
 * The one registered person a probe matches, or null; 409 `face_ambiguous` when another person's face matches it
 * too (two accounts registered with one face before registration refused it, found by duplicates.ts).
 */
export function matchOnePerson(matcher: FaceMatcher, probe: string, faces: EnrolledFace[]): string | null {
  const userId = matcher.match(probe, faces);
  if (userId === null) return null;
  const others = faces.filter((face) => face.userId !== userId);
  if (matcher.match(probe, others) !== null) throw faceAmbiguous();
  return userId;
}

/** Throws 409 `face_taken` when the descriptor matches the face of anyone but `owner`, in any unit. */
export function refuseFaceOfAnother(
  matcher: FaceMatcher,
  descriptor: string,
  faces: EnrolledFace[],
  owner: string,
): void {
  const others = faces.filter((face) => face.userId !== owner);
  if (matcher.match(descriptor, others) !== null) throw faceTaken();
}
