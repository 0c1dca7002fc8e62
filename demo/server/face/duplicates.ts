import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/sqlite';
import type { EnrolledFace, FaceMatcher } from './matcher';

// Faces registered to two accounts (issue 54). Registration refuses a face that matches another account of any unit
// now, but a database from before keeps its duplicates: public face login refuses those photos (one-person.ts), and
// they are listed here for an operator to resolve, at every start and on demand (list-duplicate-faces.ts).

/** Two accounts whose registered faces match each other. */
export interface DuplicateFace {
  userId: string;
  otherUserId: string;
}

/**
 * Every pair of accounts whose faces, as described by `matcher`'s kind, match each other; each pair once. Faces of
 * another kind (not yet described again) are not compared. Yields between faces: a large database does not hold the
 * server's other requests for the whole comparison.
 */
export async function findDuplicateFaces(db: Database, matcher: FaceMatcher): Promise<DuplicateFace[]> {
  const faces = db
    .prepare('SELECT user_id AS userId, descriptor FROM face_records WHERE matcher = ? ORDER BY user_id')
    .all(matcher.kind) as EnrolledFace[];
  const pairs: DuplicateFace[] = [];
  for (const [index, face] of faces.entries()) {
    for (const other of faces.slice(index + 1)) {
      const same = matcher.match(face.descriptor, [other]) !== null;
      if (same) pairs.push({ userId: face.userId, otherUserId: other.userId });
    }
    await nextTurn();
  }
  return pairs;
}

/** `u-a = u-b; u-c = u-d`: ids only, no names, in the server's log. */
const describePairs = (pairs: DuplicateFace[]) =>
  pairs.map((pair) => `${pair.userId} = ${pair.otherUserId}`).join('; ');

/** Warns in the server's log of the accounts that share a face. Never throws. */
export async function reportDuplicateFaces(db: Database, matcher: FaceMatcher, log: FastifyBaseLogger): Promise<void> {
  try {
    const pairs = await findDuplicateFaces(db, matcher);
    if (pairs.length === 0) return;
    log.warn(
      { duplicateFaces: pairs },
      `faces registered to more than one account, refused at face login until resolved: ${describePairs(pairs)}`,
    );
  } catch (error) {
    log.warn({ error: error instanceof Error ? error.message : String(error) }, 'duplicate faces not checked');
  }
}
