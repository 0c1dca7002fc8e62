import type { OwnFile, OwnFiles } from '../../../../src/core/api/types';
import { ENDPOINTS, endpointPath } from '../../../../src/core/api/wire';
import type { ServerContext } from '../../context';
import type { Owner, StoredFile } from './store';

// Whose files are whose, apart from the route that lists them (own-files.ts): the storage plugins' shared deps hold
// the records, and the route needs the deps.

interface OwnRow {
  md5: string;
  name: string;
  size: number;
  kept_at: number;
}

/**
 * Each person's own files: those they uploaded and those the instant-upload check found for them (to them that is an
 * upload too). The unit's files stay readable by the whole unit (§7 reads by MD5); this list is only whose they are.
 */
export class OwnFileRecords {
  constructor(private readonly ctx: ServerContext) {}

  /** Records (or dates anew, under the latest name) that this person has the stored file; answers it unchanged. */
  keep(owner: Owner, file: StoredFile, name = file.name): StoredFile {
    this.ctx.db
      .prepare(
        `INSERT INTO user_files (user_id, unit_id, md5, name, kept_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (user_id, md5) DO UPDATE SET name = excluded.name, kept_at = excluded.kept_at`,
      )
      .run(owner.userId, owner.unitId, file.md5, name, this.ctx.now());
    return file;
  }

  /** The person's newest files still stored in their unit, newest first, and how many they have in all. */
  list(owner: Owner, limit: number): OwnFiles {
    const rows = this.ctx.db
      .prepare(
        `SELECT o.md5, o.name, f.size, o.kept_at FROM user_files o
         JOIN unit_files f ON f.unit_id = o.unit_id AND f.md5 = o.md5
         WHERE o.user_id = ? AND o.unit_id = ? ORDER BY o.kept_at DESC, o.rowid DESC LIMIT ?`,
      )
      .all(owner.userId, owner.unitId, limit) as OwnRow[];
    const { total } = this.ctx.db
      .prepare(
        `SELECT count(*) AS total FROM user_files o JOIN unit_files f ON f.unit_id = o.unit_id AND f.md5 = o.md5
         WHERE o.user_id = ? AND o.unit_id = ?`,
      )
      .get(owner.userId, owner.unitId) as { total: number };
    return { list: rows.map(toOwnFile), total };
  }
}

function toOwnFile(row: OwnRow): OwnFile {
  const url = endpointPath(ENDPOINTS.storedFile, { md5: row.md5 });
  return { fileId: row.md5, md5: row.md5, name: row.name, size: row.size, url, keptAt: row.kept_at };
}
