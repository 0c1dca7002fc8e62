import { BILINGUAL_SEPARATOR } from '../../../src/core/api/wire';
import { hashPassword, PASSWORD_COST } from '../auth/passwords';
import { formatDate, formatDateTime, randomToken, sha256 } from '../util/ids';
import {
  ACCOUNT_LINKS,
  APP_SHORT_NAMES,
  APP_TRADITIONAL_NAMES,
  APP_UNREAD,
  APPS,
  DEMO_PASSWORD,
  DEVICE_CLIENTS,
  daysFrom,
  decorationSet,
  FAMILY_APPS,
  GROUPS,
  LICENCES,
  MESSAGES,
  OAUTH_CLIENTS,
  PARENT_CHILDREN,
  RESOURCES,
  SKILLS,
  SOCIAL_CODES,
  SOCIAL_PROVIDERS,
  STUDENTS,
  SUBAPPS,
  UNITS,
  USERS,
  VERSION_HISTORY,
  VERSIONS,
} from './seed-data';
import type { Database } from './sqlite';

const allLanguages = (...names: string[]) => names.join(BILINGUAL_SEPARATOR);

const SEED_KEY = 'seeded_at';

/** Inserts the demo world once; later starts find the marker and leave every row (and every change) alone. */
export function seed(
  db: Database,
  now: Date,
  deviceClientIds: Record<string, string> = {},
  desktopApps = 0,
  passwordCost = PASSWORD_COST,
): boolean {
  if (db.prepare('SELECT 1 FROM meta WHERE key = ?').get(SEED_KEY)) return false;
  db.transaction(() => {
    seedUnits(db, now);
    seedUsers(db, passwordCost);
    seedLogins(db, deviceClientIds);
    seedDesktop(db, now);
    seedLargeDesktop(db, desktopApps);
    seedMessages(db, now);
    seedVersions(db, now);
    db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)').run(SEED_KEY, now.toISOString());
  })();
  return true;
}

function seedUnits(db: Database, now: Date): void {
  const insert = db.prepare(`INSERT OR IGNORE INTO units (id, name, en_name, unit_type, host, logo_file, status,
    sharding_code, campus_units, is_vocational, have_institute, licence_end, footer, link, decoration_set, pc_open,
    year, term) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  for (const unit of UNITS) {
    const campus = JSON.stringify([{ id: unit.id, name: `${unit.name}本部`, enName: `${unit.enName} main campus` }]);
    insert.run(
      unit.id,
      unit.name,
      unit.enName,
      unit.unitType,
      unit.host,
      unit.logoFile,
      unit.status,
      `shard-${unit.id}`,
      campus,
      unit.vocational ? 1 : 0,
      unit.institute ? 1 : 0,
      formatDateTime(daysFrom(now, unit.licenceDays)),
      `© 2026 ${unit.name}`,
      'https://www.demo.example/',
      decorationSet(unit),
      unit.pcOpen,
      '2026',
      '1',
    );
  }
}

function seedUsers(db: Database, passwordCost: number): void {
  const password = hashPassword(DEMO_PASSWORD, passwordCost);
  const insert = db.prepare(`INSERT OR IGNORE INTO users (id, login_name, password_hash, real_name, user_type,
    unit_id, sex, status, lang, theme_type, theme) VALUES (?, ?, ?, ?, ?, ?, ?, 1, 'zh-CN', 'color', '#457CD6')`);
  const role = db.prepare('INSERT OR IGNORE INTO user_roles (user_id, role) VALUES (?, ?)');
  for (const user of USERS) {
    insert.run(user.id, user.loginName, password, user.realName, user.userType, user.unitId, user.sex);
    for (const name of user.roles ?? []) role.run(user.id, name);
  }
  const link = db.prepare('INSERT OR IGNORE INTO account_links (user_id, linked_user_id) VALUES (?, ?)');
  for (const [a, b] of ACCOUNT_LINKS) {
    link.run(a, b);
    link.run(b, a);
  }
  // Grade and class names in every language (issue 25), also in a database seeded before they had them.
  const student = db.prepare(
    `INSERT INTO students (id, real_name, grade_name, class_name, unit_id, user_id) VALUES (?, ?, ?, ?, ?, ?)
    ON CONFLICT (id) DO UPDATE SET grade_name = excluded.grade_name, class_name = excluded.class_name`,
  );
  for (const s of STUDENTS) student.run(s.id, s.realName, s.gradeName, s.className, 'unit-school', s.userId);
  const child = db.prepare('INSERT OR IGNORE INTO parent_children (parent_id, student_id, status) VALUES (?, ?, ?)');
  for (const [parentId, studentId, status] of PARENT_CHILDREN) child.run(parentId, studentId, status);
}

/** Device-client ids work like passwords (login_user_client signs in with one alone): random unless given. */
function seedLogins(db: Database, deviceClientIds: Record<string, string>): void {
  const client = db.prepare('INSERT OR IGNORE INTO device_clients (id, user_id, name) VALUES (?, ?, ?)');
  for (const c of DEVICE_CLIENTS) client.run(deviceClientIds[c.userId] ?? randomToken(24), c.userId, c.name);
  const provider = db.prepare('INSERT OR IGNORE INTO social_providers (key, name, app_id) VALUES (?, ?, ?)');
  for (const p of SOCIAL_PROVIDERS) provider.run(p.key, p.name, p.appId);
  const code = db.prepare('INSERT OR IGNORE INTO social_codes (provider, code, openid, unionid) VALUES (?, ?, ?, ?)');
  const binding = db.prepare(
    'INSERT OR IGNORE INTO social_bindings (provider, openid, unionid, user_id) VALUES (?, ?, ?, ?)',
  );
  for (const c of SOCIAL_CODES) {
    const unionid = `union-${sha256(c.userId).slice(0, 20)}`;
    for (const p of c.providers) {
      const openid = `${p}-open-${sha256(p + c.userId).slice(0, 20)}`;
      code.run(p, c.code, openid, unionid);
      binding.run(p, openid, unionid, c.userId);
    }
  }
  const oauth = db.prepare('INSERT OR IGNORE INTO oauth_clients (id, name, redirect_uris) VALUES (?, ?, ?)');
  for (const c of OAUTH_CLIENTS) oauth.run(c.id, c.name, JSON.stringify(c.redirectUris));
}

function seedDesktop(db: Database, now: Date): void {
  // Who an app is for and its short names follow this file, also in a database seeded before it said so.
  const app = db.prepare(`INSERT INTO apps (code, group_code, zname, name, short_name, english_name,
    english_short_name, color, menu_route, server_id, deploy_path, front_user_type, limit_user_type, update_status,
    sort) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'pages', ?, '', ?, ?)
    ON CONFLICT (code) DO UPDATE SET front_user_type = excluded.front_user_type, zname = excluded.zname,
    short_name = excluded.short_name, english_short_name = excluded.english_short_name`);
  APPS.forEach(([code, group, zname, english, color, updateStatus], index) => {
    if (!GROUPS[group]) throw new Error(`unknown group ${group}`);
    const [shortName, englishShortName] = APP_SHORT_NAMES[code] ?? [zname, english];
    const [traditional, traditionalShort] = APP_TRADITIONAL_NAMES[code] ?? [zname, shortName];
    app.run(
      code,
      group,
      // The Chinese name fields carry all three languages (zh-CN|||en|||zh-HK); `name` stays plain.
      allLanguages(zname, english, traditional),
      zname,
      allLanguages(shortName, englishShortName, traditionalShort),
      english,
      englishShortName,
      color,
      `/${code}/index`,
      code,
      FAMILY_APPS.has(code) ? '1,2,3,4' : '2,4',
      updateStatus,
      index,
    );
  });
  const unread = db.prepare('INSERT OR IGNORE INTO app_unread (user_id, app_code, num) VALUES (?, ?, ?)');
  for (const row of APP_UNREAD) unread.run(...row);
  // Names follow this file, also in a database seeded before they carried three languages (issue 56).
  const resource = db.prepare(`INSERT INTO resources (app_code, code, parent_code, name, resource_type,
    menu_route, sort, admin_only) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (app_code, code) DO UPDATE SET
    name = excluded.name`);
  RESOURCES.forEach(([appCode, code, parent, name, type, route, adminOnly], index) => {
    resource.run(appCode, code, parent, name, type, route, index, adminOnly ? 1 : 0);
  });
  // Licences follow this file, also in a database seeded before it said so (issue 34 licensed the school's apps).
  const licence = db.prepare(`INSERT INTO licences (unit_id, server_id, name, english_name, end_time)
    VALUES (?, ?, ?, ?, ?) ON CONFLICT (unit_id, server_id) DO UPDATE SET name = excluded.name,
    english_name = excluded.english_name, end_time = excluded.end_time`);
  for (const [unitId, serverId, name, english, days] of LICENCES) {
    licence.run(unitId, serverId, name, english, formatDateTime(daysFrom(now, days)));
  }
  const skill = db.prepare('INSERT OR IGNORE INTO skills (vocabulary, url) VALUES (?, ?)');
  for (const [vocabulary, url] of SKILLS) skill.run(vocabulary, url);
  const subapp = db.prepare('INSERT OR IGNORE INTO subapps (app, file_id, title, has_css) VALUES (?, ?, ?, ?)');
  for (const [appCode, fileId, title, hasCss] of SUBAPPS) subapp.run(appCode, fileId, title, hasCss ? 1 : 0);
}

/**
 * The large desktop of the bench (ServerOptions.desktopApps): generated apps `app001`, `app002`… over the nine groups
 * in turn until the desktop holds `total` apps, each a route node under 全部应用 in the `desktop` permission tree.
 */
function seedLargeDesktop(db: Database, total: number): void {
  const have = (db.prepare('SELECT COUNT(*) AS n FROM apps').get() as { n: number }).n;
  if (total <= have) return;
  const groups = Object.keys(GROUPS);
  const app = db.prepare(`INSERT INTO apps (code, group_code, zname, name, short_name, english_name,
    english_short_name, color, menu_route, server_id, deploy_path, front_user_type, limit_user_type, update_status,
    sort) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'base', 'pages', '2,4', '', 1, ?)`);
  const resource = db.prepare(`INSERT INTO resources (app_code, code, parent_code, name, resource_type, menu_route,
    sort, admin_only) VALUES ('desktop', ?, ?, ?, ?, ?, ?, 0)`);
  resource.run('desktop-apps', null, '全部应用|||All apps|||全部應用', 1, '', RESOURCES.length);
  for (let index = 0; index < total - have; index++) {
    const number = String(index + 1).padStart(3, '0');
    const code = `app${number}`;
    const zname = `扩展应用${number}`;
    const route = `/${code}/index`;
    const color = APPS[index % APPS.length]?.[4] ?? '#457CD6';
    app.run(
      code,
      groups[index % groups.length],
      zname,
      zname,
      `应用${number}`,
      `Extra app ${number}`,
      `App ${number}`,
      color,
      route,
      have + index,
    );
    resource.run(
      `desktop-app-${code}`,
      'desktop-apps',
      `${zname}|||Extra app ${number}`,
      2,
      route,
      RESOURCES.length + 1 + index,
    );
  }
}

function seedMessages(db: Database, now: Date): void {
  const insert = db.prepare(`INSERT OR IGNORE INTO messages (id, unit_id, kind, message_meno, module, message_date,
    importance, open_way, url, content) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const licences = db.prepare(
    'SELECT server_id AS code, name, english_name AS englishName, end_time AS endTime FROM licences WHERE unit_id = ?',
  );
  const recipient = db.prepare('INSERT OR IGNORE INTO message_recipients (message_id, user_id) VALUES (?, ?)');
  for (const m of MESSAGES) {
    const content = m.expiryList ? JSON.stringify(licences.all(m.unitId)) : '[]';
    const date = formatDateTime(daysFrom(now, -m.daysAgo));
    insert.run(m.id, m.unitId, m.kind, m.meno, m.module, date, m.importance, m.openWay, m.url, content);
    for (const userId of m.to) recipient.run(m.id, userId);
  }
}

function seedVersions(db: Database, now: Date): void {
  const version = db.prepare(`INSERT OR IGNORE INTO versions (code, name, app_version, server_version,
    web_code_version, package_date, date) VALUES (?, ?, ?, ?, ?, ?, ?)`);
  for (const [code, name, app, server, web] of VERSIONS) {
    version.run(code, name, app, server, web, formatDateTime(now), formatDate(now));
  }
  const history = db.prepare(
    'INSERT OR IGNORE INTO version_history (code, version, date, cn, en) VALUES (?, ?, ?, ?, ?)',
  );
  for (const [code, v, daysAgo, cn, en] of VERSION_HISTORY)
    history.run(code, v, formatDate(daysFrom(now, -daysAgo)), cn, en);
}
