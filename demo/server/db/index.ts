import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { migrate } from './migrations';
import { seed } from './seed';
import { type Database, openSqlite } from './sqlite';

export type { Database };

export interface SeedOptions {
  /** The server clock: seeded dates (licences, messages, versions) are relative to it. */
  now: () => number;
  /** Device-client ids by user id; random per database when not given. */
  deviceClientIds: Record<string, string>;
  /** Pad the seeded desktop to this many apps (ServerOptions.desktopApps); 0 or less adds none. */
  desktopApps?: number;
  /** scrypt's cost of the seeded password hashes (ServerOptions.passwordCost). */
  passwordCost?: number;
}

/** Opens (creating when new) `dataDir/ph.db`, migrates it and seeds the demo data once. */
export function openDatabase(dataDir: string, options: SeedOptions): Database {
  mkdirSync(dataDir, { recursive: true });
  const db = openSqlite(join(dataDir, 'ph.db'));
  db.pragma('journal_mode = WAL');
  // better-sqlite3 was built with WAL's NORMAL synchronous mode (SQLITE_DEFAULT_WAL_SYNCHRONOUS=1); libsql's default
  // is FULL, an fsync at every commit. NORMAL keeps the database consistent after a crash; the last commits before a
  // power loss may be lost, which a demo platform's reference server can afford.
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  seed(db, new Date(options.now()), options.deviceClientIds, options.desktopApps, options.passwordCost);
  return db;
}

export function getMeta(db: Database, key: string): string | undefined {
  const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined;
  return row?.value;
}

export function setMeta(db: Database, key: string, value: string): void {
  db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(
    key,
    value,
  );
}
