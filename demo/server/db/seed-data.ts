// The demo world: every account of issue 4 (password DEMO_PASSWORD) and the data the widgets need to show.

export const DEMO_PASSWORD = 'Demo@2026';

export const SCHOOL_ID = 'unit-school';
export const AREA_ID = 'unit-area';
export const OLD_SCHOOL_ID = 'unit-old';

const DAY = 24 * 60 * 60 * 1000;

export interface UnitSeed {
  id: string;
  name: string;
  enName: string;
  unitType: string;
  host: string;
  logoFile: string;
  status: number;
  vocational: boolean;
  institute: boolean;
  licenceDays: number;
  pcOpen: number;
}

export const UNITS: UnitSeed[] = [
  {
    id: SCHOOL_ID,
    name: '示范实验学校',
    enName: 'Demo Experimental School',
    unitType: '2',
    host: 'school.demo.local',
    logoFile: 'school.svg',
    status: 1,
    vocational: false,
    institute: true,
    licenceDays: 365,
    pcOpen: 0,
  },
  {
    id: AREA_ID,
    name: '示范区教育局',
    enName: 'Demo District Education Bureau',
    unitType: '1',
    host: 'area.demo.local',
    logoFile: 'area.svg',
    status: 1,
    vocational: false,
    institute: false,
    licenceDays: 365,
    pcOpen: 1,
  },
  {
    id: OLD_SCHOOL_ID,
    name: '旧城职业学校',
    enName: 'Old Town Vocational School',
    unitType: '2',
    host: 'old.demo.local',
    logoFile: 'school.svg',
    status: 0,
    vocational: true,
    institute: false,
    licenceDays: -30,
    pcOpen: 0,
  },
];

export function decorationSet(unit: UnitSeed): string {
  return JSON.stringify({
    footerMsg: {
      show: true,
      // The reference site's own help page (demo/site/help): an outside address would lead nowhere (issue 56).
      helpCenter: '/help/',
      showBaMsg: true,
      baList: [
        {
          baImg: '/static/img/filing.svg',
          baContent: '京ICP备00000000号-1',
          baUrl: 'https://beian.miit.gov.cn/',
          showImg: false,
        },
        {
          baImg: '/static/img/filing.svg',
          baContent: '京公网安备 11000000000000号',
          baUrl: 'https://www.beian.gov.cn/',
          showImg: true,
        },
      ],
      copyright: `© 2026 ${unit.name} ${unit.enName}`,
    },
  });
}

export interface UserSeed {
  id: string;
  loginName: string;
  realName: string;
  userType: number;
  unitId: string;
  sex: number;
  roles?: string[];
}

export const USERS: UserSeed[] = [
  { id: 'u-teacher', loginName: 'teacher', realName: '王老师', userType: 2, unitId: SCHOOL_ID, sex: 2 },
  {
    id: 'u-admin',
    loginName: 'admin',
    realName: '李管理员',
    userType: 2,
    unitId: SCHOOL_ID,
    sex: 1,
    roles: ['XX_SYS_'],
  },
  { id: 'u-staff', loginName: 'staff', realName: '赵职员', userType: 4, unitId: SCHOOL_ID, sex: 1 },
  // The school's clock-in terminal (issue 37, F2): only an account with this role records attendance by face.
  {
    id: 'u-terminal',
    loginName: 'terminal',
    realName: '考勤终端',
    userType: 4,
    unitId: SCHOOL_ID,
    sex: 1,
    roles: ['FACE_TERMINAL'],
  },
  { id: 'u-parent', loginName: 'parent', realName: '陈家长', userType: 3, unitId: SCHOOL_ID, sex: 1 },
  { id: 'u-parent1', loginName: 'parent1', realName: '王老师（家长）', userType: 3, unitId: SCHOOL_ID, sex: 2 },
  { id: 'u-student', loginName: 'student', realName: '陈小明', userType: 1, unitId: SCHOOL_ID, sex: 1 },
  { id: 'u-areauser', loginName: 'areauser', realName: '周督导', userType: 2, unitId: AREA_ID, sex: 1 },
  { id: 'u-expired', loginName: 'expired', realName: '吴老师', userType: 2, unitId: OLD_SCHOOL_ID, sex: 2 },
];

/** The teacher is also the parent `parent1`: the role switch goes between them. */
export const ACCOUNT_LINKS: [string, string][] = [['u-teacher', 'u-parent1']];

export const STUDENTS = [
  {
    id: 's-xiaoming',
    realName: '陈小明',
    gradeName: '三年级|||Grade 3|||三年級',
    className: '1班|||Class 1|||1班',
    userId: 'u-student',
  },
  {
    id: 's-xiaohong',
    realName: '陈小红',
    gradeName: '一年级|||Grade 1|||一年級',
    className: '2班|||Class 2|||2班',
    userId: null,
  },
  {
    id: 's-xiaogang',
    realName: '陈小刚',
    gradeName: '五年级|||Grade 5|||五年級',
    className: '3班|||Class 3|||3班',
    userId: null,
  },
  {
    id: 's-xiaobao',
    realName: '王小宝',
    gradeName: '二年级|||Grade 2|||二年級',
    className: '1班|||Class 1|||1班',
    userId: null,
  },
];

export const PARENT_CHILDREN: [string, string, number][] = [
  ['u-parent', 's-xiaoming', 1],
  ['u-parent', 's-xiaohong', 1],
  ['u-parent', 's-xiaogang', 0],
  ['u-parent1', 's-xiaobao', 1],
];

export const DEVICE_CLIENTS = [
  { userId: 'u-teacher', name: '王老师的电脑客户端' },
  { userId: 'u-parent', name: '陈家长的手机' },
];

/** `qy` work-chat, `mp` chat app, `wxqr` the messaging-app QR login (arrives as the `state` value). */
export const SOCIAL_PROVIDERS = [
  { key: 'qy', name: '企业微信', appId: 'ww-demo-corp-0001' },
  { key: 'mp', name: '微信', appId: 'wx-demo-mp-0001' },
  { key: 'wxqr', name: '微信扫码', appId: 'wx-demo-open-0001' },
];

export const SOCIAL_CODES = [
  { code: 'demo-teacher-code', userId: 'u-teacher', providers: ['qy', 'mp', 'wxqr'] },
  { code: 'demo-parent-code', userId: 'u-parent', providers: ['mp', 'wxqr'] },
];

export const DEMO_PORTAL_REDIRECTS = [
  'http://127.0.0.1:8080/demo/',
  'http://localhost:8080/demo/',
  'http://127.0.0.1:8080/demo/callback',
  'http://localhost:8080/demo/callback',
];

export const OAUTH_CLIENTS = [
  {
    id: 'demo-portal',
    name: '示范门户',
    // Matched exactly; loopback addresses on any port (RFC 8252 §7.3), so demo and tests on ephemeral ports work.
    redirectUris: DEMO_PORTAL_REDIRECTS,
  },
  { id: 'demo-library', name: '数字图书馆', redirectUris: ['https://library.demo.example/oauth/callback'] },
];

export const GROUPS: Record<string, string> = {
  'ZDYYYFL-CYYY': '常用应用',
  XZBG: '行政办公',
  JWGL: '教务管理',
  SJZX: '数据中心',
  JZGGL: '教职工管理',
  ZZXX: '自主学习',
  JYKY: '教育科研',
  XSCZ: '学生成长',
  ZWHQ: '总务后勤',
};

/**
 * §3 short names, for where space is short (a phone's desktop): [Chinese, English]. Each is a name of its own, never
 * a cut of the full one ("My" for My timetable, 数字 for 数字图书馆).
 */
export const APP_SHORT_NAMES: Record<string, [string, string]> = {
  notice: ['通知', 'Notices'],
  schedule: ['课表', 'Timetable'],
  oa: ['办公', 'Office'],
  meeting: ['会议', 'Meetings'],
  grade: ['成绩', 'Grades'],
  course: ['排课', 'Courses'],
  report: ['报表', 'Reports'],
  dashboard: ['看板', 'Dashboard'],
  staffinfo: ['教职工', 'Staff'],
  salary: ['工资', 'Payslips'],
  elearn: ['自学', 'Self-study'],
  library: ['图书馆', 'Library'],
  research: ['教研', 'Research'],
  lesson: ['备课', 'Lessons'],
  attendance: ['考勤', 'Attendance'],
  growth: ['成长', 'Growth'],
  repair: ['报修', 'Repairs'],
  assets: ['资产', 'Assets'],
  legacy: ['旧后勤', 'Legacy'],
};

/**
 * Traditional Chinese names for zh-HK: [full, short]. Seeded as the third part of the Chinese name fields
 * (`成绩管理|||Grade management|||成績管理`, §8's `|||` convention; src/core/i18n/bilingual.ts).
 */
export const APP_TRADITIONAL_NAMES: Record<string, [string, string]> = {
  notice: ['通知公告', '通知'],
  schedule: ['我的課表', '課表'],
  oa: ['協同辦公', '辦公'],
  meeting: ['會議管理', '會議'],
  grade: ['成績管理', '成績'],
  course: ['排課管理', '排課'],
  report: ['數據報表', '報表'],
  dashboard: ['數據看板', '看板'],
  staffinfo: ['教職工檔案', '教職工'],
  salary: ['工資查詢', '工資'],
  elearn: ['自主學習', '自學'],
  library: ['數字圖書館', '圖書館'],
  research: ['教研活動', '教研'],
  lesson: ['集體備課', '備課'],
  attendance: ['學生考勤', '考勤'],
  growth: ['成長檔案', '成長'],
  repair: ['報修管理', '報修'],
  assets: ['資產管理', '資產'],
  legacy: ['舊版後勤', '舊後勤'],
};

/** [code, group, Chinese name, English name, colour, updateStatus] */
export const APPS: [string, string, string, string, string, number][] = [
  ['notice', 'ZDYYYFL-CYYY', '通知公告', 'Notices', '#457CD6', 1],
  ['schedule', 'ZDYYYFL-CYYY', '我的课表', 'My timetable', '#2F9E6E', 1],
  ['oa', 'XZBG', '协同办公', 'Office', '#D9822B', 1],
  ['meeting', 'XZBG', '会议管理', 'Meetings', '#8E5BD6', 1],
  ['grade', 'JWGL', '成绩管理', 'Grade management', '#C94A4A', 1],
  ['course', 'JWGL', '排课管理', 'Course planning', '#3A8FB7', 1],
  ['report', 'SJZX', '数据报表', 'Reports', '#5A6ACF', 1],
  ['dashboard', 'SJZX', '数据看板', 'Dashboard', '#2B8A8A', 1],
  ['staffinfo', 'JZGGL', '教职工档案', 'Staff records', '#A0642C', 1],
  ['salary', 'JZGGL', '工资查询', 'Payslips', '#6B8E23', 1],
  ['elearn', 'ZZXX', '自主学习', 'Self-study', '#CC5A9A', 1],
  ['library', 'ZZXX', '数字图书馆', 'Digital library', '#4F7CAC', 1],
  ['research', 'JYKY', '教研活动', 'Teaching research', '#7A6FBE', 1],
  ['lesson', 'JYKY', '集体备课', 'Lesson planning', '#B5651D', 1],
  ['attendance', 'XSCZ', '学生考勤', 'Attendance', '#1E90A8', 1],
  ['growth', 'XSCZ', '成长档案', 'Growth records', '#E07B39', 1],
  ['repair', 'ZWHQ', '报修管理', 'Repairs', '#708090', 1],
  ['assets', 'ZWHQ', '资产管理', 'Assets', '#556B2F', 1],
  ['legacy', 'ZWHQ', '旧版后勤', 'Legacy logistics', '#999999', 0],
];

/** Apps for students (1) and parents (3) as well as staff (2, 4): `frontUserType` 1,2,3,4; every other app is 2,4. */
export const FAMILY_APPS: ReadonlySet<string> = new Set([
  'notice',
  'schedule',
  'elearn',
  'library',
  'attendance',
  'growth',
]);

export const APP_UNREAD: [string, string, number][] = [
  ['u-teacher', 'notice', 3],
  ['u-teacher', 'oa', 120],
  ['u-teacher', 'attendance', 1],
  ['u-admin', 'notice', 2],
  ['u-staff', 'repair', 4],
];

/** [appCode, code, parentCode, name (§8's `中文|||English|||繁體`), resourceType (1 menu, 2 route), menuRoute, adminOnly] */
export const RESOURCES: [string, string, string | null, string, number, string, boolean][] = [
  ['desktop', 'desktop-home', null, '我的桌面|||My desktop|||我的桌面', 2, '/desktop/home', false],
  ['desktop', 'desktop-setting', null, '桌面设置|||Desktop settings|||桌面設定', 1, '', false],
  [
    'desktop',
    'desktop-setting-theme',
    'desktop-setting',
    '主题设置|||Theme settings|||主題設定',
    2,
    '/desktop/setting',
    false,
  ],
  [
    'desktop',
    'desktop-setting-unit',
    'desktop-setting',
    '单位设置|||Unit settings|||單位設定',
    2,
    '/desktop/unit',
    true,
  ],
  ['grade', 'grade-main', null, '成绩管理|||Grade management|||成績管理', 1, '', false],
  ['grade', 'grade-entry', 'grade-main', '成绩录入|||Grade entry|||成績錄入', 2, '/grade/entry', false],
  ['grade', 'grade-query', 'grade-main', '成绩查询|||Grade queries|||成績查詢', 2, '/grade/query', false],
  ['grade', 'grade-settings', 'grade-main', '考试设置|||Exam settings|||考試設定', 2, '/grade/settings', true],
  ['attendance', 'attendance-main', null, '学生考勤|||Attendance|||學生考勤', 1, '', false],
  ['attendance', 'attendance-today', 'attendance-main', '今日考勤|||Today|||今日考勤', 2, '/attendance/today', false],
  [
    'attendance',
    'attendance-stats',
    'attendance-main',
    '考勤统计|||Statistics|||考勤統計',
    2,
    '/attendance/stats',
    false,
  ],
];

/** The school's one expired module and its one expiring within §4's 90-day warning (the expiry table's statuses). */
export const SCHOOL_EXPIRED_APP = 'assets';
export const SCHOOL_EXPIRING_APP = 'attendance';

/** How long a school licence runs from seed time, in days: a year, but for the two above. */
function schoolLicenceDays(code: string): number {
  if (code === SCHOOL_EXPIRED_APP) return -10;
  if (code === SCHOOL_EXPIRING_APP) return 30;
  return 365;
}

type LicenceSeed = [unitId: string, serverId: string, names: string, englishName: string, days: number];

/** A licence for each app a unit's desktop shows (hidden apps have none), running `days(code)` from seed time. */
const appLicences = (unitId: string, days: (code: string) => number): LicenceSeed[] =>
  APPS.filter(([, , , , , updateStatus]) => updateStatus !== 0).map(([code, , zname, english]) => [
    unitId,
    code,
    `${zname}|||${english}|||${APP_TRADITIONAL_NAMES[code]?.[0] ?? zname}`,
    english,
    days(code),
  ]);

/** [unitId, serverId, name (zh-CN|||en|||zh-HK), English name, days from seed time] */
export const LICENCES: LicenceSeed[] = [
  [SCHOOL_ID, 'base', '基础平台|||Base platform|||基礎平台', 'Base platform', 365],
  // Every app a unit shows is licensed, as a unit that pays for its platform has it (issue 34); the school's two
  // exceptions keep the expiry table's statuses to see.
  ...appLicences(SCHOOL_ID, schoolLicenceDays),
  [AREA_ID, 'base', '基础平台|||Base platform|||基礎平台', 'Base platform', 365],
  [AREA_ID, 'areaBase', '区域平台|||Area platform|||區域平台', 'Area platform', 365],
  ...appLicences(AREA_ID, () => 365),
  [OLD_SCHOOL_ID, 'base', '基础平台|||Base platform|||基礎平台', 'Base platform', -30],
  [OLD_SCHOOL_ID, 'grade', '成绩管理|||Grade management|||成績管理', 'Grade management', -30],
];

export function daysFrom(now: Date, days: number): Date {
  return new Date(now.getTime() + days * DAY);
}

/** A message or to-do; its texts read `简体|||English|||繁體` (splitBilingual picks the page language's). */
export interface MessageSeed {
  id: string;
  unitId: string;
  /** Whom it is addressed to: each person sees only their own messages and to-dos. */
  to: string[];
  kind: 'message' | 'todo';
  meno: string;
  module: string;
  daysAgo: number;
  importance: number;
  openWay: number;
  url: string;
  /** Filled with the school's expiry modules when openWay is 1. */
  expiryList?: boolean;
}

export const MESSAGES: MessageSeed[] = [
  {
    id: 'msg-1',
    unitId: SCHOOL_ID,
    to: ['u-teacher', 'u-admin', 'u-staff'],
    kind: 'message',
    meno: '本学期课表已发布|||This term’s timetable is published|||本學期課表已發佈',
    module: '我的课表|||My timetable|||我的課表',
    daysAgo: 1,
    importance: 1,
    openWay: 0,
    url: '/redirect/schedule',
  },
  {
    id: 'msg-2',
    unitId: SCHOOL_ID,
    to: ['u-teacher', 'u-admin', 'u-staff'],
    kind: 'message',
    meno: '教研活动通知：周三下午集体备课|||Research meeting: lesson planning on Wednesday afternoon|||教研活動通知：週三下午集體備課',
    module: '教研活动|||Teaching research|||教研活動',
    daysAgo: 2,
    importance: 2,
    openWay: 0,
    url: '/redirect/research',
  },
  {
    id: 'msg-3',
    unitId: SCHOOL_ID,
    to: ['u-teacher', 'u-admin', 'u-staff'],
    kind: 'message',
    meno: '期中考试成绩录入截止提醒|||Mid-term grade entry closes soon|||期中考試成績錄入截止提醒',
    module: '成绩管理|||Grade management|||成績管理',
    daysAgo: 3,
    importance: 3,
    openWay: 0,
    url: '/redirect/grade',
  },
  {
    id: 'msg-4',
    unitId: SCHOOL_ID,
    to: ['u-teacher', 'u-admin', 'u-staff'],
    kind: 'message',
    meno: '消防演练安排|||Fire drill schedule|||消防演練安排',
    module: '通知公告|||Notices|||通知公告',
    daysAgo: 4,
    importance: 4,
    openWay: 0,
    url: '/redirect/notice',
  },
  {
    id: 'msg-5',
    unitId: SCHOOL_ID,
    to: ['u-teacher', 'u-admin', 'u-staff'],
    kind: 'message',
    meno: '模块到期提醒|||Module expiry notice|||模組到期提醒',
    module: '系统消息|||System|||系統訊息',
    daysAgo: 0,
    importance: 5,
    openWay: 1,
    url: '',
    expiryList: true,
  },
  {
    id: 'todo-1',
    unitId: SCHOOL_ID,
    to: ['u-teacher', 'u-admin', 'u-staff'],
    kind: 'todo',
    meno: '待审批：请假申请 2 条|||To approve: 2 leave requests|||待審批：請假申請 2 條',
    module: '协同办公|||Office|||協同辦公',
    daysAgo: 0,
    importance: 3,
    openWay: 0,
    url: '/redirect/oa',
  },
  {
    id: 'todo-2',
    unitId: SCHOOL_ID,
    to: ['u-teacher', 'u-admin', 'u-staff'],
    kind: 'todo',
    meno: '待处理：报修单 1 条|||To handle: 1 repair request|||待處理：報修單 1 條',
    module: '报修管理|||Repairs|||報修管理',
    daysAgo: 1,
    importance: 2,
    openWay: 0,
    url: '/redirect/repair',
  },
  {
    id: 'todo-3',
    unitId: SCHOOL_ID,
    to: ['u-teacher', 'u-admin', 'u-staff'],
    kind: 'todo',
    meno: '待填写：教研记录|||To fill in: research record|||待填寫：教研記錄',
    module: '教研活动|||Teaching research|||教研活動',
    daysAgo: 2,
    importance: 1,
    openWay: 0,
    url: '/redirect/research',
  },
  {
    id: 'todo-4',
    unitId: SCHOOL_ID,
    to: ['u-teacher', 'u-admin', 'u-staff'],
    kind: 'todo',
    meno: '待确认：会议纪要|||To confirm: meeting minutes|||待確認：會議紀要',
    module: '会议管理|||Meetings|||會議管理',
    daysAgo: 3,
    importance: 4,
    openWay: 0,
    url: '/redirect/meeting',
  },
  {
    id: 'msg-parent-1',
    unitId: SCHOOL_ID,
    to: ['u-parent'],
    meno: '陈小明明天全天的请假申请已批准|||Chen Xiaoming’s leave for all of tomorrow is approved|||陳小明明天全天的請假申請已批准',
    kind: 'message',
    module: '学生考勤|||Attendance|||學生考勤',
    daysAgo: 0,
    importance: 3,
    openWay: 0,
    url: '/redirect/attendance',
  },
  {
    id: 'msg-parent-2',
    unitId: SCHOOL_ID,
    to: ['u-parent', 'u-parent1'],
    meno: '班主任通知：本周五下午 4 点家长会|||From the class teacher: parents’ meeting on Friday at 4 p.m.|||班主任通知：本週五下午 4 點家長會',
    kind: 'message',
    module: '通知公告|||Notices|||通知公告',
    daysAgo: 1,
    importance: 2,
    openWay: 0,
    url: '/redirect/notice',
  },
  {
    id: 'todo-parent-1',
    unitId: SCHOOL_ID,
    to: ['u-parent', 'u-parent1'],
    meno: '待回执：家长会是否出席|||To reply: will you attend the parents’ meeting|||待回執：家長會是否出席',
    kind: 'todo',
    module: '通知公告|||Notices|||通知公告',
    daysAgo: 1,
    importance: 2,
    openWay: 0,
    url: '/redirect/notice',
  },
  {
    id: 'msg-student-1',
    unitId: SCHOOL_ID,
    to: ['u-student'],
    meno: '数学作业明天截止：第三章练习|||Maths homework due tomorrow: chapter 3 exercises|||數學作業明天截止：第三章練習',
    kind: 'message',
    module: '自主学习|||Self-study|||自主學習',
    daysAgo: 0,
    importance: 3,
    openWay: 0,
    url: '/redirect/elearn',
  },
  {
    id: 'msg-student-2',
    unitId: SCHOOL_ID,
    to: ['u-student'],
    meno: '班级通知：周五下午大扫除|||Class notice: clean-up on Friday afternoon|||班級通知：週五下午大掃除',
    kind: 'message',
    module: '通知公告|||Notices|||通知公告',
    daysAgo: 1,
    importance: 1,
    openWay: 0,
    url: '/redirect/notice',
  },
  {
    id: 'todo-student-1',
    unitId: SCHOOL_ID,
    to: ['u-student'],
    meno: '待完成：英语朗读打卡|||To do: English reading practice|||待完成：英語朗讀打卡',
    kind: 'todo',
    module: '自主学习|||Self-study|||自主學習',
    daysAgo: 0,
    importance: 2,
    openWay: 0,
    url: '/redirect/elearn',
  },
  {
    id: 'todo-area-1',
    unitId: AREA_ID,
    to: ['u-areauser'],
    meno: '待审阅：示范实验学校本月教学月报|||To review: Demo Experimental School’s teaching report for this month|||待審閱：示範實驗學校本月教學月報',
    kind: 'todo',
    module: '数据报表|||Reports|||數據報表',
    daysAgo: 0,
    importance: 3,
    openWay: 0,
    url: '/redirect/report',
  },
  {
    id: 'msg-area-1',
    unitId: AREA_ID,
    to: ['u-areauser'],
    kind: 'message',
    meno: '全区教学质量分析报告已生成|||District teaching quality report is ready|||全區教學質量分析報告已生成',
    module: '数据报表|||Reports|||數據報表',
    daysAgo: 1,
    importance: 3,
    openWay: 0,
    url: '/redirect/report',
  },
  {
    // Markup typed into a message by its sender: the header must show it as text, never run it (issue 9).
    id: 'msg-area-2',
    unitId: AREA_ID,
    to: ['u-areauser'],
    kind: 'message',
    meno: '<b>督导</b>通知<img src=x onerror="window.__phInjected=1">|||<b>Inspection</b> notice<img src=x onerror="window.__phInjected=1">',
    module: '督导评估|||Inspection|||督導評估',
    daysAgo: 2,
    importance: 2,
    openWay: 0,
    url: '/redirect/inspection',
  },
  {
    id: 'msg-old-1',
    unitId: OLD_SCHOOL_ID,
    to: ['u-expired'],
    kind: 'message',
    meno: '单位授权已到期|||The unit licence has expired|||單位授權已到期',
    module: '系统消息|||System|||系統訊息',
    daysAgo: 0,
    importance: 5,
    openWay: 1,
    url: '',
    expiryList: true,
  },
];

/** [code, name (§8's `简体|||English|||繁體`), appVersion, serverVersion, webCodeVersion] */
export const VERSIONS: [string, string, string, string, string][] = [
  ['base', '基础平台|||Base platform|||基礎平台', '1.6.0', '1.6.0', '1.6.0'],
  ['areaBase', '区域平台|||Area platform|||區域平台', '1.6.0', '1.6.0', '1.6.0'],
  ['grade', '成绩管理|||Grade management|||成績管理', '2.3.1', '2.3.1', '2.3.1'],
  ['attendance', '学生考勤|||Attendance|||學生考勤', '1.2.0', '1.2.0', '1.2.0'],
  ['notice', '通知公告|||Notices|||通知公告', '1.1.0', '1.1.0', '1.1.0'],
  ['growth', '成长档案|||Growth records|||成長檔案', '1.0.2', '1.0.2', '1.0.2'],
];

/** [code, version, days ago, Chinese note (`简体|||English|||繁體`), English note] */
export const VERSION_HISTORY: [string, string, number, string, string][] = [
  ['base', '1.4.0', 400, '新增桌面分组|||Desktop groups added|||新增桌面分組', 'Desktop groups added'],
  ['base', '1.5.0', 200, '新增人脸登录|||Face login added|||新增人臉登入', 'Face login added'],
  [
    'base',
    '1.6.0',
    10,
    '分片上传与语音导航|||Chunked upload and voice navigation|||分片上載與語音導航',
    'Chunked upload and voice navigation',
  ],
  ['grade', '2.3.1', 30, '成绩导出为 Excel|||Grade export to Excel|||成績匯出為 Excel', 'Grade export to Excel'],
  ['attendance', '1.2.0', 60, '人脸考勤|||Face clock-in|||人臉考勤', 'Face clock-in'],
  ['notice', '1.1.0', 20, '通知支持预览|||Notice preview|||通知支援預覽', 'Notice preview'],
];

/** Normalised vocabulary (lower case, no trailing punctuation) to the page it opens. */
export const SKILLS: [string, string][] = [
  // A hash route alone: the message list of whatever page the user is on (core's pageRouteUrl), phone or PC.
  ['打开我的消息', '#/messages'],
  ['open my messages', '#/messages'],
  ['打开成绩管理', '/redirect/grade'],
  ['open grade management', '/redirect/grade'],
  ['查看考勤', '/redirect/attendance'],
  ['show attendance', '/redirect/attendance'],
];

/** [app, fileId, title (zh|||en|||zh-HK), has a stylesheet] */
export const SUBAPPS: [string, string, string, boolean][] = [
  ['grade', 'grade-entry', '成绩录入|||Grade entry|||成績錄入', true],
  ['grade', 'grade-query', '成绩查询|||Grade query|||成績查詢', false],
  ['attendance', 'attendance-today', '今日考勤|||Today’s attendance|||今日考勤', true],
];
