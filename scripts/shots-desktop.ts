// `npm run shots:desktop [-- OUT_DIR [SCENES [THEMES]]]`: screenshots of the shell on the school landing page (DEVELOPERS.md:
// look at what you build): the teacher's desktop in every theme family, top and left layouts, zh-CN and en at 1366,
// 820 and 375 px; the other accounts' desktops; a sub-app, the not-found page and the licence dialog; issue 34's doors
// (`doors`). Needs `npm run build` first. SCENES is a comma list of `desk`, `users`, `other`, `doors` (all but `doors`
// by default), THEMES one of theme names below. Writes PNGs to OUT_DIR
// (/tmp/ph-shots/desktop by default) and prints any console problem. Not a test: it asserts nothing, it only shows.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../demo/server/db/seed-data';
import { ENDPOINTS } from '../src/core/api/wire';
import { startStage } from '../test/e2e/harness';

const outDir = resolve(process.argv[2] ?? '/tmp/ph-shots/desktop');
const scenes = (process.argv[3] ?? 'desk,users,other').split(',');
const themes = (process.argv[4] ?? '').split(',').filter(Boolean);
const SCHOOL = '/pages/base/pc_desktop_all/index.html';
const HEADERS = { 'X-PH-Device': 'pc' };
const LANGUAGES = ['zh-CN', 'en', 'zh-HK'] as const;
const WIDTHS: [number, number][] = [
  [1366, 900],
  [1024, 768],
  [820, 1180],
  [375, 812],
];
/** Theme families (§9): a colour, each picture theme, each named colour, and a custom colour. */
const THEMES: [name: string, type: 'color' | 'default_color', theme: string][] = [
  ['hex', 'color', '#457CD6'],
  ['ink', 'default_color', 'ink'],
  ['lotus', 'default_color', 'lotus'],
  ['cartoon', 'default_color', 'cartoon'],
  ['red', 'default_color', 'red'],
  ['blue', 'default_color', 'blue'],
  ['siroBlue', 'default_color', 'siroBlue'],
  ['green', 'default_color', 'green'],
  ['custom', 'color', '#E8C547'],
];

mkdirSync(outDir, { recursive: true });
const stage = await startStage();
const problems: string[] = [];

async function signedIn(username: string): Promise<BrowserContext> {
  const context = await stage.browser.newContext();
  const answer = await context.request.post(stage.url(ENDPOINTS.login), {
    headers: HEADERS,
    data: { username, password: DEMO_PASSWORD },
  });
  if (!answer.ok()) throw new Error(`${username} could not sign in: ${answer.status()}`);
  return context;
}

async function shoot(page: Page, name: string, ready: string, fullPage = true): Promise<void> {
  await page.locator(ready).first().waitFor({ timeout: 15000 });
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
  const path = `${outDir}/${name}.png`;
  await page.screenshot({ path, fullPage });
  console.log(path);
}

async function openPage(context: BrowserContext, name: string, width: number, height: number): Promise<Page> {
  const page = await context.newPage();
  await page.setViewportSize({ width, height });
  page.on('pageerror', (error) => problems.push(`${name} pageerror ${error.message}`));
  page.on('console', (message) => {
    const kind = message.type();
    if ((kind === 'error' || kind === 'warning') && !message.text().includes('status of 401'))
      problems.push(`${name} ${kind} ${message.text()}`);
  });
  return page;
}

async function desktops(): Promise<void> {
  const context = await signedIn('teacher');
  for (const [name, type, theme] of THEMES) {
    if (themes.length > 0 && !themes.includes(name)) continue;
    const set = await context.request.post(stage.url(ENDPOINTS.setTheme), { headers: HEADERS, data: { type, theme } });
    if (!set.ok()) throw new Error(`theme ${name}: ${set.status()} ${await set.text()}`);
    for (const layout of ['top', 'left']) {
      for (const [width, height] of WIDTHS) {
        for (const language of LANGUAGES) {
          const shot = `${name}-${layout}-${width}-${language}`;
          const page = await openPage(context, shot, width, height);
          const prefs = JSON.stringify({ 'u-teacher': { layout } });
          await page.addInitScript(`localStorage.setItem('displayPrefs', ${JSON.stringify(prefs)})`);
          await page.goto(stage.url(`${SCHOOL}?language=${language}`));
          await shoot(page, shot, '.app-icon');
          await page.close();
        }
      }
    }
  }
  await context.close();
}

async function otherAccounts(): Promise<void> {
  for (const user of ['parent', 'student', 'areauser']) {
    const context = await signedIn(user);
    for (const language of LANGUAGES) {
      const page = await openPage(context, user, 1366, 900);
      await page.goto(stage.url(`${SCHOOL}?language=${language}`));
      await shoot(page, `user-${user}-1366-${language}`, '.app-icon');
    }
    await context.close();
  }
}

async function otherScreens(): Promise<void> {
  const context = await signedIn('teacher');
  const expired = await signedIn('expired');
  for (const language of LANGUAGES) {
    for (const [width, height] of WIDTHS) {
      const page = await openPage(context, `other-${width}-${language}`, width, height);
      await page.goto(stage.url(`${SCHOOL}?language=${language}#/subapp?app=grade&fileId=grade-entry`));
      await shoot(page, `subapp-${width}-${language}`, '.ph-subapp');
      await page.goto(stage.url(`${SCHOOL}?language=${language}#/nowhere`));
      await shoot(page, `notfound-${width}-${language}`, '.not-found');
      await page.close();
      const licence = await openPage(expired, `licence-${width}-${language}`, width, height);
      await licence.goto(stage.url(`${SCHOOL}?language=${language}`));
      await shoot(licence, `licence-${width}-${language}`, '[data-ph-component="ph-header"] [role="dialog"]', false);
      await licence.close();
    }
  }
  await expired.close();
  await context.close();
}

/** Issue 34's doors: the marked desktop, an icon refused, /redirect/{app} refused, a module page's block. */
async function doors(): Promise<void> {
  const teacher = await signedIn('teacher');
  const student = await signedIn('student');
  for (const language of LANGUAGES) {
    for (const [width, height] of WIDTHS) {
      const at = `${width}-${language}`;
      const page = await openPage(teacher, `doors-${at}`, width, height);
      await page.goto(stage.url(`${SCHOOL}?language=${language}`));
      await page.locator('li[data-app="assets"] button').scrollIntoViewIfNeeded();
      await shoot(page, `doors-marked-${at}`, 'li[data-licence="expired"]');
      await page.locator('li[data-app="assets"] button').click();
      await shoot(page, `doors-icon-${at}`, '[role="dialog"] [role="alert"]', false);
      await page.goto(stage.url(`${SCHOOL}?language=${language}#/redirect/assets`));
      await shoot(page, `doors-redirect-${at}`, '.not-found [role="alert"]', false);
      await page.close();
      const blocked = await openPage(student, `doors-block-${at}`, width, height);
      await blocked.goto(stage.url(`/pages/grade/pc_grade_tm/index.html?language=${language}`));
      await shoot(blocked, `doors-block-${at}`, 'ph-header [part~="licence"]', false);
      await blocked.close();
    }
  }
  await student.close();
  await teacher.close();
}

try {
  if (scenes.includes('doors')) await doors();
  if (scenes.includes('desk')) await desktops();
  if (scenes.includes('users')) await otherAccounts();
  if (scenes.includes('other')) await otherScreens();
} finally {
  await stage.stop();
}
console.log(problems.length ? problems.join('\n') : 'no console problems');
