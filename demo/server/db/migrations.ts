import { DEMO_PORTAL_REDIRECTS, VERSION_HISTORY, VERSIONS } from './seed-data';
import type { Database } from './sqlite';

/** A constant of the seed as an SQL string literal. */
function sqlText(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

const firstPart = (text: string) => text.split('|||')[0] as string;

// Append-only: a released migration is never edited, a change is a new entry.
export const MIGRATIONS: string[] = [
  `
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  CREATE TABLE units (
    id TEXT PRIMARY KEY, name TEXT NOT NULL, en_name TEXT NOT NULL, unit_type TEXT NOT NULL, host TEXT UNIQUE,
    logo_file TEXT NOT NULL, status INTEGER NOT NULL, sharding_code TEXT NOT NULL, campus_units TEXT NOT NULL,
    is_vocational INTEGER NOT NULL, have_institute INTEGER NOT NULL, licence_end TEXT NOT NULL,
    footer TEXT NOT NULL, link TEXT NOT NULL, decoration_set TEXT NOT NULL, pc_open INTEGER NOT NULL,
    year TEXT NOT NULL, term TEXT NOT NULL
  );
  CREATE TABLE users (
    id TEXT PRIMARY KEY, login_name TEXT NOT NULL UNIQUE COLLATE NOCASE, password_hash TEXT NOT NULL,
    real_name TEXT NOT NULL, user_type INTEGER NOT NULL, unit_id TEXT NOT NULL REFERENCES units(id),
    sex INTEGER NOT NULL, status INTEGER NOT NULL, lang TEXT NOT NULL,
    theme_type TEXT NOT NULL, theme TEXT NOT NULL, current_child_id TEXT
  );
  CREATE TABLE user_roles (user_id TEXT NOT NULL REFERENCES users(id), role TEXT NOT NULL, PRIMARY KEY (user_id, role));
  CREATE TABLE account_links (
    user_id TEXT NOT NULL REFERENCES users(id), linked_user_id TEXT NOT NULL REFERENCES users(id),
    PRIMARY KEY (user_id, linked_user_id)
  );
  CREATE TABLE students (
    id TEXT PRIMARY KEY, real_name TEXT NOT NULL, grade_name TEXT NOT NULL, class_name TEXT NOT NULL,
    unit_id TEXT NOT NULL REFERENCES units(id), user_id TEXT REFERENCES users(id)
  );
  CREATE TABLE parent_children (
    parent_id TEXT NOT NULL REFERENCES users(id), student_id TEXT NOT NULL REFERENCES students(id),
    status INTEGER NOT NULL, PRIMARY KEY (parent_id, student_id)
  );
  CREATE TABLE sessions (
    id TEXT PRIMARY KEY, user_id TEXT NOT NULL REFERENCES users(id), refresh_hash TEXT NOT NULL UNIQUE,
    refresh_expires_at INTEGER NOT NULL, openid TEXT, unionid TEXT, created_at INTEGER NOT NULL
  );
  CREATE TABLE access_tokens (
    hash TEXT PRIMARY KEY, session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    expires_at INTEGER NOT NULL
  );
  CREATE TABLE device_clients (id TEXT PRIMARY KEY, user_id TEXT NOT NULL REFERENCES users(id), name TEXT NOT NULL);
  CREATE TABLE social_providers (key TEXT PRIMARY KEY, name TEXT NOT NULL, app_id TEXT NOT NULL);
  CREATE TABLE social_codes (
    provider TEXT NOT NULL REFERENCES social_providers(key), code TEXT NOT NULL, openid TEXT NOT NULL,
    unionid TEXT NOT NULL, PRIMARY KEY (provider, code)
  );
  CREATE TABLE social_bindings (
    provider TEXT NOT NULL REFERENCES social_providers(key), openid TEXT NOT NULL, unionid TEXT NOT NULL,
    user_id TEXT NOT NULL REFERENCES users(id), PRIMARY KEY (provider, openid)
  );
  CREATE TABLE social_pending (
    id TEXT PRIMARY KEY, provider TEXT NOT NULL, openid TEXT NOT NULL, unionid TEXT NOT NULL, device_id TEXT,
    created_at INTEGER NOT NULL
  );
  CREATE TABLE oauth_clients (id TEXT PRIMARY KEY, name TEXT NOT NULL, redirect_uris TEXT NOT NULL);
  CREATE TABLE auth_codes (
    code TEXT PRIMARY KEY, client_id TEXT NOT NULL REFERENCES oauth_clients(id), user_id TEXT NOT NULL,
    redirect_uri TEXT NOT NULL, scope TEXT NOT NULL, expires_at INTEGER NOT NULL
  );
  CREATE TABLE sso_tickets (hash TEXT PRIMARY KEY, user_id TEXT NOT NULL REFERENCES users(id), expires_at INTEGER NOT NULL);
  CREATE TABLE messages (
    id TEXT PRIMARY KEY, unit_id TEXT NOT NULL REFERENCES units(id), kind TEXT NOT NULL, message_meno TEXT NOT NULL,
    module TEXT NOT NULL, message_date TEXT NOT NULL, importance INTEGER NOT NULL, open_way INTEGER NOT NULL,
    url TEXT NOT NULL, content TEXT NOT NULL
  );
  CREATE TABLE message_reads (
    user_id TEXT NOT NULL REFERENCES users(id), message_id TEXT NOT NULL REFERENCES messages(id),
    read_at INTEGER NOT NULL, PRIMARY KEY (user_id, message_id)
  );
  CREATE TABLE apps (
    code TEXT PRIMARY KEY, group_code TEXT NOT NULL, zname TEXT NOT NULL, name TEXT NOT NULL, short_name TEXT NOT NULL,
    english_name TEXT NOT NULL, english_short_name TEXT NOT NULL, color TEXT NOT NULL, menu_route TEXT NOT NULL,
    server_id TEXT NOT NULL, deploy_path TEXT NOT NULL, front_user_type TEXT NOT NULL, limit_user_type TEXT NOT NULL,
    update_status INTEGER NOT NULL, sort INTEGER NOT NULL
  );
  CREATE TABLE app_unread (
    user_id TEXT NOT NULL REFERENCES users(id), app_code TEXT NOT NULL REFERENCES apps(code), num INTEGER NOT NULL,
    PRIMARY KEY (user_id, app_code)
  );
  CREATE TABLE resources (
    app_code TEXT NOT NULL, code TEXT NOT NULL, parent_code TEXT, name TEXT NOT NULL, resource_type INTEGER NOT NULL,
    menu_route TEXT NOT NULL, sort INTEGER NOT NULL, admin_only INTEGER NOT NULL, PRIMARY KEY (app_code, code)
  );
  CREATE TABLE licences (
    unit_id TEXT NOT NULL REFERENCES units(id), server_id TEXT NOT NULL, name TEXT NOT NULL, english_name TEXT NOT NULL,
    end_time TEXT NOT NULL, PRIMARY KEY (unit_id, server_id)
  );
  CREATE TABLE access_details (
    id INTEGER PRIMARY KEY AUTOINCREMENT, user_id TEXT NOT NULL, user_type INTEGER NOT NULL, unit_id TEXT NOT NULL,
    res_id TEXT NOT NULL, res_name TEXT NOT NULL, type INTEGER NOT NULL, at INTEGER NOT NULL
  );
  CREATE TABLE speech_tokens (
    hash TEXT PRIMARY KEY, user_id TEXT NOT NULL, language TEXT NOT NULL, expires_at INTEGER NOT NULL
  );
  CREATE TABLE skills (vocabulary TEXT PRIMARY KEY, url TEXT NOT NULL);
  CREATE TABLE files (
    md5 TEXT PRIMARY KEY, name TEXT NOT NULL, size INTEGER NOT NULL, server_id TEXT NOT NULL,
    created_by TEXT NOT NULL, created_at INTEGER NOT NULL
  );
  CREATE TABLE face_records (
    user_id TEXT PRIMARY KEY REFERENCES users(id), descriptor TEXT NOT NULL, image BLOB NOT NULL,
    register_time TEXT NOT NULL
  );
  CREATE TABLE face_clockings (
    id INTEGER PRIMARY KEY AUTOINCREMENT, user_id TEXT NOT NULL REFERENCES users(id), at TEXT NOT NULL
  );
  CREATE TABLE versions (
    code TEXT PRIMARY KEY, name TEXT NOT NULL, app_version TEXT NOT NULL, server_version TEXT NOT NULL,
    web_code_version TEXT NOT NULL, package_date TEXT NOT NULL, date TEXT NOT NULL
  );
  CREATE TABLE version_history (
    code TEXT NOT NULL REFERENCES versions(code), version TEXT NOT NULL, date TEXT NOT NULL, cn TEXT NOT NULL,
    en TEXT NOT NULL, PRIMARY KEY (code, version)
  );
  CREATE TABLE subapps (
    app TEXT NOT NULL, file_id TEXT NOT NULL, title TEXT NOT NULL, has_css INTEGER NOT NULL, PRIMARY KEY (app, file_id)
  );
  `,
  // Issue 14: files belong to units (blobs on disk by SHA-256), device-client ids stop being guessable names,
  // the demo portal's redirect URIs are matched exactly (so its callback is registered), pending social rows expire.
  `
  CREATE TABLE unit_files (
    unit_id TEXT NOT NULL REFERENCES units(id), md5 TEXT NOT NULL, sha256 TEXT NOT NULL, name TEXT NOT NULL,
    size INTEGER NOT NULL, server_id TEXT NOT NULL, created_by TEXT NOT NULL, created_at INTEGER NOT NULL,
    PRIMARY KEY (unit_id, md5)
  );
  UPDATE device_clients SET id = lower(hex(randomblob(24)))
    WHERE id IN ('demo-pc-client-teacher', 'demo-app-client-parent');
  UPDATE oauth_clients SET redirect_uris = '${JSON.stringify(DEMO_PORTAL_REDIRECTS)}' WHERE id = 'demo-portal';
  CREATE INDEX social_pending_created ON social_pending (created_at);
  `,
  // Issue 12: each descriptor says which matcher made it (digest or face-api descriptor); attendance rows say
  // which account recorded them (the clock-in terminal) and are read per user, newest first.
  `
  ALTER TABLE face_records ADD COLUMN matcher TEXT NOT NULL DEFAULT 'digest';
  ALTER TABLE face_clockings ADD COLUMN recorded_by TEXT REFERENCES users(id);
  CREATE INDEX face_clockings_user_at ON face_clockings (user_id, at);
  `,
  // Issue 10: a school teacher's own icon order inside each desktop group (saved by the launcher's reorder).
  `
  CREATE TABLE app_orders (
    user_id TEXT NOT NULL REFERENCES users(id), group_code TEXT NOT NULL, app_code TEXT NOT NULL,
    sort INTEGER NOT NULL, PRIMARY KEY (user_id, group_code, app_code)
  );
  `,
  // Issue 34: a message or to-do is addressed to people, not to a whole unit (parents and students saw the teachers'
  // to-dos). Messages seeded before this step get the recipients the seed names for them now.
  `
  CREATE TABLE message_recipients (
    message_id TEXT NOT NULL REFERENCES messages(id), user_id TEXT NOT NULL REFERENCES users(id),
    PRIMARY KEY (message_id, user_id)
  );
  CREATE INDEX message_recipients_user ON message_recipients (user_id);
  INSERT OR IGNORE INTO message_recipients (message_id, user_id)
    SELECT m.id, u.id FROM messages m JOIN users u ON
      (m.id IN ('msg-1', 'msg-2', 'msg-3', 'msg-4', 'msg-5', 'todo-1', 'todo-2', 'todo-3', 'todo-4')
        AND u.id IN ('u-teacher', 'u-admin', 'u-staff'))
      OR (m.id IN ('msg-area-1', 'msg-area-2') AND u.id = 'u-areauser')
      OR (m.id = 'msg-old-1' AND u.id = 'u-expired');
  `,
  // Issue 37 (F8): a speech token belongs to the session that asked for it, dies with it (sign-out) and is taken by
  // the one handshake it opens. Tokens live 10 minutes: those issued before are simply dropped. (Each step from here
  // may run again over its own result: a test steps a database back past it.)
  `
  DROP TABLE IF EXISTS speech_tokens;
  CREATE TABLE speech_tokens (
    hash TEXT PRIMARY KEY, user_id TEXT NOT NULL, language TEXT NOT NULL, expires_at INTEGER NOT NULL,
    session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE
  );
  `,
  // Issue 37 (F4): every face registration, who made it (the owner, or an admin of the unit) and when; (F3) the
  // photos that signed someone in or clocked them in, refused if sent again; (F2) the school's clock-in terminal in
  // a demo database seeded before it (with the demo password the teacher was seeded with).
  `
  CREATE TABLE IF NOT EXISTS face_probes (hash TEXT PRIMARY KEY, used_at INTEGER NOT NULL);
  CREATE TABLE IF NOT EXISTS face_registrations (
    id INTEGER PRIMARY KEY, user_id TEXT NOT NULL REFERENCES users(id),
    registered_by TEXT NOT NULL REFERENCES users(id), registered_at TEXT NOT NULL
  );
  INSERT OR IGNORE INTO users (id, login_name, password_hash, real_name, user_type, unit_id, sex, status, lang,
    theme_type, theme)
    SELECT 'u-terminal', 'terminal', password_hash, '考勤终端', 4, unit_id, 1, 1, 'zh-CN', 'color', '#457CD6'
    FROM users WHERE id = 'u-teacher';
  INSERT OR IGNORE INTO user_roles (user_id, role) SELECT id, 'FACE_TERMINAL' FROM users WHERE id = 'u-terminal';
  `,
  // Issue 35: the seeded version names and notes gain their English and zh-HK parts (`简体|||English|||繁體`), where
  // a database seeded before still has the Simplified text alone (zh-HK's version dialog showed 基础平台); zh-HK's
  // word for a message is 訊息 (docs/glossary.json).
  [
    "UPDATE messages SET module = REPLACE(module, '|||系統消息', '|||系統訊息');",
    ...VERSIONS.map(
      ([code, name]) =>
        `UPDATE versions SET name = ${sqlText(name)} WHERE code = ${sqlText(code)} AND name = ${sqlText(firstPart(name))};`,
    ),
    ...VERSION_HISTORY.map(
      ([code, version, , note]) =>
        `UPDATE version_history SET cn = ${sqlText(note)} WHERE code = ${sqlText(code)} AND version = ${sqlText(version)} AND cn = ${sqlText(firstPart(note))};`,
    ),
  ].join('\n'),
  // Issue 35: each person's own files (uploaded, or matched by the instant-upload check), for the upload page's
  // "Stored files", read from the server instead of kept by the page. Files uploaded before count for their uploader.
  `
  CREATE TABLE IF NOT EXISTS user_files (
    user_id TEXT NOT NULL REFERENCES users(id), unit_id TEXT NOT NULL, md5 TEXT NOT NULL, name TEXT NOT NULL,
    kept_at INTEGER NOT NULL, PRIMARY KEY (user_id, md5)
  );
  CREATE INDEX IF NOT EXISTS user_files_newest ON user_files (user_id, kept_at);
  INSERT OR IGNORE INTO user_files (user_id, unit_id, md5, name, kept_at)
    SELECT created_by, unit_id, md5, name, created_at FROM unit_files;
  `,
  // Issue 55: refresh tokens rotate. `sessions.refresh_hash` is the live token of the session (its family); each
  // token it replaced is kept here until the session ends, so a second use is recognised (reuse ends the session)
  // and a tab that refreshes with it moments after its twin is told the same successor.
  `
  CREATE TABLE IF NOT EXISTS refresh_rotations (
    hash TEXT PRIMARY KEY, session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    rotated_at INTEGER NOT NULL
  );
  CREATE INDEX IF NOT EXISTS refresh_rotations_session ON refresh_rotations (session_id);
  `,
  // Issue 54: the still and the movement frames that signed someone in or clocked them in, as perceptual hashes, one
  // row a picture, in their order within the use they came from (face/picture-memory.ts).
  `
  CREATE TABLE IF NOT EXISTS face_pictures (
    use_id TEXT NOT NULL, position INTEGER NOT NULL, hash TEXT NOT NULL, used_at INTEGER NOT NULL,
    PRIMARY KEY (use_id, position)
  );
  CREATE INDEX IF NOT EXISTS face_pictures_used ON face_pictures (used_at);
  `,
  // Issue 67: the chunks of uploads not merged yet, a row each, counted against their owner's and unit's allowance
  // (routes/storage/quota.ts); whether a unit offers face sign-in (on, as §7 has it, unless its admin turned it off: a row here);
  // and the social codes used once (a provider's code signs in once).
  `
  CREATE TABLE IF NOT EXISTS upload_chunks (
    folder TEXT NOT NULL, chunk INTEGER NOT NULL, unit_id TEXT NOT NULL, user_id TEXT NOT NULL,
    each_size INTEGER NOT NULL, size INTEGER NOT NULL, PRIMARY KEY (folder, chunk)
  );
  CREATE INDEX IF NOT EXISTS upload_chunks_user ON upload_chunks (user_id);
  CREATE INDEX IF NOT EXISTS upload_chunks_unit ON upload_chunks (unit_id);
  CREATE TABLE IF NOT EXISTS unit_settings (
    unit_id TEXT PRIMARY KEY REFERENCES units(id), face_login INTEGER NOT NULL DEFAULT 1
  );
  CREATE TABLE IF NOT EXISTS social_codes_spent (
    provider TEXT NOT NULL, code_hash TEXT NOT NULL, spent_at INTEGER NOT NULL, PRIMARY KEY (provider, code_hash)
  );
  `,
];

/** The schema version a migrated database is at. */
export const SCHEMA_VERSION = MIGRATIONS.length;

/** Brings the schema to the latest version; each step runs in its own transaction. */
export function migrate(db: Database): number {
  db.exec('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)');
  const row = db.prepare('SELECT version FROM schema_version').get() as { version: number } | undefined;
  let version = row?.version ?? 0;
  if (!row) db.prepare('INSERT INTO schema_version (version) VALUES (0)').run();
  for (; version < MIGRATIONS.length; version++) {
    const sql = MIGRATIONS[version] as string;
    db.transaction(() => {
      db.exec(sql);
      db.prepare('UPDATE schema_version SET version = ?').run(version + 1);
    })();
  }
  return version;
}
