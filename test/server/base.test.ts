import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPS, USERS } from '../../demo/server/db/seed-data';
import type {
  Child,
  ExpiryModule,
  MenuGroup,
  MenuNode,
  Message,
  PopUpPage,
  ThemeSetting,
  UnhandledCount,
} from '../../src/core/api/types';
import { GROUP_CODES } from '../../src/core/api/types';
import { EXPIRY_STATUS, expiryStatus } from '../../src/core/messages/expiry';
import { Client, LONG, SQL, signedIn, startServer, type TestServer } from './helpers';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t.stop());

const q = encodeURIComponent;

/** Every listed call answers 401 without a token. */
const PROTECTED_GETS = [
  '/api/base/my_desktop/color',
  '/api/base/desktop/unhandlecount',
  '/api/base/desktop/message_select_not_read',
  '/api/base/desktop/popUpBox_select?start=1&size=3',
  '/api/base/desktop/getMessageConfig',
  '/api/base/resource/inside/module',
  '/api/base/license/unit_oam?unitId=unit-school',
  '/api/base/license/unit?unitId=unit-school&serverId=base',
  '/api/base/select/already/parent/teacher?parentId=u-parent',
  '/api/base/role/user/u-teacher/XX_SYS_/base',
  '/api/base/unit/is_vocational_school',
  '/api/base/unit/have_institute?unitId=unit-school',
  '/api/base/student/find_all_student_by_parent_id?parentId=u-parent',
  '/api/base/student/find_stu_by_parent_id?parentId=u-parent',
  '/api/base/resource/user/code/tree?code=grade',
  '/api/base/desktop/my_app_icon?userId=u-teacher&unitId=unit-school&appType=1',
  '/api/base/desktop/unReadCodeCount',
  '/api/base/get_ali_token?language=zh-CN',
];
const PROTECTED_POSTS = [
  '/api/base/desktop/settheme',
  '/api/base/desktop/message_update_status_by_me',
  '/api/base/desktop/message_update_statusby_id',
  '/api/base/student/set/parentChildren?parentId=u-parent',
  '/api/base/user_access_detail',
  '/api/base/find_by_vocabulary',
  '/api/base/desktop/app_icon_order',
];

describe('auth rule of the base calls', () => {
  it('answers 401 envelopes without a token', async () => {
    const client = new Client(t.url);
    for (const path of PROTECTED_GETS) {
      const answer = await client.get(path);
      expect(answer.status, path).toBe(401);
      expect(answer.body.code, path).toBe('unauthorized');
    }
    for (const path of PROTECTED_POSTS) expect((await client.post(path, {})).status, path).toBe(401);
  });
});

describe('bad query values', () => {
  it('answers 400 for SQL metacharacters and 10k-character values in every id-like query field', async () => {
    const admin = await signedIn(t.url, 'admin');
    const paths = [
      '/api/base/license/unit_oam?unitId=',
      '/api/base/license/unit?serverId=',
      '/api/base/unit/have_institute?unitId=',
      '/api/base/student/find_all_student_by_parent_id?parentId=',
      '/api/base/student/find_stu_by_parent_id?parentId=',
      '/api/base/select/already/parent/teacher?parentId=',
      '/api/base/resource/user/code/tree?code=',
      '/api/base/desktop/my_app_icon?unitId=',
      '/api/uaa/face/user?userId=',
      '/api/uaa/oauth/login/unit_config?unitId=',
    ];
    for (const path of paths) {
      for (const value of [SQL, LONG]) {
        const answer = await admin.get(path + q(value));
        expect(answer.status, `${path}${value.slice(0, 12)}`).toBe(400);
        expect(answer.body.code).toBe('bad_request');
      }
    }
    const users = t.server.context.db.prepare('SELECT COUNT(*) AS n FROM users').get();
    expect(users).toEqual({ n: USERS.length });
  });
});

describe('theme', () => {
  it('reads and saves the own theme', async () => {
    const staff = await signedIn(t.url, 'staff');
    expect((await staff.get<ThemeSetting>('/api/base/my_desktop/color')).body.data).toEqual({
      type: 'color',
      theme: '#457CD6',
    });
    const saved = await staff.post('/api/base/desktop/settheme', { type: 'default_color', theme: 'ink' });
    expect(saved.body).toMatchObject({ code: 'ok', data: 'success' });
    expect((await staff.get<ThemeSetting>('/api/base/my_desktop/color')).body.data).toEqual({
      type: 'default_color',
      theme: 'ink',
    });
    const form = await staff.call('POST', '/api/base/desktop/settheme', { form: { type: 'color', theme: '#112233' } });
    expect(form.body.code).toBe('ok');
    expect((await staff.get<ThemeSetting>('/api/base/my_desktop/color')).body.data.theme).toBe('#112233');
  });

  it('lets an admin sync a theme to every user of the unit, and refuses that to others', async () => {
    const admin = await signedIn(t.url, 'admin');
    const teacher = await signedIn(t.url, 'teacher');
    const area = await signedIn(t.url, 'areauser');
    expect(
      (await teacher.post('/api/base/desktop/settheme', { type: 'color', theme: '#000000', syncAll: true })).status,
    ).toBe(403);
    const sync = await admin.post('/api/base/desktop/settheme', {
      type: 'default_color',
      theme: 'lotus',
      syncAll: true,
    });
    expect(sync.body.data).toBe('success');
    expect((await teacher.get<ThemeSetting>('/api/base/my_desktop/color')).body.data).toEqual({
      type: 'default_color',
      theme: 'lotus',
    });
    expect((await area.get<ThemeSetting>('/api/base/my_desktop/color')).body.data.theme).toBe('#457CD6');
  });

  it('rejects unknown themes, bad colours, long and SQL values without changing the row', async () => {
    const parent = await signedIn(t.url, 'parent');
    const before = (await parent.get<ThemeSetting>('/api/base/my_desktop/color')).body.data;
    for (const body of [
      { type: 'default_color', theme: 'neon' },
      { type: 'color', theme: 'red' },
      { type: 'color', theme: '#12345G' },
      { type: 'other', theme: 'ink' },
      { type: 'color', theme: LONG },
      { type: 'default_color', theme: SQL },
      { type: 'color' },
    ]) {
      expect((await parent.post('/api/base/desktop/settheme', body)).status, JSON.stringify(body).slice(0, 60)).toBe(
        400,
      );
    }
    expect((await parent.get<ThemeSetting>('/api/base/my_desktop/color')).body.data).toEqual(before);
  });
});

describe('messages', () => {
  it('lists unread messages of every importance, with the openWay 1 expiry list', async () => {
    const teacher = await signedIn(t.url, 'teacher');
    const counts = await teacher.get<UnhandledCount>('/api/base/desktop/unhandlecount');
    expect(counts.body.data).toEqual({ todo: 4, message: 5 });
    const list = (await teacher.get<Message[]>('/api/base/desktop/message_select_not_read')).body.data;
    expect(list.map((m) => m.importance).sort()).toEqual([1, 2, 3, 4, 5]);
    const expiry = list.find((m) => m.openWay === 1) as Message;
    const modules = JSON.parse(expiry.content) as ExpiryModule[];
    const now = Date.now();
    const days = modules.map((m) => (Date.parse(`${m.endTime.replace(' ', 'T')}Z`) - now) / 86_400_000);
    expect(days.some((d) => d < 0)).toBe(true);
    expect(days.some((d) => d > 0 && d <= 90)).toBe(true);
    expect(days.some((d) => d > 90)).toBe(true);
    expect(modules[0]).toEqual({
      code: expect.any(String),
      name: expect.any(String),
      englishName: expect.any(String),
      endTime: expect.any(String),
    });
  });

  it('shows each person only the messages and to-dos addressed to them (issue 34)', async () => {
    const own = async (login: string) => {
      const client = await signedIn(t.url, login);
      const messages = (await client.get<Message[]>('/api/base/desktop/message_select_not_read')).body.data;
      const todos = (await client.get<PopUpPage>('/api/base/desktop/popUpBox_select?start=1&size=100')).body.data;
      const counts = (await client.get<UnhandledCount>('/api/base/desktop/unhandlecount')).body.data;
      expect(counts).toEqual({ message: messages.length, todo: todos.total });
      return { messages: messages.map((m) => m.id).sort(), todos: todos.list.map((m) => m.id).sort() };
    };
    const office = ['todo-1', 'todo-2', 'todo-3', 'todo-4'];
    const school = ['msg-1', 'msg-2', 'msg-3', 'msg-4', 'msg-5'];
    expect(await own('teacher')).toEqual({ messages: school, todos: office });
    expect(await own('staff')).toEqual({ messages: school, todos: office });
    expect(await own('parent')).toEqual({ messages: ['msg-parent-1', 'msg-parent-2'], todos: ['todo-parent-1'] });
    expect(await own('parent1')).toEqual({ messages: ['msg-parent-2'], todos: ['todo-parent-1'] });
    expect(await own('student')).toEqual({ messages: ['msg-student-1', 'msg-student-2'], todos: ['todo-student-1'] });
    expect(await own('areauser')).toEqual({ messages: ['msg-area-1', 'msg-area-2'], todos: ['todo-area-1'] });
    expect(await own('expired')).toEqual({ messages: ['msg-old-1'], todos: [] });

    // Another person's message of the same unit answers as one that does not exist; marking all read marks only one's
    // own messages (two; the to-do stays: issue 69).
    const student = await signedIn(t.url, 'student');
    const foreign = await student.post('/api/base/desktop/message_update_statusby_id', { desktopMessageId: 'msg-1' });
    expect(foreign.status).toBe(404);
    expect((await student.post<{ marked: number }>('/api/base/desktop/message_update_status_by_me')).body.data).toEqual(
      { marked: 2 },
    );
    expect((await own('student')).todos).toEqual(['todo-student-1']);
    expect((await own('parent')).messages).toHaveLength(2);
  });

  it('marks one read, then all read, per user; ignoring all messages leaves the to-dos (issue 69)', async () => {
    const teacher = await signedIn(t.url, 'teacher');
    const admin = await signedIn(t.url, 'admin');
    const one = await teacher.post('/api/base/desktop/message_update_statusby_id', { desktopMessageId: 'msg-3' });
    expect(one.body.code).toBe('ok');
    const ids = (await teacher.get<Message[]>('/api/base/desktop/message_select_not_read')).body.data.map((m) => m.id);
    expect(ids).not.toContain('msg-3');
    expect(ids).toHaveLength(4);
    expect((await admin.get<Message[]>('/api/base/desktop/message_select_not_read')).body.data).toHaveLength(5);
    expect(
      (await teacher.post('/api/base/desktop/message_update_statusby_id', { desktopMessageId: 'msg-area-1' })).status,
    ).toBe(404);
    expect((await teacher.post('/api/base/desktop/message_update_statusby_id', { desktopMessageId: SQL })).status).toBe(
      400,
    );
    expect((await teacher.post('/api/base/desktop/message_update_statusby_id', {})).status).toBe(400);
    expect((await teacher.get<Message[]>('/api/base/desktop/message_select_not_read')).body.data).toHaveLength(4);
    const all = await teacher.post('/api/base/desktop/message_update_status_by_me');
    expect(all.body.code).toBe('ok');
    expect((await teacher.get<Message[]>('/api/base/desktop/message_select_not_read')).body.data).toEqual([]);
    // To-dos are work still to do: the message list's ignore-all does not touch them.
    expect((await teacher.get<UnhandledCount>('/api/base/desktop/unhandlecount')).body.data).toEqual({
      todo: 4,
      message: 0,
    });
    expect((await teacher.get<PopUpPage>('/api/base/desktop/popUpBox_select?start=1&size=3')).body.data.total).toBe(4);
  });

  it('pages the reminder list by start (1-based page) and size', async () => {
    const staff = await signedIn(t.url, 'staff');
    const first = (await staff.get<PopUpPage>('/api/base/desktop/popUpBox_select?start=1&size=3')).body.data;
    expect(first).toMatchObject({ total: 4, pages: 2 });
    expect(first.list).toHaveLength(3);
    const second = (await staff.get<PopUpPage>('/api/base/desktop/popUpBox_select?start=2&size=3')).body.data;
    expect(second.list).toHaveLength(1);
    expect(new Set([...first.list, ...second.list].map((m) => m.id)).size).toBe(4);
    expect((await staff.get('/api/base/desktop/popUpBox_select?start=0')).status).toBe(400);
    expect((await staff.get('/api/base/desktop/popUpBox_select?size=1000')).status).toBe(400);
    expect((await staff.get(`/api/base/desktop/popUpBox_select?start=${q(SQL)}`)).status).toBe(400);
  });

  it('answers the message config per unit', async () => {
    expect((await (await signedIn(t.url, 'teacher')).get('/api/base/desktop/getMessageConfig')).body.data).toEqual({
      pcOpen: 0,
    });
    expect((await (await signedIn(t.url, 'areauser')).get('/api/base/desktop/getMessageConfig')).body.data).toEqual({
      pcOpen: 1,
    });
  });
});

describe('licences and unit flags', () => {
  it('checks module licences of the own unit', async () => {
    const teacher = await signedIn(t.url, 'teacher');
    const licence = (serverId: string) =>
      teacher.get<boolean>(`/api/base/license/unit?unitId=unit-school&serverId=${serverId}`);
    expect((await licence('base')).body.data).toBe(true);
    expect((await licence('attendance')).body.data).toBe(true);
    expect((await licence('grade')).body.data).toBe(true);
    expect((await licence('assets')).body.data).toBe(false);
    expect((await licence('unknown')).body.data).toBe(false);
    expect((await teacher.get('/api/base/license/unit?unitId=unit-area&serverId=base')).status).toBe(403);
    expect((await teacher.get(`/api/base/license/unit?serverId=${q(SQL)}`)).status).toBe(400);
    expect((await teacher.get('/api/base/license/unit')).status).toBe(400);
    const oam = await teacher.get<{ expired: boolean }>('/api/base/license/unit_oam?unitId=unit-school');
    expect(oam.body.data).toMatchObject({ unitId: 'unit-school', expired: false });
    const modules = await teacher.get<ExpiryModule[]>('/api/base/resource/inside/module');
    // Every app the school shows is licensed (issue 34): one has expired, one ends within 90 days, the rest run a year.
    const status = Object.fromEntries(modules.body.data.map((m) => [m.code, expiryStatus(m.endTime)]));
    const visible = APPS.filter(([, , , , , updateStatus]) => updateStatus !== 0).map(([code]) => code);
    expect(Object.keys(status).sort()).toEqual(['base', ...visible].sort());
    expect(Object.entries(status).filter(([, s]) => s !== EXPIRY_STATUS.inUse)).toEqual([
      ['assets', EXPIRY_STATUS.expired],
      ['attendance', EXPIRY_STATUS.expiringSoon],
    ]);
    expect(modules.body.data.find((m) => m.code === 'grade')?.name).toBe('成绩管理|||Grade management|||成績管理');
    // The area unit licenses the apps its desktop shows, all for the year: a district user sees no app refused.
    const area = await signedIn(t.url, 'areauser');
    const areaModules = (await area.get<ExpiryModule[]>('/api/base/resource/inside/module')).body.data;
    expect(areaModules.map((m) => m.code).sort()).toEqual(['areaBase', 'base', ...visible].sort());
    expect(areaModules.every((m) => expiryStatus(m.endTime) === EXPIRY_STATUS.inUse)).toBe(true);
  });

  it('reports the expired unit as expired everywhere', async () => {
    const expired = await signedIn(t.url, 'expired');
    expect((await expired.get<boolean>('/api/base/license/unit?serverId=base')).body.data).toBe(false);
    expect((await expired.get<{ expired: boolean }>('/api/base/license/unit_oam')).body.data.expired).toBe(true);
    expect((await expired.get<boolean>('/api/base/unit/is_vocational_school')).body.data).toBe(true);
  });

  it('answers vocational, institute and admin role flags', async () => {
    const teacher = await signedIn(t.url, 'teacher');
    expect((await teacher.get<boolean>('/api/base/unit/is_vocational_school')).body).toMatchObject({
      status: 200,
      data: false,
    });
    expect((await teacher.get<boolean>('/api/base/unit/have_institute?unitId=unit-school')).body.data).toBe(true);
    expect((await teacher.get('/api/base/unit/have_institute?unitId=unit-area')).status).toBe(403);
    expect((await (await signedIn(t.url, 'areauser')).get<boolean>('/api/base/unit/have_institute')).body.data).toBe(
      false,
    );
    expect((await teacher.get<boolean>('/api/base/role/user/u-teacher/XX_SYS_/base')).body.data).toBe(false);
    expect((await teacher.get(`/api/base/role/user/${q(SQL)}/XX_SYS_/base`)).status).toBe(400);
    const long = await teacher.get(`/api/base/role/user/${LONG}/XX_SYS_/base`);
    expect(long.status).toBe(400);
    expect(long.body.code).toBe('bad_request');
  });

  it('answers the role check for the caller, or for an admin about users of the own unit; 403 otherwise', async () => {
    const teacher = await signedIn(t.url, 'teacher');
    const admin = await signedIn(t.url, 'admin');
    const role = (client: Client, userId: string) => client.get<boolean>(`/api/base/role/user/${userId}/XX_SYS_/base`);
    expect((await role(teacher, 'u-teacher')).body).toMatchObject({ status: 200, data: false });
    expect((await role(admin, 'u-admin')).body).toMatchObject({ status: 200, data: true });
    expect((await role(admin, 'u-teacher')).body).toMatchObject({ status: 200, data: false });
    const other = await role(teacher, 'u-admin');
    expect(other.status).toBe(403);
    expect(other.body.code).toBe('forbidden');
    expect((await role(admin, 'u-areauser')).status).toBe(403);
    expect((await role(admin, 'u-nobody')).status).toBe(403);
    expect((await role(await signedIn(t.url, 'areauser'), 'u-admin')).status).toBe(403);
  });

  it('serves the unit logo as SVG without token or device header', async () => {
    const response = await new Client(t.url).raw('GET', '/api/storage/show/unit/unit-school', { device: null });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('image/svg+xml');
    expect(await response.text()).toContain('<svg');
    expect((await new Client(t.url).get('/api/storage/show/unit/unit-none', { device: null })).status).toBe(404);
  });
});

describe('parent and children', () => {
  it('lists all children with status; the current child is an active one and can be chosen', async () => {
    const parent = await signedIn(t.url, 'parent');
    const all = (await parent.get<Child[]>('/api/base/student/find_all_student_by_parent_id?parentId=u-parent')).body
      .data;
    expect(all.map((c) => c.status).sort()).toEqual([0, 1, 1]);
    expect(all[0]).toEqual({
      id: expect.any(String),
      realName: expect.any(String),
      gradeName: expect.any(String),
      className: expect.any(String),
      status: expect.any(Number),
    });
    const current = (await parent.get<Child>('/api/base/student/find_stu_by_parent_id?parentId=u-parent')).body.data;
    expect(current.status).toBe(1);
    const other = all.find((c) => c.status === 1 && c.id !== current.id) as Child;
    const set = await parent.post<Child>('/api/base/student/set/parentChildren?parentId=u-parent', other);
    expect(set.body.data.id).toBe(other.id);
    expect((await parent.get<Child>('/api/base/student/find_stu_by_parent_id')).body.data.id).toBe(other.id);
    const inactive = all.find((c) => c.status === 0) as Child;
    expect((await parent.post('/api/base/student/set/parentChildren?parentId=u-parent', inactive)).body.code).toBe(
      'not_your_child',
    );
    expect((await parent.post('/api/base/student/set/parentChildren?parentId=u-parent', { id: SQL })).status).toBe(400);
    expect(
      (await parent.post('/api/base/student/set/parentChildren?parentId=u-parent', { id: 'x', realName: LONG })).status,
    ).toBe(400);
    const one = await signedIn(t.url, 'parent1');
    expect(
      (await one.get<Child[]>('/api/base/student/find_all_student_by_parent_id?parentId=u-parent1')).body.data,
    ).toHaveLength(1);
  });

  it('refuses another parent, admits the unit admin', async () => {
    const parent1 = await signedIn(t.url, 'parent1');
    expect((await parent1.get('/api/base/student/find_all_student_by_parent_id?parentId=u-parent')).status).toBe(403);
    const admin = await signedIn(t.url, 'admin');
    expect(
      (await admin.get<Child[]>('/api/base/student/find_all_student_by_parent_id?parentId=u-parent')).body.data,
    ).toHaveLength(3);
    expect((await parent1.get('/api/base/select/already/parent/teacher?parentId=u-parent')).status).toBe(403);
    expect((await parent1.get('/api/base/select/already/parent/teacher')).status).toBe(400);
    const linked = await parent1.get<{ id: string }[]>('/api/base/select/already/parent/teacher?parentId=u-parent1');
    expect(linked.body.data.map((c) => c.id)).toEqual(['u-teacher']);
  });
});

describe('desktop icons and permissions', () => {
  it("gives a clock-in terminal's account no apps, and says in me and at sign-in that it is one (issue 69)", async () => {
    const terminal = await signedIn(t.url, 'terminal');
    const groups = (await terminal.get<MenuGroup[]>('/api/base/desktop/my_app_icon')).body.data;
    expect(groups.flatMap((group) => group.iconVMs)).toEqual([]);
    expect((await terminal.get<{ faceTerminal?: boolean }>('/api/uaa/oauth/me')).body.data.faceTerminal).toBe(true);
    const signIn = await new Client(t.url).post<{ faceTerminal?: boolean }>('/api/uaa/oauth/login', {
      username: 'terminal',
      password: 'Demo@2026',
    });
    expect(signIn.body.data.faceTerminal).toBe(true);
    const teacher = await signedIn(t.url, 'teacher');
    expect((await teacher.get<{ faceTerminal?: boolean }>('/api/uaa/oauth/me')).body.data.faceTerminal).toBe(undefined);
  });

  it('answers the nine groups with icons and unread counts', async () => {
    const teacher = await signedIn(t.url, 'teacher');
    const groups = (
      await teacher.get<MenuGroup[]>('/api/base/desktop/my_app_icon?userId=u-teacher&unitId=unit-school&appType=1')
    ).body.data;
    expect(groups.map((g) => g.code)).toEqual([...GROUP_CODES]);
    for (const group of groups) expect(group.iconVMs.length).toBeGreaterThan(0);
    const apps = groups.flatMap((g) => g.iconVMs);
    expect(apps.find((a) => a.code === 'oa')?.unReadCodeCount).toBe(120);
    expect(apps.find((a) => a.code === 'legacy')?.updateStatus).toBe(0);
    const icon = await new Client(t.url).raw('GET', apps[0]?.imgPath ?? '', { device: null });
    expect(icon.headers.get('content-type')).toContain('image/svg+xml');
    expect((await new Client(t.url).raw('GET', apps[0]?.imgGrayPath ?? '')).status).toBe(200);
    expect((await teacher.get('/api/base/desktop/my_app_icon?userId=u-admin')).status).toBe(403);
    expect((await teacher.get(`/api/base/desktop/my_app_icon?userId=${q(SQL)}`)).status).toBe(400);
    const counts = await teacher.get<{ code: string; num: number }[]>('/api/base/desktop/unReadCodeCount');
    expect(counts.body.data).toEqual([
      { code: 'attendance', num: 1 },
      { code: 'notice', num: 3 },
      { code: 'oa', num: 120 },
    ]);
  });

  it('lists only the apps for the type of caller: students and parents get the family apps, staff all', async () => {
    const codesOf = async (user: string) =>
      (await (await signedIn(t.url, user)).get<MenuGroup[]>('/api/base/desktop/my_app_icon')).body.data
        .flatMap((group) => group.iconVMs)
        .map((app) => app.code)
        .sort();
    const family = ['attendance', 'elearn', 'growth', 'library', 'notice', 'schedule'];
    expect(await codesOf('student')).toEqual(family);
    expect(await codesOf('parent')).toEqual(family);
    const teacher = await codesOf('teacher');
    expect(teacher).toHaveLength(19);
    expect(teacher).toEqual(expect.arrayContaining([...family, 'salary', 'staffinfo', 'oa']));
  });

  it('saves a school teacher icon order per group and user; checks the codes; refuses everyone else', async () => {
    const groupOf = async (client: Awaited<ReturnType<typeof signedIn>>, code: string) =>
      (await client.get<MenuGroup[]>('/api/base/desktop/my_app_icon')).body.data
        .find((group) => group.code === code)
        ?.iconVMs.map((app) => app.code);
    const teacher = await signedIn(t.url, 'teacher');
    expect(await groupOf(teacher, 'ZWHQ')).toEqual(['repair', 'assets', 'legacy']);
    const saved = await teacher.post('/api/base/desktop/app_icon_order', undefined, {
      form: { groupCode: 'ZWHQ', codes: 'assets,legacy,repair' },
    });
    expect(saved.body).toMatchObject({ status: 200, data: 'success' });
    expect(await groupOf(teacher, 'ZWHQ')).toEqual(['assets', 'legacy', 'repair']);
    // Another teacher's desktop keeps the seeded order.
    expect(await groupOf(await signedIn(t.url, 'staff'), 'ZWHQ')).toEqual(['repair', 'assets', 'legacy']);
    for (const codes of ['assets,repair', 'assets,assets,repair', 'assets,legacy,repair,oa', `assets,legacy,${SQL}`]) {
      const bad = await teacher.post('/api/base/desktop/app_icon_order', undefined, {
        form: { groupCode: 'ZWHQ', codes },
      });
      expect(bad.status, codes).toBe(400);
      expect(bad.body.fieldErrors?.[0]?.message, codes).toBe(
        '图标顺序须包含本组的每个应用各一次|||The order must list every app of the group once|||圖標順序須包含本組的每個應用各一次',
      );
    }
    expect((await teacher.post('/api/base/desktop/app_icon_order', { groupCode: 'NOPE', codes: 'a' })).status).toBe(
      400,
    );
    expect(await groupOf(teacher, 'ZWHQ')).toEqual(['assets', 'legacy', 'repair']);
    for (const user of ['parent', 'student', 'areauser']) {
      const client = await signedIn(t.url, user);
      const answer = await client.post('/api/base/desktop/app_icon_order', {
        groupCode: 'ZWHQ',
        codes: 'assets,legacy,repair',
      });
      expect(answer.status, user).toBe(403);
    }
  });

  it('answers the permission tree by app code: admin sees admin routes, students nothing', async () => {
    const tree = async (user: string) =>
      (await (await signedIn(t.url, user)).get<MenuNode[]>('/api/base/resource/user/code/tree?code=grade')).body.data;
    const teacher = await tree('teacher');
    expect(teacher).toHaveLength(1);
    expect(teacher[0]?.children.map((n) => n.code)).toEqual(['grade-entry', 'grade-query']);
    expect(teacher[0]?.children[0]).toMatchObject({ resourceType: 2, menuRoute: '/grade/entry', children: [] });
    expect((await tree('admin'))[0]?.children).toHaveLength(3);
    expect((await tree('staff'))[0]?.children).toHaveLength(2);
    expect(await tree('student')).toEqual([]);
    const client = await signedIn(t.url, 'teacher');
    expect((await client.get('/api/base/resource/user/code/tree?code=unknown')).body.data).toEqual([]);
    expect((await client.get('/api/base/resource/user/code/tree')).status).toBe(400);
  });

  it('pads the desktop to desktopApps on first seeding: icons, icon pictures and desktop routes; once only', async () => {
    const large = await startServer({ desktopApps: 300 });
    try {
      const apps = async () =>
        (await (await signedIn(large.url, 'teacher')).get<MenuGroup[]>('/api/base/desktop/my_app_icon')).body.data;
      const groups = await apps();
      const all = groups.flatMap((group) => group.iconVMs);
      expect(all).toHaveLength(300);
      expect(new Set(all.map((app) => app.code)).size).toBe(300);
      // 281 generated apps over the nine groups in turn: 31 or 32 more in each.
      for (const group of groups) expect(group.iconVMs.length, group.code).toBeGreaterThan(31);
      const generated = all.find((app) => app.code === 'app001');
      expect(generated).toMatchObject({
        zname: '扩展应用001',
        englishName: 'Extra app 001',
        menuRoute: '/app001/index',
      });
      expect((await new Client(large.url).raw('GET', generated?.imgCartoonPath ?? '')).status).toBe(200);
      const tree = (
        await (await signedIn(large.url, 'teacher')).get<MenuNode[]>('/api/base/resource/user/code/tree?code=desktop')
      ).body.data;
      const extra = tree.find((node) => node.code === 'desktop-apps');
      expect(extra?.children).toHaveLength(281);
      expect(extra?.children[280]).toMatchObject({
        code: 'desktop-app-app281',
        resourceType: 2,
        menuRoute: '/app281/index',
      });
      await large.restart({ desktopApps: 400 });
      expect((await apps()).flatMap((group) => group.iconVMs)).toHaveLength(300);
    } finally {
      await large.stop();
    }
    // The default server has only the seeded apps.
    const seeded = await (await signedIn(t.url, 'teacher')).get<MenuGroup[]>('/api/base/desktop/my_app_icon');
    expect(seeded.body.data.flatMap((group) => group.iconVMs)).toHaveLength(19);
  });

  it('records a user access detail for the caller only', async () => {
    const teacher = await signedIn(t.url, 'teacher');
    const body = {
      userId: 'u-teacher',
      userType: 2,
      unitId: 'unit-school',
      resId: 'grade',
      resName: '成绩管理',
      type: 1,
    };
    expect((await teacher.post('/api/base/user_access_detail', body)).body).toMatchObject({ code: 'ok', data: true });
    expect((await teacher.post('/api/base/user_access_detail', { ...body, userId: 'u-admin' })).status).toBe(403);
    expect((await teacher.post('/api/base/user_access_detail', { ...body, resName: LONG })).status).toBe(400);
    const rows = t.server.context.db.prepare('SELECT res_id FROM access_details WHERE user_id = ?').all('u-teacher');
    expect(rows).toEqual([{ res_id: 'grade' }]);
  });
});

describe('voice', () => {
  it('issues a random short-lived speech token', async () => {
    const teacher = await signedIn(t.url, 'teacher');
    const a = await teacher.get<string>('/api/base/get_ali_token?language=en');
    const b = await teacher.get<string>('/api/base/get_ali_token');
    expect(a.body.data).toMatch(/^[\w-]{24,}$/);
    expect(a.body.data).not.toBe(b.body.data);
    expect((await teacher.get('/api/base/get_ali_token?language=fr')).status).toBe(400);
  });

  it('finds a skill url by vocabulary, ignoring one trailing punctuation mark', async () => {
    const teacher = await signedIn(t.url, 'teacher');
    const hit = await teacher.post<{ url: string }>('/api/base/find_by_vocabulary', {
      vocabulary: 'Open my messages.',
    });
    // A route of the page the user is on, not a PC page (issue 56).
    expect(hit.body.data.url).toBe('#/messages');
    const zh = await teacher.post<{ url: string }>('/api/base/find_by_vocabulary', { vocabulary: '打开成绩管理。' });
    expect(zh.body.data.url).toBe('/redirect/grade');
    const miss = await teacher.post<{ url: string | null }>('/api/base/find_by_vocabulary', {
      vocabulary: 'sing a song',
    });
    expect(miss.body).toMatchObject({ code: 'ok', data: { url: null } });
    expect((await teacher.post('/api/base/find_by_vocabulary', { vocabulary: SQL })).body.data).toEqual({ url: null });
    expect((await teacher.post('/api/base/find_by_vocabulary', { vocabulary: LONG })).status).toBe(400);
  });
});
