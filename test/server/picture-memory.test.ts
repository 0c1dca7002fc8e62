import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from '../../demo/server/db/migrations';
import { openSqlite } from '../../demo/server/db/sqlite';
import { isReplay, PICTURE_MEMORY_SECONDS, rememberPictures } from '../../demo/server/face/picture-memory';

// Replay judged on the pictures of a use, in order (issue 54), on a real SQLite file.

const dir = mkdtempSync(join(tmpdir(), 'ph-pictures-'));
const db = openSqlite(join(dir, 'pictures.db'));
migrate(db);
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const use = ['00000000000000ff', '0f0f0f0f0f0f0f0f', 'ffff0000ffff0000'];
/** The hash with `bits` of its lowest bits flipped. */
const changed = (hash: string, bits: number) =>
  (BigInt(`0x${hash}`) ^ ((1n << BigInt(bits)) - 1n)).toString(16).padStart(16, '0');

describe('the picture memory', () => {
  it('knows a use again one by one, 10 bits apart on average and none past 16, in order only, and forgets it', () => {
    rememberPictures(db, 'use-1', use, 1_000);
    expect(
      isReplay(
        db,
        use.map((hash) => changed(hash, 8)),
        1_001,
      ),
    ).toBe(true);
    // One picture clipped further by an edit, the others close (issue 67): still the same use.
    expect(isReplay(db, [use[0]!, changed(use[1]!, 4), changed(use[2]!, 14)], 1_001)).toBe(true);
    expect(isReplay(db, [changed(use[0]!, 10), changed(use[1]!, 10), changed(use[2]!, 12)], 1_001)).toBe(false);
    expect(isReplay(db, [use[0]!, use[1]!, changed(use[2]!, 17)], 1_001)).toBe(false);
    expect(isReplay(db, [use[0]!, use[2]!, use[1]!], 1_001)).toBe(false);
    expect(isReplay(db, use.slice(0, 2), 1_001)).toBe(false);
    expect(isReplay(db, use, 1_000 + 60, 60)).toBe(false);
    expect(isReplay(db, use, 1_000 + PICTURE_MEMORY_SECONDS)).toBe(false);
  });
});
