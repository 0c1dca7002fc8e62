import type { Database } from '../db/sqlite';
import { hashDistance } from './picture-hash';

// Replay judged on the picture (issue 54): the still and the movement frames that signed someone in or clocked them
// in are kept for a day as perceptual hashes, in order. A request whose still and frames are, one by one, the same
// pictures as those of one earlier use (sent again, re-encoded, brightened, cropped a little) is a replay.
//
// Not a picture alone: a pupil who stands at the gate as they stood yesterday takes the same still, and a head held
// turned can look as it did. The poses caught on the way, at whatever moment the camera took them, do not all come
// out the same, in the same order, twice.

/**
 * Hashes this many bits apart or fewer are one picture. Measured on the tests' camera face (docs/guide/security.md):
 * re-encodes, brightness and small crops 0–8 apart; a head turned by a fraction of the challenge's turn 4–10, so one
 * picture alone says little, five in order do; the mirror of a face 24 and more from the face.
 */
export const SAME_PICTURE_BITS = 10;
/** How long the frames of a use are remembered: a day. */
export const PICTURE_MEMORY_SECONDS = 24 * 60 * 60;

export const samePicture = (a: string, b: string) => hashDistance(a, b) <= SAME_PICTURE_BITS;

/**
 * Whether these pictures (the still, then the frames) are those of one earlier use; uses older than `memorySeconds`
 * are forgotten.
 */
export function isReplay(
  db: Database,
  hashes: readonly string[],
  now: number,
  memorySeconds = PICTURE_MEMORY_SECONDS,
): boolean {
  db.prepare('DELETE FROM face_pictures WHERE used_at <= ?').run(now - memorySeconds);
  const rows = db
    .prepare('SELECT use_id AS useId, position, hash FROM face_pictures ORDER BY use_id, position')
    .all() as { useId: string; position: number; hash: string }[];
  const uses = new Map<string, string[]>();
  for (const row of rows) uses.set(row.useId, [...(uses.get(row.useId) ?? []), row.hash]);
  for (const pictures of uses.values()) {
    if (pictures.length === hashes.length && hashes.every((hash, i) => samePicture(pictures[i]!, hash))) return true;
  }
  return false;
}

/** Keeps the pictures of a use that succeeded, in order. */
export function rememberPictures(db: Database, useId: string, hashes: readonly string[], now: number): void {
  const insert = db.prepare('INSERT INTO face_pictures (use_id, position, hash, used_at) VALUES (?, ?, ?, ?)');
  for (const [position, hash] of hashes.entries()) insert.run(useId, position, hash, now);
}
