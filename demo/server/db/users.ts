import { ADMIN_ROLE } from '../../../src/core/api/wire';
import type { Database } from './sqlite';

export interface UserRow {
  id: string;
  login_name: string;
  password_hash: string;
  real_name: string;
  user_type: number;
  unit_id: string;
  sex: number;
  status: number;
  lang: string;
  theme_type: string;
  theme: string;
  current_child_id: string | null;
}

export interface UnitRow {
  id: string;
  name: string;
  en_name: string;
  unit_type: string;
  host: string;
  logo_file: string;
  status: number;
  sharding_code: string;
  campus_units: string;
  is_vocational: number;
  have_institute: number;
  licence_end: string;
  footer: string;
  link: string;
  decoration_set: string;
  pc_open: number;
  year: string;
  term: string;
}

export function findUserByLogin(db: Database, loginName: string): UserRow | undefined {
  return db.prepare('SELECT * FROM users WHERE login_name = ?').get(loginName) as UserRow | undefined;
}

export function findUser(db: Database, id: string): UserRow | undefined {
  return db.prepare('SELECT * FROM users WHERE id = ?').get(id) as UserRow | undefined;
}

export function findUnit(db: Database, id: string): UnitRow | undefined {
  return db.prepare('SELECT * FROM units WHERE id = ?').get(id) as UnitRow | undefined;
}

export function findUnitByHost(db: Database, host: string): UnitRow | undefined {
  return db.prepare('SELECT * FROM units WHERE host = ?').get(host) as UnitRow | undefined;
}

export function hasRole(db: Database, userId: string, role: string): boolean {
  return Boolean(db.prepare('SELECT 1 FROM user_roles WHERE user_id = ? AND role = ?').get(userId, role));
}

export function isAdmin(db: Database, userId: string): boolean {
  return hasRole(db, userId, ADMIN_ROLE);
}

/** The role of a clock-in terminal's account (README › Demo accounts: `terminal`). */
export const FACE_TERMINAL_ROLE = 'FACE_TERMINAL';

/** A clock-in terminal's account: it records attendance by face, lands on the clock-in page and has no apps. */
export function isFaceTerminal(db: Database, userId: string): boolean {
  return hasRole(db, userId, FACE_TERMINAL_ROLE);
}

export function areLinked(db: Database, userId: string, otherId: string): boolean {
  return Boolean(
    db.prepare('SELECT 1 FROM account_links WHERE user_id = ? AND linked_user_id = ?').get(userId, otherId),
  );
}

export function deviceClients(db: Database): { id: string; loginName: string; name: string }[] {
  return db
    .prepare(
      `SELECT d.id, u.login_name AS loginName, d.name FROM device_clients d JOIN users u ON u.id = d.user_id
       ORDER BY u.login_name`,
    )
    .all() as { id: string; loginName: string; name: string }[];
}
