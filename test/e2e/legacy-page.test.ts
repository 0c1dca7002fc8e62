import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../demo/server/db/seed-data';
import { ENDPOINTS } from '../../src/core/api/wire';
import type { PhClassicGlobal } from '../../src/elements/page-kit';
import {
  after,
  assertStill,
  axeViolations,
  before,
  describe,
  freezeAnimations,
  it,
  layoutShifts,
  maskZIndex,
  openPage,
  openPageAs,
  type Stage,
  startStage,
} from './harness';

// A legacy module page (pc_<code>_tm/index.html) that embeds the widgets with one classic <script> tag, opened by the
// teacher (a module page needs a session: without one it leaves for the login page).
const PAGE = '/demo/pc_notice_tm/index.html';
const PAGE_KIT_GUIDE = join(import.meta.dirname, '..', '..', 'docs', 'guide', 'page-kit.md');

/** The member names the page-kit guide's `window.PH` table lists (`validate.idCard(value)` → `validate.idCard`). */
function guideMembers(): string[] {
  const text = readFileSync(PAGE_KIT_GUIDE, 'utf8');
  const start = text.indexOf('# `window.PH`');
  const section = text.slice(start, text.indexOf('\n#', start + 1));
  return [...section.matchAll(/^\| `([\w.]+)/gm)].map((match) => match[1] as string);
}

/** The cells of every row of the roster table as the page shows them. */
function tableCells(page: Page): Promise<string[][]> {
  return page.$$eval('#roster tr', (rows) =>
    rows.map((row) => [...(row as HTMLTableRowElement).cells].map((cell) => cell.textContent ?? '')),
  );
}

/** Fills the contact form with bad values, saves, and reads the message under each field. */
/** Saves the contact form with every field left empty: the messages under the fields. */
async function emptyContactMessages(page: Page, save: string): Promise<(string | null)[]> {
  await page.getByRole('button', { name: save, exact: true }).click();
  return Promise.all(['#id-card-error', '#phone-error', '#email-error'].map((id) => page.locator(id).textContent()));
}

async function badContactMessages(page: Page, save: string): Promise<(string | null)[]> {
  await page.locator('#id-card').fill('110105194912310021');
  await page.locator('#phone').fill('2380013800');
  await page.locator('#email').fill('teacher-at-school');
  await page.getByRole('button', { name: save, exact: true }).click();
  return Promise.all(['#id-card-error', '#phone-error', '#email-error'].map((id) => page.locator(id).textContent()));
}

describe('legacy module page with dist/ph-widgets.js', () => {
  let stage: Stage;
  before(async () => {
    stage = await startStage();
  });
  after(async () => {
    await stage.stop();
  });

  it('loads without moving, as a module page and the upload page do: layout shift at most 0.02 at 412 and 1366 px (issue 36)', async () => {
    // The header's to-do strip opens by itself on the first two (the teacher has reminders); this page fills in its
    // texts and roster after the language, the module page its introduction, the upload page its account line and
    // uploader: each shows once, in place (demo.css, site.css). What each has once loaded:
    const pages: [string, string[]][] = [
      [PAGE, ['main h1', 'ph-header [part~="reminders"]', 'ph-footer [part~="copyright"]', '#roster tbody tr']],
      [
        '/pages/notice/pc_notice_tm/index.html',
        ['main h1', 'ph-header [part~="reminders"]', 'ph-footer [part~="copyright"]'],
      ],
      // The teacher has stored nothing yet on this stage: the list's last word.
      ['/demo/upload/index.html', ['ph-uploader [part~="dropzone"]', '#stored-status >> text=还没有上传过文件。']],
    ];
    for (const [path, loaded] of pages) {
      for (const width of [412, 1366]) {
        const viewport = { width, height: width < 500 ? 823 : 900 };
        // Each page shows when it has filled in, not when a busy machine reaches the 3 s fail-safe first.
        const { page, problems } = await openPageAs(stage, 'teacher', path, viewport, freezeAnimations);
        for (const selector of loaded) await page.locator(selector).filter({ hasText: /\S/ }).first().waitFor();
        assertStill(await layoutShifts(page), `${path} at ${width} px`);
        assert.deepEqual(problems, []);
        await page.close();
      }
    }
  });

  it('opens two stacked modals; Escape closes only the top one', async () => {
    const { page, problems } = await openPageAs(stage, 'teacher', PAGE);
    await page.getByRole('button', { name: '发布通知' }).click();
    await page.getByRole('dialog', { name: '编辑通知' }).waitFor();
    await page.getByLabel('标题').fill('春游通知');
    // The colour and font picker styles the notice: a size by the keyboard, a swatch by its name.
    await page.getByLabel('字号').focus();
    await page.keyboard.press('ArrowDown');
    await page.getByRole('radio', { name: '深红' }).check();
    await page.getByRole('button', { name: '预览' }).click();
    const preview = page.getByRole('dialog', { name: '预览通知' });
    await preview.waitFor();
    assert.equal(await page.locator('#preview-text').textContent(), '春游通知');
    assert.deepEqual(
      await page.$eval('#preview-text', (text) => [getComputedStyle(text).fontSize, getComputedStyle(text).color]),
      ['16px', 'rgb(192, 0, 0)'],
    );

    assert.equal(await maskZIndex(page, 'compose'), 1500);
    assert.equal(await maskZIndex(page, 'confirm'), 1501);

    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'detached' });
    assert.equal(await page.getByRole('dialog', { name: '编辑通知' }).isVisible(), true);
    assert.equal(await page.$eval('#compose', (modal) => modal.hasAttribute('open')), true);
    assert.deepEqual(problems, []);
    await page.close();
  });

  for (const width of [1366, 375]) {
    it(`looks like one product with the shell at ${width} px: one bar, one welcome and language menu, a voice button (issue 35)`, async () => {
      const { page, problems } = await openPageAs(stage, 'teacher', PAGE, { width, height: 800 });
      const header = page.locator('ph-header');
      await page.locator('#roster tbody tr').first().waitFor();
      // A phone keeps the language in the header's More menu; a computer shows it in the bar.
      if (width > 400) await header.getByRole('button', { name: '语言' }).waitFor();
      else await header.getByRole('button', { name: '更多' }).waitFor();
      // The header alone says who is signed in and offers the languages: the page adds neither again.
      await page.locator('body[data-login-status="in"]').waitFor();
      assert.equal(
        await page
          .getByText(/王老师/)
          .filter({ visible: true })
          .count(),
        width > 400 ? 1 : 0,
        'the welcome once (a phone has no room)',
      );
      assert.equal(await page.getByRole('link', { name: 'English' }).count(), 0, 'no second language switcher');
      // The voice button sits inside the header's bar, as on the desktop; below the bar comes the page's own title.
      const voice = header.getByRole('button', { name: '语音指令' });
      await voice.waitFor();
      const bar = await page.locator('ph-header [part~="bar"]').boundingBox();
      const button = await voice.boundingBox();
      const title = await page.getByRole('heading', { level: 1, name: '班级事务' }).boundingBox();
      assert.ok(bar && button && title);
      assert.ok(button.y >= bar.y && button.y + button.height <= bar.y + bar.height, 'the voice button is in the bar');
      assert.ok(button.x + button.width <= width, 'and on the screen');
      assert.ok(title.y >= bar.y + bar.height, 'the title below the bar');
      assert.deepEqual(problems, []);
      await page.close();
    });
  }

  it("passes axe-core's WCAG 2.2 AA rules at 412 and 1366 px: contrast of its buttons, size of the footer's targets (issue 36)", async () => {
    for (const width of [412, 1366]) {
      // axe is injected as a script, which the page's CSP refuses: this page alone bypasses it.
      const page = await stage.browser.newPage({ viewport: { width, height: 823 }, bypassCSP: true });
      await page.request.post(stage.url(ENDPOINTS.login), {
        headers: { 'X-PH-Device': 'pc' },
        data: { username: 'teacher', password: DEMO_PASSWORD },
      });
      await page.goto(stage.url(PAGE));
      await page.locator('#roster tbody tr').first().waitFor();
      await page.locator('ph-footer [part~="copyright"]').waitFor();
      assert.deepEqual(await axeViolations(page, ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']), [], `${width} px`);
      await page.close();
    }
  });

  it('signs a roster wider than a phone: a line says so and the cut edge fades, until scrolled there (issue 35)', async () => {
    const { page, problems } = await openPageAs(stage, 'teacher', PAGE, { width: 375, height: 800 });
    const hint = page.getByText('表格较宽：左右滑动可查看全部列 →');
    await hint.waitFor();
    const frame = page.locator('.scroll-frame');
    assert.equal(await frame.getAttribute('data-more'), 'end');
    const region = page.locator('#roster-scroll');
    assert.equal(await region.getAttribute('aria-describedby'), 'roster-more');
    // A keyboard user scrolls the focused table with the arrow keys: both edges then have more beyond them.
    await region.focus();
    await page.keyboard.press('ArrowRight');
    await page.locator('.scroll-frame[data-more="start end"]').waitFor();
    await region.evaluate((box) => box.scrollTo({ left: box.scrollWidth, behavior: 'instant' }));
    await page.locator('.scroll-frame[data-more="start"]').waitFor();
    // Wide enough, the table shows whole: no line, no fade.
    await page.setViewportSize({ width: 1366, height: 800 });
    await hint.waitFor({ state: 'hidden' });
    assert.equal(await frame.getAttribute('data-more'), '');
    assert.deepEqual(problems, []);
    await page.close();
  });

  it('speaks English with ?language=en, the close buttons included', async () => {
    const { page, problems } = await openPageAs(stage, 'teacher', `${PAGE}?language=en`);
    await page.getByRole('button', { name: 'Publish a notice' }).click();
    const dialog = page.getByRole('dialog', { name: 'Write a notice' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.deepEqual(problems, []);
    await page.close();
  });

  it('keeps working when the widget script is loaded a second time', async () => {
    const { page, problems } = await openPageAs(stage, 'teacher', PAGE);
    const before = await page.evaluate(() => ({ version: window.PH?.version, modal: customElements.get('ph-modal') }));
    await page.addScriptTag({ url: '/dist/ph-widgets.js?loaded-again' });
    const afterLoad = await page.evaluate(() => window.PH?.version);
    assert.equal(afterLoad, before.version);
    assert.equal(await page.evaluate(() => document.querySelectorAll('ph-toast-host').length), 1);

    await page.getByRole('button', { name: '发布通知' }).click();
    await page.getByRole('dialog', { name: '编辑通知' }).waitFor();
    await page.getByRole('button', { name: '发送' }).click();
    await page.getByRole('dialog', { name: '编辑通知' }).waitFor({ state: 'detached' });
    const toast = page.locator('ph-toast-host').getByRole('status');
    assert.equal(await toast.textContent(), '通知已发送');
    assert.deepEqual(problems, []);
    await page.close();
  });

  it('shares one state between the classic script and the ES element modules on one page', async () => {
    const { page, problems } = await openPage(stage, '/demo/');
    await page.addScriptTag({ url: '/dist/ph-widgets.js' });
    // The classic bundle configures the page and signs in; the ES module loaded after it finds the page's state.
    await page.evaluate(async () => {
      window.PH!.phinit({ code: 'login', appCode: 'base', env: 'production', languagePack: {} });
      await window.PH!.request({
        url: '/api/uaa/oauth/login',
        method: 'post',
        data: { username: 'parent', password: 'Demo@2026' },
      });
      await window.PH!.fetchMe();
    });
    await page.addScriptTag({ url: '/dist/elements/ph-login.js', type: 'module' });
    await page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<ph-login no-auto-start></ph-login>'));
    const login = page.locator('ph-login');
    await login.getByLabel('账号', { exact: true }).fill('teacher');
    await login.getByLabel('密码', { exact: true }).fill('not-the-password');
    await page.keyboard.press('Enter');
    // One configuration, one session, one toast host, whichever bundle each piece came from.
    await login.locator('[part~="field-password"] [part~="error"]').filter({ hasText: '密码错误' }).waitFor();
    assert.equal(await page.evaluate(() => document.querySelectorAll('ph-toast-host').length), 1);
    // The wrong password's 400 is the point of the test, not a problem.
    assert.deepEqual(
      problems.filter((problem) => !problem.includes('status of 400')),
      [],
    );
    await page.close();
  });

  it('shows the legacy global phinit errors of §8', async () => {
    const { page } = await openPageAs(stage, 'teacher', PAGE);
    // Anonymous functions only: the page cannot see helpers that the test's compiler adds around named ones.
    const messages = await page.evaluate(() =>
      [{ appCode: 'notice' }, { code: 'notice' }].map((options) => {
        try {
          window.phinit!(options as never);
          return 'no error';
        } catch (error) {
          return (error as Error).message;
        }
      }),
    );
    assert.deepEqual(messages, ['code 不能为空', 'appCode 不能为空']);
    await page.close();
  });
  it('exports the class roster as a real .xlsx through table2xls, cells as shown, sizes through formatBytes', async () => {
    const { page, problems } = await openPageAs(stage, 'teacher', PAGE);
    await page.locator('#roster tbody tr').first().waitFor();
    const shown = await tableCells(page);
    assert.deepEqual(shown[0], ['学号', '姓名', '家长手机', '作业附件', '大小']);
    assert.deepEqual(
      shown.slice(1).map((row) => row[4]),
      ['47.08 kB', '1.46 MB', '5 MB', '716.8 kB', '700 MB', '312 B'],
    );

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: '导出', exact: true }).click(),
    ]);
    assert.equal(download.suggestedFilename(), '三年级二班花名册.xlsx');
    const bytes = readFileSync(await download.path());
    // An .xlsx is a zip (local file header PK\x03\x04) holding the sheet's XML.
    assert.equal(bytes.subarray(0, 4).toString('latin1'), 'PK\x03\x04');
    assert.ok(bytes.includes(Buffer.from('xl/worksheets/sheet1.xml')));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    assert.equal(sheet?.name, '三年级二班花名册');
    const saved: string[][] = [];
    sheet?.eachRow((row) => {
      saved.push((row.values as unknown[]).slice(1).map((value) => String(value)));
    });
    assert.deepEqual(saved, shown);
    assert.equal(sheet?.getCell('A1').font?.bold, true);
    // The page stays where it was: the form went to the download, not to a new document.
    assert.equal(new URL(page.url()).pathname, PAGE);
    assert.deepEqual(problems, []);
    await page.close();
  });

  it("says 'Please specify the table to download' when there is no table to export", async () => {
    const { page, problems } = await openPageAs(stage, 'teacher', `${PAGE}?language=en`);
    await page.getByRole('button', { name: 'Export', exact: true }).waitFor();
    assert.equal(
      await page.evaluate(() => (window.PH as PhClassicGlobal).exportTable('#no-such-table', 'Roster')),
      'no-table',
    );
    const toast = page.locator('ph-toast-host').getByText('Please specify the table to download');
    await toast.waitFor();
    assert.deepEqual(problems, []);
    await page.close();
  });

  it('shows the §5 messages under the contact fields in simplified Chinese, and clears each once it is right', async () => {
    const { page, problems } = await openPageAs(stage, 'teacher', PAGE);
    // An empty field is required, not a wrong number (issue 56).
    assert.deepEqual(await emptyContactMessages(page, '保存'), ['此项必填', '此项必填', '此项必填']);
    assert.deepEqual(await badContactMessages(page, '保存'), [
      '请输入正确的15位或18位身份证号码',
      '请输入以1开头的11位手机号码',
      '请输入正确的电子邮箱地址',
    ]);
    // The first wrong field takes the focus, and says it is wrong.
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'id-card');
    assert.equal(await page.locator('#id-card').getAttribute('aria-invalid'), 'true');

    await page.locator('#id-card').fill('11010519491231002X');
    await page.locator('#id-card').blur();
    await page.locator('#id-card-error:empty').waitFor({ state: 'attached' });
    await page.locator('#phone').fill('13800138000');
    await page.locator('#email').fill('parent@school.edu.cn');
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await page.locator('ph-toast-host').getByText('联系信息已保存').waitFor();
    assert.deepEqual(await Promise.all(['#phone-error', '#email-error'].map((id) => page.locator(id).textContent())), [
      '',
      '',
    ]);
    assert.deepEqual(problems, []);
    await page.close();
  });

  it('shows the same messages in English with ?language=en', async () => {
    const { page, problems } = await openPageAs(stage, 'teacher', `${PAGE}?language=en`);
    assert.deepEqual(await emptyContactMessages(page, 'Save'), [
      'This field is required',
      'This field is required',
      'This field is required',
    ]);
    assert.deepEqual(await badContactMessages(page, 'Save'), [
      'Enter a valid 15- or 18-digit ID card number',
      'Enter an 11-digit mobile number starting with 1',
      'Enter a valid email address',
    ]);
    assert.deepEqual(problems, []);
    await page.close();
  });

  it("lists in the page-kit guide's window.PH table exactly the members PH has", async () => {
    const { page, problems } = await openPageAs(stage, 'teacher', PAGE);
    const members = await page.evaluate(() =>
      Object.entries(window.PH as object).flatMap(([name, value]) =>
        typeof value === 'object' && value !== null ? Object.keys(value).map((inner) => `${name}.${inner}`) : [name],
      ),
    );
    const listed = guideMembers();
    assert.deepEqual(
      members.filter((name) => !listed.includes(name)),
      [],
      'members of window.PH missing from docs/guide/page-kit.md',
    );
    assert.deepEqual(
      listed.filter((name) => !members.includes(name)),
      [],
      'docs/guide/page-kit.md lists members window.PH does not have',
    );
    assert.equal(new Set(listed).size, listed.length, 'docs/guide/page-kit.md lists a member twice');
    assert.deepEqual(problems, []);
    await page.close();
  });
  it('adds the kit to the PH an element module installed first, keeping that object', async () => {
    const { page, problems } = await openPage(stage, '/demo/');
    await page.addScriptTag({ url: '/dist/elements/ph-modal.js', type: 'module' });
    await page.waitForFunction(() => window.PH !== undefined);
    const fromModule = await page.evaluate(() => {
      Object.assign(window, { firstPH: window.PH });
      return 'formatBytes' in window.PH! || 'validate' in window.PH!;
    });
    assert.equal(fromModule, false, 'an element module installs PH without the kit');
    await page.addScriptTag({ url: '/dist/ph-widgets.js' });
    const kit = await page.evaluate(() => {
      const ph = window.PH as PhClassicGlobal;
      return {
        same: ph === (window as unknown as { firstPH: unknown }).firstPH,
        bytes: ph.formatBytes(1536),
        phone: ph.validate.phone('12345'),
      };
    });
    assert.deepEqual(kit, {
      same: true,
      bytes: '1.5 kB',
      phone: { valid: false, message: '请输入以1开头的11位手机号码' },
    });
    assert.deepEqual(problems, []);
    await page.close();
  });

  it('asks the gate every door passes through PH.pageAccess, for a page without a header (issue 34)', async () => {
    const teacher = await openPageAs(stage, 'teacher', '/pages/grade/pc_grade_tm/index.html');
    // The header has read the session (and asked the gate itself) by then: the page's own call sees the same user.
    await teacher.page.locator('ph-header [part~="bar"][data-access="open"]').waitFor();
    assert.equal(await teacher.page.evaluate(() => (window.PH as PhClassicGlobal).pageAccess()), null);
    await teacher.page.close();
    const student = await openPageAs(stage, 'student', '/pages/grade/pc_grade_tm/index.html?language=en');
    await student.page.locator('ph-header [part~="bar"][data-access="refused"]').waitFor();
    assert.deepEqual(await student.page.evaluate(() => (window.PH as PhClassicGlobal).pageAccess()), {
      reason: 'teacherOnly',
      text: 'This page of Grade management is for teachers; your account cannot open it.',
    });
    assert.deepEqual([...teacher.problems, ...student.problems], []);
    await student.page.close();
  });

  it('checks versions through PH.checkVersions: seeded services match, one without an endpoint notes it (§8)', async () => {
    const { page, problems } = await openPageAs(stage, 'teacher', PAGE);
    await page.locator('ph-header [part~="welcome"]', { hasText: '王老师' }).waitFor();
    // For developers, not pupils (issue 53): a console note on this production page, no toast.
    const note = page.waitForEvent('console', {
      predicate: (message) => message.type() === 'info' && message.text().includes('survey'),
    });
    const [grade, own, survey] = await page.evaluate(async () => {
      const ph = window.PH as PhClassicGlobal;
      return [await ph.checkVersions('grade'), await ph.checkVersions(), await ph.checkVersions('survey')];
    });
    assert.equal(grade?.status, 'match');
    assert.equal(own?.status, 'match');
    // survey is no app of the platform: every app answers its versions (issue 69), survey has no endpoint.
    assert.deepEqual(survey, {
      status: 'no-endpoint',
      httpStatus: 404,
      message: '该微服务缺少版本接口（survey），请联系后端工程师',
    });
    assert.equal((await note).text(), 'ph-widgets: 该微服务缺少版本接口（survey），请联系后端工程师');
    assert.equal(await page.locator('ph-toast-host').getByText('该微服务缺少版本接口（survey）').count(), 0);
    // The missing endpoint's 404 is the point of the test, not a problem.
    assert.deepEqual(
      problems.filter((problem) => !problem.includes('status of 404')),
      [],
    );
    await page.close();
  });
  it('sends a visitor without a session to the login page, with the way back', async () => {
    const { page } = await openPage(stage, `${PAGE}?language=en`);
    await page.waitForURL((url) => url.pathname === '/login');
    const back = new URL(new URL(page.url()).searchParams.get('redirect_uri') ?? '', stage.url('/'));
    assert.equal(back.pathname, PAGE);
    await page.close();
  });
});
