import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../demo/server/db/seed-data';
import { scriptSafeJson } from '../../demo/server/util/html';
import { ENDPOINTS } from '../../src/core/api/wire';
import { after, before, describe, it, type Stage, startStage } from './harness';

// Issue 70: a signed-in desktop's first screen waits for no call. The reference server sends the answers of `me` and
// of the first screen's calls inside the page; the shell, the header and the footer take them from there. A server
// that sends none (§7 as written) gets the calls, and the same desktop.

const SCHOOL = '/pages/base/pc_desktop_all/index.html';
const HOSTILE = '</script><img src=x onerror="window.hacked=1"><!--';
/** The first screen's calls (core's firstScreenCalls, and `me`), by path. */
const FIRST_SCREEN_PATHS = [
  ENDPOINTS.me,
  ENDPOINTS.unitConfig,
  ENDPOINTS.appIcons,
  ENDPOINTS.unreadCodeCount,
  ENDPOINTS.insideModules,
  ENDPOINTS.licenceOam,
  ENDPOINTS.licence,
  ENDPOINTS.permissionTree,
  ENDPOINTS.unhandledCount,
  ENDPOINTS.messageConfig,
  ENDPOINTS.themeColor,
  ENDPOINTS.alreadyParentTeacher,
];

async function signIn(page: Page, stage: Stage, username: string): Promise<void> {
  const answer = await page.request.post(stage.url(ENDPOINTS.login), {
    headers: { 'X-PH-Device': 'pc' },
    data: { username, password: DEMO_PASSWORD },
  });
  assert.equal(answer.status(), 200);
}

/** The API paths `page` asks for from now on. */
function apiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) calls.push(pathname);
  });
  return calls;
}

/** Waits for the whole first screen: the icons, the header settled, the footer's line. */
async function firstScreen(page: Page): Promise<string[]> {
  await page.locator('.app-icon').first().waitFor();
  await page.locator('[data-ph-component="ph-header"][data-ph-settled]').waitFor();
  await page.locator('[data-ph-component="ph-footer"] [part~="copyright"]').waitFor();
  return page.$$eval('.app-icon', (icons) => icons.map((icon) => icon.getAttribute('data-app') ?? ''));
}

describe('the desktop with the answers inside its page', () => {
  let stage: Stage;
  before(async () => {
    stage = await startStage();
  });
  after(async () => {
    await stage.stop();
  });

  it("asks for none of its first screen's calls, and asks for its first icons' pictures first", async () => {
    const page = await stage.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await signIn(page, stage, 'teacher');
    const calls = apiCalls(page);
    await page.goto(stage.url(SCHOOL));
    const icons = await firstScreen(page);
    assert.ok(icons.length >= 10, `${icons.length} icons`);
    await page.locator('[data-ph-component="ph-header"] [part~="welcome"]').getByText('王老师').waitFor();
    const asked = calls.filter((path) => FIRST_SCREEN_PATHS.some((call) => path.startsWith(call)));
    assert.deepEqual(asked, []);
    const pictures = await page.$$eval('.app-icon img', (images) =>
      images.map((image) => `${image.getAttribute('loading')} ${image.getAttribute('fetchpriority')}`),
    );
    assert.deepEqual(
      pictures,
      pictures.map((_, index) => (index < 24 ? 'eager high' : 'lazy null')),
    );
    await page.close();
  });

  it('shows the next account its own desktop in the same browser, never the page kept for the last one', async () => {
    const context = await stage.browser.newContext();
    const page = await context.newPage();
    await signIn(page, stage, 'teacher');
    await page.goto(stage.url(SCHOOL));
    await firstScreen(page);
    await signIn(page, stage, 'parent');
    await page.goto(stage.url(SCHOOL));
    await firstScreen(page);
    await page.locator('[data-ph-component="ph-header"] [part~="welcome"]').getByText('陈家长').waitFor();
    assert.equal(await page.getByText('王老师').count(), 0);
    await context.close();
  });

  it("shows the text of the page's answers as text", async () => {
    const page = await stage.browser.newPage();
    await signIn(page, stage, 'teacher');
    // The page's own `me` answer carries a name made to end the script and to run markup, escaped as the server does.
    await page.route(
      (url) => url.pathname === SCHOOL,
      async (route) => {
        const response = await route.fetch();
        const html = (await response.text()).replace(
          /(<script type="application\/json" id="ph-page-answers">)([\s\S]*?)(<\/script>)/,
          (_all, open: string, json: string, close: string) => {
            const answers = JSON.parse(json) as { key: string; body: { data: { realName: string } } }[];
            for (const answer of answers) if (answer.key.startsWith(ENDPOINTS.me)) answer.body.data.realName += HOSTILE;
            return `${open}${scriptSafeJson(answers)}${close}`;
          },
        );
        await route.fulfill({ response, body: html });
      },
    );
    await page.goto(stage.url(SCHOOL));
    await firstScreen(page);
    const welcome = page.locator('[data-ph-component="ph-header"] [part~="welcome"]');
    await welcome.getByText(`王老师${HOSTILE}`).waitFor();
    assert.equal(await page.locator('img[src="x"]').count(), 0);
    assert.equal(await page.evaluate(() => (window as unknown as { hacked?: number }).hacked), undefined);
    await page.close();
  });
});

describe('the desktop from a server that sends no answers (§7 as written)', () => {
  let stage: Stage;
  before(async () => {
    stage = await startStage({ specStrict: true });
  });
  after(async () => {
    await stage.stop();
  });

  it('asks for its calls itself and shows the same desktop', async () => {
    const page = await stage.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await signIn(page, stage, 'teacher');
    const calls = apiCalls(page);
    await page.goto(stage.url(SCHOOL));
    const icons = await firstScreen(page);
    assert.equal(await page.locator('#ph-page-answers').count(), 0);
    for (const path of [ENDPOINTS.me, ENDPOINTS.appIcons, ENDPOINTS.permissionTree, ENDPOINTS.unitConfig])
      assert.ok(calls.includes(path), `${path} was not asked for`);
    assert.ok(icons.includes('notice') && icons.includes('oa'), icons.join());
    await page.close();
  });
});
