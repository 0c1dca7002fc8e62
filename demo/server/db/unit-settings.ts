import type { Database } from './sqlite';

// A unit's own choices that §7 has no call for (issue 67): whether its people may sign in by face. Face sign-in is on
// unless the unit's admin turned it off (a row of unit_settings), as a §7 back end, which has no such setting, has it.

export function faceLoginOn(db: Database, unitId: string): boolean {
  const row = db.prepare('SELECT face_login FROM unit_settings WHERE unit_id = ?').get(unitId) as
    | { face_login: number }
    | undefined;
  return row?.face_login !== 0;
}

export function setFaceLogin(db: Database, unitId: string, on: boolean): void {
  db.prepare(
    `INSERT INTO unit_settings (unit_id, face_login) VALUES (?, ?)
     ON CONFLICT(unit_id) DO UPDATE SET face_login = excluded.face_login`,
  ).run(unitId, on ? 1 : 0);
}
