// `npm run shots:header [-- OUT_DIR]`: screenshots of <ph-header>, <ph-footer> and every dialog and menu they open,
// on the legacy demo page, in zh-CN and en at 1366, 820 and 375 px and in zh-HK at 1366 px (DEVELOPERS.md: look at
// what you build). Needs `npm run build` first. Writes PNGs to OUT_DIR (/tmp/ph-shots/header by default), named
// `{language}-{width}-{what}.png`, and prints each path; SHOTS_ONLY=language,footer-version takes only those scenes.
// Not a test: it asserts nothing, it only shows.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../demo/server/db/seed-data';
import { createServer, repositoryStaticRoots } from '../demo/server/index';
import { ENDPOINTS } from '../src/core/api/wire';
import { CHROMIUM, chromiumArgs } from './chromium.mjs';

const repo = resolve(import.meta.dirname, '..');
const outDir = resolve(process.argv[2] ?? '/tmp/ph-shots/header');
const PAGE = '/demo/pc_notice_tm/index.html';
const WIDTHS = [1366, 820, 375] as const;
const CLIENT_DOWNLOADS = {
  windowsInstaller: '/download/ph-client-setup.exe',
  windowsPortable: '/download/ph-client-portable.zip',
  macIntel: '/download/ph-client-x64.dmg',
  macArm: '/download/ph-client-arm64.dmg',
};

interface Pass {
  language: 'zh-CN' | 'en' | 'zh-HK';
  width: number;
}

interface Scene {
  name: string;
  account: string;
  /** Brings the page to what the shot shows; the page is signed in and loaded. */
  show: (page: Page, header: Locator) => Promise<void>;
  fullPage?: boolean;
  deviceScaleFactor?: number;
}

/** A header text in the page's language, read from the page's own string table. */
const text = (page: Page, key: string) => page.evaluate((name) => window.PH?.t(name) ?? name, key);

/** Waits until the modal dialog titled `title` has faded in. */
async function dialogShown(header: Locator, title: string): Promise<void> {
  await header.getByRole('dialog', { name: title }).waitFor();
  await header.locator('[part~="mask"].shown').first().waitFor();
  await header.page().waitForTimeout(250);
}

/** Clicks the header action named by `key` (or a name starting with it), through the overflow menu when it is there. */
async function activate(page: Page, header: Locator, key: string, item?: string): Promise<void> {
  const label = await text(page, key);
  const name = new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
  const button = header.locator('[part~="actions"]').getByRole('button', { name });
  if ((await button.count()) > 0) {
    await button.first().click();
    if (item) await header.getByRole('menu').waitFor();
    return;
  }
  await header.locator('[part~="action-more"]').click();
  // Choices (language, role) are radio items of the overflow menu, commands plain items.
  const entryName = item ? `${label}: ${item}` : name;
  const entry = header
    .getByRole('menuitemradio', { name: entryName })
    .or(header.getByRole('menuitem', { name: entryName }));
  if (!item) await entry.first().click();
  else await entry.first().waitFor();
}

/** The reminder panel opens by itself at the bottom right, over the footer's links at some widths: closed first. */
async function closeReminders(header: Locator): Promise<void> {
  const close = header.locator('[part~="reminders-close"]');
  await close.waitFor();
  await close.click();
  await close.waitFor({ state: 'detached' });
}

async function configureDownloads(page: Page): Promise<void> {
  await page.evaluate((clientDownloads) => {
    window.PH?.phinit({ code: 'notice', appCode: 'notice', env: 'production', languagePack: {}, clientDownloads });
  }, CLIENT_DOWNLOADS);
}

const SCENES: Scene[] = [
  {
    name: 'page',
    account: 'teacher',
    fullPage: true,
    show: async (_page, header) => {
      // The whole page with the reminder panel that opens by itself.
      await header.locator('[part~="reminders"]').waitFor();
    },
  },
  {
    name: 'reminders',
    account: 'teacher',
    show: async (_page, header) => {
      await header.locator('[part~="reminders"] .reminder').first().waitFor();
    },
  },
  {
    name: 'focus-ring',
    account: 'teacher',
    show: async (page, header) => {
      await header.locator('[part~="action-messages"] .badge').waitFor();
      await header.locator('[part~="action-messages"]').focus();
      await page.keyboard.press('Tab');
    },
  },
  {
    name: 'messages',
    account: 'teacher',
    show: async (page, header) => {
      await header.locator('[part~="action-messages"] .badge').waitFor();
      await activate(page, header, 'header.messages');
      await dialogShown(header, await text(page, 'header.messageList'));
      await header.locator('.message').first().waitFor();
    },
  },
  {
    name: 'expiry',
    account: 'admin',
    show: async (page, header) => {
      await header.locator('[part~="action-messages"] .badge').waitFor();
      await activate(page, header, 'header.messages');
      await dialogShown(header, await text(page, 'header.messageList'));
      await header.locator('.message').first().waitFor();
      const view = await text(page, 'header.view');
      await header
        .getByRole('button', { name: new RegExp(`^${view}: .*(到期|expir)`, 'i') })
        .first()
        .click();
      await dialogShown(header, await text(page, 'header.expiryTitle'));
    },
  },
  {
    name: 'licence-expired',
    account: 'expired',
    show: async (page, header) => {
      await header.locator('[part~="licence"]').waitFor();
      await dialogShown(header, await text(page, 'header.noticeTitle'));
    },
  },
  {
    name: 'download',
    account: 'teacher',
    show: async (page, header) => {
      await configureDownloads(page);
      await header.locator('[part~="action-messages"] .badge').waitFor();
      await activate(page, header, 'header.download');
      await dialogShown(header, await text(page, 'header.download'));
    },
  },
  {
    name: 'theme-admin',
    account: 'admin',
    show: async (page, header) => {
      await header.locator('[part~="action-messages"]').waitFor();
      await page.waitForTimeout(300);
      await activate(page, header, 'header.theme');
      await dialogShown(header, await text(page, 'header.theme'));
      await header.getByRole('button', { name: await text(page, 'header.syncAll') }).waitFor();
    },
  },
  {
    name: 'theme-teacher-custom',
    account: 'teacher',
    show: async (page, header) => {
      await header.locator('[part~="action-messages"]').waitFor();
      await activate(page, header, 'header.theme');
      await dialogShown(header, await text(page, 'header.theme'));
      await header.locator('input[name="theme"][value="custom"]').check();
      await header.locator('input[maxlength="7"]').fill('457CD6');
      await header.locator('[role="alert"]').waitFor();
    },
  },
  {
    name: 'theme-teacher-ink',
    account: 'teacher',
    show: async (page, header) => {
      await header.locator('[part~="action-messages"]').waitFor();
      await activate(page, header, 'header.theme');
      await dialogShown(header, await text(page, 'header.theme'));
      await header.locator('input[name="theme"][value="ink"]').check();
    },
  },
  {
    name: 'logout',
    account: 'teacher',
    show: async (page, header) => {
      await header.locator('[part~="action-messages"]').waitFor();
      await activate(page, header, 'header.logout');
      await dialogShown(header, await text(page, 'header.confirmTitle'));
    },
  },
  {
    name: 'children',
    account: 'parent',
    show: async (page, header) => {
      await dialogShown(header, await text(page, 'header.childTitle'));
    },
  },
  {
    name: 'role',
    account: 'teacher',
    show: async (page, header) => {
      await header.locator('[part~="action-messages"]').waitFor();
      await page.waitForTimeout(300);
      await activate(page, header, 'header.role', '王老师（家长）');
    },
  },
  {
    name: 'language',
    account: 'teacher',
    show: async (page, header) => {
      await header.locator('[part~="action-messages"]').waitFor();
      await activate(page, header, 'header.language', 'English');
    },
  },
  {
    name: 'overflow',
    account: 'parent',
    show: async (page, header) => {
      await configureDownloads(page);
      // Close the child selector that opens by itself; at 1366 px all icons fit, so the menu shows at 5 icons.
      await header.getByRole('dialog', { name: await text(page, 'header.childTitle') }).waitFor();
      await page.keyboard.press('Escape');
      await header.getByRole('dialog').waitFor({ state: 'detached' });
      if (page.viewportSize()?.width === 1366)
        await header.evaluate((element) => element.setAttribute('max-icons', '5'));
      await header.locator('[part~="action-more"]').click();
      await header.getByRole('menu').waitFor();
    },
  },
  {
    name: 'zoom-150',
    account: 'teacher',
    deviceScaleFactor: 1.5,
    show: async (page) => {
      await page.locator('ph-toast-host').locator('[part~="toast-warning"]').waitFor({ timeout: 3000 });
    },
  },
  {
    name: 'footer-version',
    account: 'teacher',
    show: async (page, header) => {
      await closeReminders(header);
      const footer = page.locator('ph-footer');
      await footer.getByRole('button', { name: await text(page, 'footer.version') }).click();
      await dialogShown(footer, await text(page, 'footer.version'));
      await footer.locator('[part~="history"]').waitFor();
    },
  },
  {
    name: 'footer-about',
    account: 'teacher',
    show: async (page, header) => {
      await closeReminders(header);
      const footer = page.locator('ph-footer');
      await footer.getByRole('button', { name: await text(page, 'footer.about') }).click();
      await dialogShown(footer, await text(page, 'footer.about'));
    },
  },
];

async function shoot(browser: Browser, origin: string, pass: Pass, scene: Scene): Promise<string> {
  const context = await browser.newContext({
    viewport: { width: pass.width, height: 800 },
    deviceScaleFactor: scene.deviceScaleFactor ?? 1,
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  try {
    const answer = await page.request.post(new URL(ENDPOINTS.login, origin).href, {
      headers: { 'X-PH-Device': 'pc' },
      data: { username: scene.account, password: DEMO_PASSWORD },
    });
    if (!answer.ok()) throw new Error(`${scene.account} could not sign in: ${answer.status()}`);
    await page.goto(new URL(`${PAGE}?language=${pass.language}`, origin).href);
    const header = page.locator('ph-header');
    await header.locator('[part~="bar"]').waitFor();
    await page.locator('ph-footer').locator('[part~="version"]').waitFor();
    await scene.show(page, header);
    const file = join(outDir, `${pass.language}-${pass.width}-${scene.name}.png`);
    await page.screenshot({ path: file, fullPage: scene.fullPage ?? false });
    if (problems.length > 0) console.warn(`${file}: ${problems.join('; ')}`);
    return file;
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  mkdirSync(outDir, { recursive: true });
  const passes: Pass[] = [
    ...(['zh-CN', 'en'] as const).flatMap((language) => WIDTHS.map((width) => ({ language, width }))),
    { language: 'zh-HK', width: 1366 },
  ];
  const only = process.env.SHOTS_ONLY?.split(',');
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: chromiumArgs() });
  try {
    for (const pass of passes) {
      // A fresh server (and database) per pass: viewing a message marks it read for the next shot.
      const dataDir = mkdtempSync(join(tmpdir(), 'ph-shots-'));
      const server = await createServer({ dataDir, port: 0, staticRoots: repositoryStaticRoots(repo) });
      try {
        for (const scene of SCENES) {
          if (only && !only.includes(scene.name)) continue;
          try {
            console.log(await shoot(browser, server.url, pass, scene));
          } catch (error) {
            console.error(`${pass.language}-${pass.width}-${scene.name}: ${(error as Error).message.split('\n')[0]}`);
          }
        }
      } finally {
        await server.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
  } finally {
    await browser.close();
  }
}

await main();
