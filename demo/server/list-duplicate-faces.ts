import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { openSqlite } from './db/sqlite';
import { faceMatcherFor } from './face/choose';
import { findDuplicateFaces } from './face/duplicates';
import { faceMatcherFromEnv } from './face/matcher-from-env';

// CLI: `npx tsx demo/server/list-duplicate-faces.ts`, with the server's PH_DATA_DIR, PH_FACE_MATCHER and
// PH_FACE_THRESHOLD. Lists the accounts whose registered faces match each other (issue 54), one pair a line: user
// id, unit, user id, unit. Public face login refuses their photos until an administrator registers each account's
// own face again or removes one. Reads the database only; a running server may keep serving meanwhile.

const path = join(resolve(process.env.PH_DATA_DIR || 'data'), 'ph.db');
if (!existsSync(path)) {
  console.error(`No database at ${path} (set PH_DATA_DIR to the server's data folder)`);
  process.exit(1);
}
const db = openSqlite(path);
const unitOf = db.prepare('SELECT unit_id AS unitId FROM users WHERE id = ?');
const unit = (userId: string) => (unitOf.get(userId) as { unitId: string } | undefined)?.unitId ?? '-';
const pairs = await findDuplicateFaces(db, faceMatcherFor(faceMatcherFromEnv(process.env)));
const lines = pairs.map(
  ({ userId, otherUserId }) => `  ${userId}\t${unit(userId)}\t${otherUserId}\t${unit(otherUserId)}`,
);
db.close();
if (pairs.length === 0) console.log('No face is registered to more than one account.');
else console.log(`Faces registered to more than one account (${pairs.length} pairs): user id, unit, user id, unit`);
for (const line of lines) console.log(line);
