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
 * In a replay one picture may lie this far from its original when the others make up for it (issue 67): brightening a
 * request's every picture ×1.25, or ×1.15 and a crop, clipped the highlights of one frame 12–14 bits away while the
 * others stayed 0–8, and the use signed in again.
 */
export const ONE_PICTURE_AT_MOST_BITS = 16;

/**
 * The pictures of two uses are the same pictures: one by one in order, on average at most SAME_PICTURE_BITS apart and
 * none more than ONE_PICTURE_AT_MOST_BITS. Everything the rule of each picture alike (≤ 10) caught is still caught.
 */
function sameUse(earlier: readonly string[], now: readonly string[]): boolean {
  if (earlier.length !== now.length) return false;
  const distances = earlier.map((hash, i) => hashDistance(hash, now[i]!));
  const total = distances.reduce((sum, bits) => sum + bits, 0);
  return distances.every((bits) => bits <= ONE_PICTURE_AT_MOST_BITS) && total <= SAME_PICTURE_BITS * distances.length;
}

/**
 * Whether these pictures (the still, then the frames) are those of one earlier use (sameUse); uses older than
 * `memorySeconds` are forgotten.
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
  for (const pictures of uses.values()) if (sameUse(pictures, hashes)) return true;
  return false;
}

/** Keeps the pictures of a use that succeeded, in order. */
export function rememberPictures(db: Database, useId: string, hashes: readonly string[], now: number): void {
  const insert = db.prepare('INSERT INTO face_pictures (use_id, position, hash, used_at) VALUES (?, ?, ?, ?)');
  for (const [position, hash] of hashes.entries()) insert.run(useId, position, hash, now);
}
