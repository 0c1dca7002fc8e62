import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USERS } from '../../demo/server/db/seed-data';
import type { Manifest, VersionHistoryEntry, VersionInfo } from '../../src/core/api/types';
import { Client, LONG, signedIn, startServer, type TestServer } from './helpers';

let t: TestServer;
let pages: string;
beforeAll(async () => {
  pages = mkdtempSync(join(tmpdir(), 'ph-pages-'));
  mkdirSync(join(pages, 'dist'));
  mkdirSync(join(pages, 'demo'));
  writeFileSync(join(pages, 'dist', 'ph-widgets.js'), 'window.PH = {};\n');
  writeFileSync(join(pages, 'demo', 'index.html'), '<!doctype html><title>demo</title>');
  t = await startServer({
    staticRoots: [
      { prefix: '/dist/', root: join(pages, 'dist') },
      { prefix: '/demo/', root: join(pages, 'demo') },
      { prefix: '/missing/', root: join(pages, 'not-there') },
    ],
  });
});
afterAll(async () => {
  await t.stop();
  rmSync(pages, { recursive: true, force: true });
});

const plain = (path: string) => fetch(t.url + path, { redirect: 'manual' });

describe('version endpoints', () => {
  it('answers {code}_package_versions, package.json and version.json', async () => {
    const info = await new Client(t.url).get<VersionInfo>('/api/base/nl/base_package_versions');
    expect(info.body.data).toMatchObject({
      name: '基础平台|||Base platform|||基礎平台',
      appVersion: '1.6.0',
      serverVersion: '1.6.0',
      webCodeVersion: '1.6.0',
    });
    expect(info.body.data.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(
      (await new Client(t.url).get<VersionInfo>('/api/grade/nl/grade_package_versions')).body.data.serverVersion,
    ).toBe('2.3.1');
    // Every app of the platform answers (issue 69: a seeded app's module page logged two 404s), one without a version
    // of its own at the platform's; a code that is no app is §8's missing endpoint.
    expect(
      (await new Client(t.url).get<VersionInfo>('/api/repair/nl/repair_package_versions')).body.data,
    ).toMatchObject({
      name: '报修管理|||Repairs|||報修管理',
      webCodeVersion: '1.6.0',
    });
    expect(await (await plain('/pages/repair/package.json')).json()).toMatchObject({
      name: 'repair',
      version: '1.6.0',
    });
    const missing = await new Client(t.url).get('/api/nowhere/nl/nowhere_package_versions');
    expect(missing.status).toBe(404);
    expect((await plain('/pages/nowhere/package.json')).status).toBe(404);
    expect((await new Client(t.url).get('/api/base/nl/grade_package_versions')).status).toBe(404);
    expect((await new Client(t.url).get('/api/base/nl/base_package_versions', { device: null })).status).toBe(400);

    const pkg = await (await plain('/pages/base/package.json')).json();
    expect(pkg).toMatchObject({ name: 'base', version: '1.6.0' });
    const history = (await (await plain('/pages/base-version/version.json')).json()) as VersionHistoryEntry[];
    expect(history.map((h) => h.version)).toEqual(['1.6.0', '1.5.0', '1.4.0']);
    expect(history[0]?.metto).toEqual({
      cn: '分片上传与语音导航|||Chunked upload and voice navigation|||分片上載與語音導航',
      en: 'Chunked upload and voice navigation',
    });
    expect((await plain('/area/grade-version/version.json')).status).toBe(200);
    expect((await plain('/pages/nope-version/version.json')).status).toBe(404);
    expect((await plain('/elsewhere/base/package.json')).status).toBe(404);
  });
});

describe('manifests and sub-apps', () => {
  it('maps fileIds to scripts and stylesheets that exist', async () => {
    const manifest = (await (await plain('/grade/manifest.json')).json()) as Manifest;
    expect(manifest).toEqual({
      'grade-entry.js': '/subapps/grade/grade-entry.js',
      'grade-entry.css': '/subapps/grade/grade-entry.css',
      'grade-query.js': '/subapps/grade/grade-query.js',
    });
    for (const url of Object.values(manifest)) expect((await plain(url)).status, url).toBe(200);
    const script = await (await plain('/subapps/grade/grade-query.js')).text();
    expect(script).toContain('data-file-id');
    expect((await plain('/subapps/grade/grade-query.css')).status).toBe(404);
    expect((await plain('/nothing/manifest.json')).status).toBe(404);
  });
});

describe('module pages', () => {
  it("answers every seeded app's module page, and nothing else", async () => {
    const notice = await plain('/pages/notice/pc_notice_tm/index.html');
    expect(notice.status).toBe(200);
    expect(notice.headers.get('content-type')).toContain('text/html');
    const html = await notice.text();
    expect(html).toContain('<title>通知公告</title>');
    expect(html).toContain('<ph-header></ph-header>');
    // Only the element modules it uses, not the classic bundle of every element (issue 36).
    expect(html).toContain('<script type="module" src="/dist/elements/ph-header.js"></script>');
    expect(html).not.toContain('ph-widgets.js');
    expect(html).toContain('"Notices"');
    // Its inline script runs under the page's CSP: the server hashes it like any other page's.
    const script = /<script type="module">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    const hash = createHash('sha256').update(script).digest('base64');
    expect(notice.headers.get('content-security-policy')).toContain(`'sha256-${hash}'`);
    expect((await plain('/pages/attendance/mobile_attendance_spm/index.html')).status).toBe(200);
    expect((await plain('/pages/notice/pc_grade_tm/index.html')).status).toBe(404);
    expect((await plain('/pages/nothing/pc_nothing_tm/index.html')).status).toBe(404);
    expect((await plain('/pages/notice/pc_notice_xx/index.html')).status).toBe(404);
  });
});

describe('language files and theme stylesheets', () => {
  it('serves the shared pack and page packs', async () => {
    const en = await plain('/common/plugins/common-ph/1.6.0/lang/en-ph.json');
    expect(en.headers.get('content-type')).toContain('application/json');
    expect(await en.json()).toMatchObject({ 'common.logout': 'Sign out' });
    expect(await (await plain('/common/plugins/common-ph/1.6.0/lang/zh-HK-ph.json')).json()).toMatchObject({
      'common.logout': '登出',
    });
    expect(await (await plain('/pages/pc_grade_tm/lang/en-grade.json')).json()).toEqual({
      'grade.title': 'Grade management',
      'grade.welcome': 'Welcome to Grade management',
    });
    expect((await plain('/area/pc_areaDesktop_all/lang/zh-HK-desktop.json')).status).toBe(200);
    // The area platform's own pack (app code areaBase), in each language the area landing pages ask for.
    for (const language of ['zh-CN', 'en', 'zh-HK'])
      expect((await plain(`/area/areaDesktop/lang/${language}-areaBase.json`)).status).toBe(200);
    expect((await plain('/pages/x/lang/fr-grade.json')).status).toBe(404);
    expect((await plain('/pages/x/lang/en-nothing.json')).status).toBe(404);
    expect((await plain('/common/plugins/common-ph/1.6.0/lang/..%2F..%2Fph.db')).status).toBe(400);
  });

  it('serves a stylesheet per named theme', async () => {
    const css = await plain('/common/plugins/common-ph/1.6.0/css/ink.css');
    expect(css.headers.get('content-type')).toContain('text/css');
    expect(await css.text()).toContain('--ph-color-primary');
    expect((await plain('/common/plugins/common-ph/1.6.0/css/neon.css')).status).toBe(404);
  });
});

describe('static folders and fallbacks', () => {
  it('serves dist and demo pages, redirects / to /demo/, answers plain 404s outside /api', async () => {
    expect(await (await plain('/dist/ph-widgets.js')).text()).toContain('window.PH');
    expect(await (await plain('/demo/')).text()).toContain('<title>demo</title>');
    expect((await plain('/static/logos/school.svg')).status).toBe(200);
    const root = await plain('/');
    expect(root.status).toBe(302);
    expect(root.headers.get('location')).toBe('/demo/');
    const missing = await plain('/missing/file.js');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('Not found');
    expect((await plain('/dist/../ph.db')).status).toBe(404);
    expect((await plain('/static/..%2F..%2Fpackage.json')).status).toBe(404);
    expect((await plain(`/pages/${LONG}/package.json`)).status).toBe(400);
  });
});

describe('POST /api/base/common/table2xls', () => {
  const table = `<table><tr><th colspan="2">成绩单 Grades</th></tr>
    <tr><th>姓名</th><th>分数</th></tr><tr><td>陈小明</td><td>98.5</td></tr><tr><td>王小宝</td><td>0012</td></tr></table>`;

  it('turns the posted HTML table into a real .xlsx attachment (form post, no device header)', async () => {
    const teacher = await signedIn(t.url, 'teacher');
    const response = await teacher.raw('POST', '/api/base/common/table2xls', {
      device: null,
      form: { title: '成绩单', data: table },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('spreadsheetml');
    expect(response.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''${encodeURIComponent('成绩单.xlsx')}`,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.getWorksheet('成绩单');
    expect(sheet?.getCell('A1').value).toBe('成绩单 Grades');
    expect(sheet?.getCell('A1').isMerged && sheet?.getCell('B1').isMerged).toBe(true);
    expect(sheet?.getCell('A3').value).toBe('陈小明');
    expect(sheet?.getCell('B3').value).toBe(98.5);
    expect(sheet?.getCell('B4').value).toBe('0012');
    expect(sheet?.getCell('A2').font?.bold).toBe(true);
  });

  it('answers 413 above 200 000 covered cells (spans included), and exports a table just at the limit', async () => {
    const teacher = await signedIn(t.url, 'teacher');
    // Each row covers 2 × 100 cells, so 1000 rows are exactly the limit and 1001 rows are one row above it.
    const spans = (rows: number) =>
      `<table>${'<tr><td colspan="100">a</td><td colspan="100">b</td></tr>'.repeat(rows)}</table>`;
    const over = await teacher.call('POST', '/api/base/common/table2xls', {
      device: null,
      form: { title: 'big', data: spans(1001) },
    });
    expect(over.status).toBe(413);
    expect(over.body).toMatchObject({ status: 413, code: 'too_large' });
    expect(over.body.message).toContain('|||');
    const square = '<tr><td rowspan="100" colspan="100">x</td><td rowspan="100" colspan="100">y</td></tr>';
    const squares = await teacher.call('POST', '/api/base/common/table2xls', {
      device: null,
      form: { data: `<table>${`${square}${'<tr></tr>'.repeat(99)}`.repeat(11)}</table>` },
    });
    expect(squares.status).toBe(413);
    const atLimit = await teacher.raw('POST', '/api/base/common/table2xls', {
      device: null,
      form: { title: 'limit', data: spans(1000) },
    });
    expect(atLimit.status).toBe(200);
    await atLimit.arrayBuffer();
  });

  it('answers 400 overlapping_cells, not a 500, to a colspan over a rowspan from the row above (issue 67)', async () => {
    const teacher = await signedIn(t.url, 'teacher');
    const overlapping = [
      '<table><tr><td>a</td><td rowspan="2">b</td></tr><tr><td colspan="3">c</td></tr></table>',
      '<table><tr><th>a</th><th>b</th><th rowspan="3">c</th></tr><tr><td>x</td></tr><tr><td colspan="3" rowspan="2">d</td></tr></table>',
    ];
    for (const data of overlapping) {
      const answer = await teacher.call('POST', '/api/base/common/table2xls', { device: null, form: { data } });
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe('overlapping_cells');
      expect(answer.body.message.split('|||')).toHaveLength(3);
    }
    // Spans that only meet are merged as before.
    const meeting = '<table><tr><td rowspan="2">a</td><td>b</td></tr><tr><td colspan="2">c</td></tr></table>';
    expect(
      (await teacher.raw('POST', '/api/base/common/table2xls', { device: null, form: { data: meeting } })).status,
    ).toBe(200);
  });

  it('asks for a table when none is posted, needs a session, and limits the title', async () => {
    const teacher = await signedIn(t.url, 'teacher');
    const none = await teacher.call('POST', '/api/base/common/table2xls', {
      device: null,
      form: { title: 'x', data: '<p>no table</p>' },
    });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('请指定要下载的表格|||Please specify the table to download|||請指定要下載的表格');
    expect(
      (await teacher.call('POST', '/api/base/common/table2xls', { form: { title: LONG, data: table } })).status,
    ).toBe(400);
    expect(
      (await new Client(t.url).call('POST', '/api/base/common/table2xls', { device: null, form: { data: table } }))
        .status,
    ).toBe(401);
  });
});

describe('restart', () => {
  it('keeps accounts, sessions, settings, reads and files across close and createServer', async () => {
    const admin = await signedIn(t.url, 'admin');
    await admin.post('/api/base/desktop/settheme', { type: 'default_color', theme: 'cartoon' });
    await admin.post('/api/base/desktop/message_update_statusby_id', { desktopMessageId: 'msg-1' });
    const pngBytes = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.from('restart')]);
    const file = await admin.post<{ md5: string }>('/api/storage/upload/base64_convert_image', {
      fileName: 'kept',
      base64Str: pngBytes.toString('base64'),
      type: 'png',
    });
    await t.restart();
    // The same cookies against the new process (on a new ephemeral port): the session survived too.
    const again = new Client(t.url);
    for (const [name, cookie] of admin.cookies) again.cookies.set(name, cookie);
    expect((await again.get<{ theme: string }>('/api/base/my_desktop/color')).body.data.theme).toBe('cartoon');
    const unread = await again.get<{ id: string }[]>('/api/base/desktop/message_select_not_read');
    expect(unread.body.data.map((m) => m.id)).not.toContain('msg-1');
    const check = await again.post<{ md5: string }>('/api/storage/file_piecewise/second_upload_check', {
      md5: file.body.data.md5,
    });
    expect(check.body.data.md5).toBe(file.body.data.md5);
    await again.login('teacher');
    const rows = t.server.context.db.prepare('SELECT COUNT(*) AS n FROM users').get() as { n: number };
    expect(rows.n).toBe(USERS.length);
  });
});
