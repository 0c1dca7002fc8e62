// `npm run shots:walk [-- OUT_DIR [ACCOUNTS [LANGUAGES [WIDTHS]]]]`: the walk of issue 69's "done when" — every
// seeded account signs in through the login form and is shot as a new user sees it, in zh-CN, en and zh-HK at 1366,
// 1024, 820 and 375 px: the landing page the sign-in leads to and the header's open panels (to-dos, messages, the role
// switch, the theme dialog); `signedout` is the signed-out login page and the work-chat page. Needs `npm run build` first. Writes PNGs to OUT_DIR (/tmp/ph-shots/walk
// by default) named `{account}-{language}-{width}-{screen}.png`, and one `…-panels.png` sheet of the four panels side by
// side; prints what each screen's text betrays (Simplified characters on zh-HK, Chinese on en, a string key, text
// cut by its box, a page wider than the window) so that the eye goes there first. Not a test: it asserts nothing.
import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as OpenCC from 'opencc-js';
import type { Browser, Locator, Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../demo/server/db/seed-data';
import { startStage } from '../test/e2e/harness';

const outDir = resolve(process.argv[2] ?? '/tmp/ph-shots/walk');
// `signedout` is the signed-out login and work-chat pages; the terminal and parent1 first, where issue 69 fixed most.
const ALL_ACCOUNTS = [
  'terminal',
  'parent1',
  'signedout',
  'teacher',
  'admin',
  'staff',
  'parent',
  'student',
  'areauser',
  'expired',
];
const accounts = (process.argv[3] ?? ALL_ACCOUNTS.join(',')).split(',');
const languages = (process.argv[4] ?? 'zh-CN,en,zh-HK').split(',') as Language[];
const widths = (process.argv[5] ?? '1366,1024,820,375').split(',').map(Number);
const HEIGHT: Record<number, number> = { 1366: 768, 1024: 768, 820: 1180, 375: 812 };
type Language = 'zh-CN' | 'en' | 'zh-HK';

// OpenCC's standard Traditional (`tw`), as test/build/glossary.test.ts: its `hk` table flags 說 and 用戶 as 説, 用户.
const toHongKong = OpenCC.Converter({ from: 'cn', to: 'tw' });
const NO_MOTION = '*,*::before,*::after{animation:none!important;transition:none!important;caret-color:transparent}';

/** The visible text of the page, shadow roots included, and the boxes that cut their own text. */
function readScreen(): { text: string; cut: string[]; wide: number } {
  const texts: string[] = [];
  const cut: string[] = [];
  const describe = (element: Element) =>
    `${element.tagName.toLowerCase()}${element.getAttribute('part') ? `[part=${element.getAttribute('part')}]` : ''}${element.className && typeof element.className === 'string' ? `.${element.className.split(' ')[0]}` : ''}`;
  const walk = (root: Element | ShadowRoot) => {
    for (const node of Array.from(root.childNodes)) {
      if (node.nodeType === Node.TEXT_NODE) {
        const parent = node.parentElement;
        const value = node.textContent?.trim();
        if (parent && value && parent.checkVisibility?.() !== false && parent.getClientRects().length > 0)
          texts.push(value);
      } else if (node instanceof Element) {
        if (['SCRIPT', 'STYLE', 'TEMPLATE'].includes(node.tagName)) continue;
        const style = getComputedStyle(node);
        const clips = ['hidden', 'clip'].includes(style.overflowX) || ['hidden', 'clip'].includes(style.overflowY);
        if (clips && node.getClientRects().length > 0 && (node.textContent ?? '').trim()) {
          const over = node.scrollWidth - node.clientWidth > 1 || node.scrollHeight - node.clientHeight > 1;
          if (over && style.textOverflow !== 'ellipsis')
            cut.push(
              `${describe(node)} "${(node.textContent ?? '').trim().slice(0, 30)}" ${node.scrollWidth}x${node.scrollHeight} in ${node.clientWidth}x${node.clientHeight}`,
            );
        }
        for (const attribute of ['placeholder', 'aria-label', 'title', 'alt']) {
          const value = node.getAttribute(attribute);
          if (value && node.getClientRects().length > 0) texts.push(`@${attribute}=${value}`);
        }
        if (node.shadowRoot) walk(node.shadowRoot);
        walk(node);
      }
    }
  };
  walk(document.documentElement);
  texts.push(`@title=${document.title}`);
  return { text: texts.join('\n'), cut, wide: document.documentElement.scrollWidth - window.innerWidth };
}

/** What the eye should check first on this screen. */
function suspicions(language: Language, screen: ReturnType<typeof readScreen>): string[] {
  const found: string[] = [];
  for (const line of new Set(screen.text.split('\n'))) {
    if (language === 'zh-HK') {
      const converted = toHongKong(line);
      if (converted !== line) found.push(`simplified: ${line.slice(0, 80)} → ${converted.slice(0, 80)}`);
    }
    if (language === 'en' && /[\u3400-\u9fff]/.test(line)) found.push(`chinese: ${line.slice(0, 80)}`);
    if (/\b(header|login|footer|page|face|voice|upload|desktop|modal)\.[a-zA-Z]+\b/.test(line))
      found.push(`key: ${line.slice(0, 80)}`);
  }
  for (const each of screen.cut) found.push(`cut: ${each}`);
  if (screen.wide > 0) found.push(`page ${screen.wide}px wider than the window`);
  return found;
}

async function look(page: Page, name: string, language: Language, clip = false): Promise<string> {
  await page.evaluate(() => document.fonts.ready);
  const file = join(outDir, `${name}.png`);
  await page.screenshot({ path: file, animations: 'disabled', fullPage: !clip });
  // tsx names functions with a helper the page lacks: the page gets the helper with the function's source.
  const screen: ReturnType<typeof readScreen> = await page.evaluate(
    `(() => { const __name = (f) => f; return (${readScreen.toString()})(); })()`,
  );
  for (const line of suspicions(language, screen)) console.log(`  ${name}: ${line}`);
  return file;
}

/** A header text in the page's language, from the page's own string table. */
const text = (page: Page, key: string) => page.evaluate((name) => window.PH?.t(name) ?? name, key);

/** Opens the header action labelled by `key`, through the overflow menu when it sits there; false when absent. */
async function activate(page: Page, header: Locator, key: string, keepOpen = false): Promise<boolean> {
  const label = await text(page, key);
  const name = new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
  const button = header.locator('[part~="actions"]').getByRole('button', { name });
  if ((await button.count()) > 0) {
    await button.first().click();
    return true;
  }
  const more = header.locator('[part~="action-more"]');
  if ((await more.count()) === 0) return false;
  await more.click();
  const entry = header.getByRole('menuitem', { name }).or(header.getByRole('menuitemradio', { name }));
  await header.getByRole('menu').first().waitFor();
  if ((await entry.count()) === 0) {
    await page.keyboard.press('Escape');
    return false;
  }
  // A menu action's items are in the More menu itself ("Switch role: 王老师"): choosing one would switch; shoot it open.
  if (!keepOpen) await entry.first().click();
  return true;
}

async function closeAll(page: Page, header: Locator): Promise<void> {
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  const close = header.locator('[part~="reminders-close"]');
  if ((await close.count()) > 0) await close.first().click();
  await header
    .locator('[role="dialog"], [role="menu"]')
    .first()
    .waitFor({ state: 'detached', timeout: 3000 })
    .catch(() => undefined);
}

/** The four panels of the header, one shot each; the files shot. */
async function panels(page: Page, base: string, language: Language): Promise<string[]> {
  // The element, or the shell's React header (the same component, marked by data-ph-component).
  const header = page.locator('ph-header, [data-ph-component="ph-header"]').first();
  if ((await header.count()) === 0) return [];
  await header.locator('[part~="bar"]').waitFor();
  await header
    .locator('[part~="action-messages"]')
    .waitFor({ timeout: 8000 })
    .catch(() => undefined);
  await page.waitForLoadState('networkidle');
  const files: string[] = [];
  const steps: [string, string, () => Promise<unknown>][] = [
    ['todos', 'header.reminders', () => header.locator('[part~="reminders"]').first().waitFor({ timeout: 5000 })],
    ['messages', 'header.messages', () => header.getByRole('dialog').first().waitFor({ timeout: 5000 })],
    ['role', 'header.role', () => header.getByRole('menu').first().waitFor({ timeout: 5000 })],
    ['theme', 'header.theme', () => header.getByRole('dialog').first().waitFor({ timeout: 5000 })],
  ];
  for (const [what, key, shown] of steps) {
    await closeAll(page, header);
    if (!(await activate(page, header, key, what === 'role'))) {
      console.log(`  ${base}-${what}: no such action`);
      continue;
    }
    await shown().catch(() => console.log(`  ${base}-${what}: nothing opened`));
    await page.waitForLoadState('networkidle');
    files.push(await look(page, `${base}-${what}`, language, true));
  }
  return files;
}

/** The panels side by side in one picture, so that one look takes in the four. */
async function sheet(browser: Browser, files: string[], name: string): Promise<void> {
  if (files.length === 0) return;
  const page = await browser.newPage({ viewport: { width: 400, height: 300 } });
  const images = files.map((file) => `data:image/png;base64,${readFileSync(file).toString('base64')}`);
  await page.setContent(
    `<body style="margin:0;display:flex;gap:6px;background:#c00;align-items:flex-start">${images.map((src) => `<img src="${src}">`).join('')}</body>`,
  );
  await page.evaluate(() => Promise.all(Array.from(document.images, (image) => image.decode())));
  await page.screenshot({ path: join(outDir, `${name}-panels.png`), fullPage: true });
  await page.close();
}

const onLoginPage = (at: URL) => at.pathname === '/' || at.pathname.startsWith('/login');

/** Signs in with the login page's form, as a person would, and waits for the landing page it leads to. */
async function signIn(page: Page, login: string, account: string): Promise<void> {
  await page.goto(login);
  const form = page.locator('ph-login');
  await form.locator('input[name="username"]').fill(account);
  await form.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await form.locator('input[name="password"]').press('Enter');
  // An account the server refuses (the expired unit's) stays on the login page: shoot what it says there.
  await page
    .waitForURL((at) => !onLoginPage(at), { timeout: 15_000 })
    .catch(() => console.log(`  ${account}: stayed on ${new URL(page.url()).pathname}`));
  await page.waitForLoadState('networkidle');
  await page
    .locator('ph-header [part~="bar"], ph-face, .app-icon')
    .first()
    .waitFor({ timeout: 10_000 })
    .catch(() => undefined);
  await page.waitForLoadState('networkidle');
}

/** Issue 68's panel on a login page that stays (its way on is itself): signed in as … · use another account. */
async function signedInPanel(page: Page, login: string, name: string, language: Language): Promise<void> {
  const self = new URL(login);
  self.searchParams.set('redirect_uri', login);
  await page.goto(self.href);
  const panel = page.locator('ph-login [part~="signed-in"]');
  const shown = await panel.waitFor({ timeout: 10_000 }).then(
    () => true,
    () => false,
  );
  if (!shown) console.log(`  ${name}: no signed-in panel (at ${new URL(page.url()).pathname})`);
  await page.waitForLoadState('networkidle');
  await look(page, name, language, true);
}

async function walkAccount(browser: Browser, url: (path: string) => string, account: string): Promise<void> {
  for (const language of languages) {
    for (const width of widths) {
      const base = `${account}-${language}-${width}`;
      const context = await browser.newContext({
        viewport: { width, height: HEIGHT[width] ?? 800 },
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      page.setDefaultTimeout(20_000);
      await page.addInitScript(`addEventListener('DOMContentLoaded', () => {
        const style = document.createElement('style'); style.textContent = ${JSON.stringify(NO_MOTION)};
        document.head.append(style); })`);
      page.on('pageerror', (error) => console.log(`  ${base}: pageerror ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error' && !message.text().includes('status of 401'))
          console.log(`  ${base}: console ${message.text().slice(0, 160)}`);
      });
      try {
        await signIn(page, url(`/?language=${language}`), account);
        console.log(`  ${base}: landed on ${new URL(page.url()).pathname}`);
        await look(page, `${base}-landing`, language, true);
        await sheet(browser, await panels(page, base, language), base);
        // The login page again: the site's sends a signed-in visitor on to the landing page (issue 68's signed-in
        // panel shows only where a page keeps itself, redirect="none" in an app): WALK_LOGIN=1 shoots where it goes.
        if (process.env.WALK_LOGIN)
          await signedInPanel(page, url(`/login?language=${language}`), `${base}-login`, language);
      } catch (error) {
        console.log(`  ${base}: FAILED ${(error as Error).message.split('\n')[0]}`);
      } finally {
        await context.close();
      }
    }
  }
}

/** The pages seen before signing in: the login page and the work-chat page. */
async function signedOut(browser: Browser, url: (path: string) => string): Promise<void> {
  for (const language of languages) {
    for (const width of widths) {
      const context = await browser.newContext({
        viewport: { width, height: HEIGHT[width] ?? 800 },
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      page.setDefaultTimeout(20_000);
      try {
        await page.goto(url(`/?language=${language}`));
        await page.locator('ph-login input').first().waitFor();
        await page.waitForLoadState('networkidle');
        await look(page, `signedout-${language}-${width}-login`, language, true);
        await page.goto(url(`/demo/work-chat/?language=${language}`));
        await page.locator('ph-login').first().waitFor();
        await page.waitForLoadState('networkidle');
        await look(page, `workchat-${language}-${width}-page`, language, true);
      } catch (error) {
        console.log(`  signedout-${language}-${width}: FAILED ${(error as Error).message.split('\n')[0]}`);
      } finally {
        await context.close();
      }
    }
  }
}

mkdirSync(outDir, { recursive: true });
const stage = await startStage();
try {
  // Most of a screen's time is waiting for the network to settle: WALK_PARALLEL accounts (3 by default) walk at once.
  const queue = [...accounts];
  const worker = async () => {
    for (let account = queue.shift(); account; account = queue.shift()) {
      console.log(account);
      if (account === 'signedout') await signedOut(stage.browser, stage.url);
      else await walkAccount(stage.browser, stage.url, account);
      console.log(`${account} done`);
    }
  };
  await Promise.all(Array.from({ length: Number(process.env.WALK_PARALLEL ?? 3) }, worker));
} finally {
  await stage.stop();
}
