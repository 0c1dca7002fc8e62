import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../demo/server/db';
import { MIGRATIONS, migrate } from '../../demo/server/db/migrations';
import { openSqlite } from '../../demo/server/db/sqlite';

const dir = mkdtempSync(join(tmpdir(), 'ph-sqlite-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('openSqlite (libsql with better-sqlite3 rows)', () => {
  it('answers get() with the selected columns only, as better-sqlite3 does', () => {
    const db = openSqlite(join(dir, 'rows.db'));
    db.exec('CREATE TABLE t (a INTEGER, b TEXT)');
    db.prepare('INSERT INTO t VALUES (?, ?)').run(1, 'one');
    expect(db.prepare('SELECT a, b FROM t WHERE a = ?').get(1)).toEqual({ a: 1, b: 'one' });
    expect(JSON.stringify(db.prepare('SELECT b FROM t').get())).toBe('{"b":"one"}');
    expect(db.prepare('SELECT a FROM t WHERE a = 2').get()).toBeUndefined();
    expect(db.prepare('SELECT a, b FROM t').all()).toEqual([{ a: 1, b: 'one' }]);
    db.close();
  });

  it('prepares each SQL text once, and the kept statement follows changes to its table', () => {
    const db = openSqlite(join(dir, 'kept.db'));
    db.exec('CREATE TABLE t (a INTEGER)');
    const select = db.prepare('SELECT a FROM t ORDER BY a');
    expect(db.prepare('SELECT a FROM t ORDER BY a')).toBe(select);
    expect(db.prepare('SELECT a FROM t ORDER BY a DESC')).not.toBe(select);
    db.prepare('INSERT INTO t VALUES (?)').run(1);
    db.exec('ALTER TABLE t ADD COLUMN b TEXT');
    db.prepare('INSERT INTO t VALUES (?, ?)').run(2, 'two');
    expect(db.prepare('SELECT a FROM t ORDER BY a').all()).toEqual([{ a: 1 }, { a: 2 }]);
    expect(db.prepare('SELECT a FROM t ORDER BY a').get()).toEqual({ a: 1 });
    db.close();
  });

  it('rolls a failed transaction back and keeps the file', () => {
    const path = join(dir, 'tx.db');
    const db = openSqlite(path);
    db.exec('CREATE TABLE t (a INTEGER)');
    const insert = db.prepare('INSERT INTO t VALUES (?)');
    expect(() =>
      db.transaction(() => {
        insert.run(1);
        throw new Error('stop');
      })(),
    ).toThrow('stop');
    db.transaction(() => insert.run(2))();
    db.close();
    const again = openSqlite(path);
    expect(again.prepare('SELECT a FROM t').all()).toEqual([{ a: 2 }]);
    again.close();
  });

  it("opens the server's database in WAL mode with NORMAL sync, as better-sqlite3's build did (no fsync per commit)", () => {
    const db = openDatabase(join(dir, 'server'), { now: Date.now, deviceClientIds: {} });
    expect(db.pragma('journal_mode')).toEqual([{ journal_mode: 'wal' }]);
    expect(db.pragma('synchronous')).toEqual([{ synchronous: 1 }]);
    db.close();
  });

  it('addresses the messages of a database seeded before messages had recipients to the people the seed names', () => {
    const db = openDatabase(join(dir, 'upgraded'), { now: Date.now, deviceClientIds: {} });
    // Back to the step before: the messages were there, addressed to no one in particular.
    const step = MIGRATIONS.findIndex((sql) => sql.includes('CREATE TABLE message_recipients'));
    db.exec(`DROP TABLE message_recipients; UPDATE schema_version SET version = ${step}`);
    migrate(db);
    const recipients = (id: string) =>
      (
        db.prepare('SELECT user_id FROM message_recipients WHERE message_id = ? ORDER BY user_id').all(id) as {
          user_id: string;
        }[]
      ).map((row) => row.user_id);
    expect(recipients('msg-1')).toEqual(['u-admin', 'u-staff', 'u-teacher']);
    expect(recipients('todo-1')).toEqual(['u-admin', 'u-staff', 'u-teacher']);
    expect(recipients('msg-area-1')).toEqual(['u-areauser']);
    expect(recipients('msg-old-1')).toEqual(['u-expired']);
    const students = db
      .prepare("SELECT COUNT(*) AS n FROM message_recipients WHERE user_id IN ('u-student', 'u-parent')")
      .get() as { n: number };
    expect(students.n).toBe(0);
    db.close();
  });

  it('adds the clock-in terminal to a demo database seeded before it, with its role and the demo password', () => {
    const db = openDatabase(join(dir, 'before-terminal'), { now: Date.now, deviceClientIds: {} });
    db.exec("DELETE FROM user_roles WHERE user_id = 'u-terminal'; DELETE FROM users WHERE id = 'u-terminal'");
    const step = MIGRATIONS.findIndex((sql) => sql.includes('face_registrations'));
    db.exec(`UPDATE schema_version SET version = ${step}`);
    migrate(db);
    const terminal = db.prepare("SELECT password_hash, unit_id FROM users WHERE login_name = 'terminal'").get();
    const teacher = db.prepare("SELECT password_hash, unit_id FROM users WHERE id = 'u-teacher'").get();
    expect(terminal).toEqual(teacher);
    expect(db.prepare("SELECT role FROM user_roles WHERE user_id = 'u-terminal'").all()).toEqual([
      { role: 'FACE_TERMINAL' },
    ]);
    db.close();
  });

  it('gives the versions of a database seeded before issue 35 their English and zh-HK parts, leaving edited ones', () => {
    const db = openDatabase(join(dir, 'before-versions'), { now: Date.now, deviceClientIds: {} });
    db.exec(`UPDATE versions SET name = '基础平台' WHERE code = 'base';
      UPDATE versions SET name = '成绩系统' WHERE code = 'grade';
      UPDATE version_history SET cn = '新增人脸登录' WHERE code = 'base' AND version = '1.5.0';
      UPDATE messages SET module = REPLACE(module, '|||系統訊息', '|||系統消息')`);
    const step = MIGRATIONS.findIndex((sql) => sql.includes('UPDATE versions SET name'));
    db.exec(`UPDATE schema_version SET version = ${step}`);
    migrate(db);
    const name = (code: string) => db.prepare('SELECT name FROM versions WHERE code = ?').get(code);
    expect(name('base')).toEqual({ name: '基础平台|||Base platform|||基礎平台' });
    // A name someone changed is theirs: left as it is.
    expect(name('grade')).toEqual({ name: '成绩系统' });
    expect(db.prepare("SELECT cn FROM version_history WHERE code = 'base' AND version = '1.5.0'").get()).toEqual({
      cn: '新增人脸登录|||Face login added|||新增人臉登入',
    });
    expect(db.prepare("SELECT COUNT(*) AS n FROM messages WHERE module LIKE '%系統消息%'").get()).toEqual({ n: 0 });
    db.close();
  });
  it("counts the files of a database from before each person's own list as their uploader's", () => {
    const db = openDatabase(join(dir, 'before-own-files'), { now: Date.now, deviceClientIds: {} });
    db.exec(`DROP TABLE user_files;
      INSERT INTO unit_files (unit_id, md5, sha256, name, size, server_id, created_by, created_at) VALUES
        ('unit-school', '${'a'.repeat(32)}', '${'b'.repeat(64)}', 'plan.pdf', 10, 'base', 'u-teacher', 5)`);
    const step = MIGRATIONS.findIndex((sql) => sql.includes('CREATE TABLE IF NOT EXISTS user_files'));
    db.exec(`UPDATE schema_version SET version = ${step}`);
    migrate(db);
    expect(db.prepare('SELECT user_id, unit_id, name, kept_at FROM user_files').all()).toEqual([
      { user_id: 'u-teacher', unit_id: 'unit-school', name: 'plan.pdf', kept_at: 5 },
    ]);
    db.close();
  });
});
