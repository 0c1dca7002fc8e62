// The steps of the journey every consumer app runs in Chromium, shared by consumer.test.ts (React, Vue, Next.js,
// webpack) and the Angular lane (test/angular): a dialog opened by a property and closed, a sign-in with the demo
// teacher, the document loads counted, an upload whose MD5 the page is told.
import type { Locator, Page } from 'playwright-core';

export const PASSWORD = 'Demo@2026';

/** Opens the app's dialog by its button, waits for it, and closes it with Escape. */
export async function openAndEscape(page: Page, opener: string, dialogName: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: dialogName });
  await page.getByRole('button', { name: opener }).click();
  await dialog.waitFor();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
}

/**
 * Opens the dialog, closes it by its own close button (关闭), then opens it a second time (the app's property and the
 * element agree again) and closes it with Escape.
 */
async function openCloseReopen(page: Page, opener: string, dialogName: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: dialogName });
  await page.getByRole('button', { name: opener }).click();
  await dialog.getByRole('button', { name: '关闭' }).click();
  await dialog.waitFor({ state: 'detached' });
  await openAndEscape(page, opener, dialogName);
}

/**
 * A routed app's journey up to the sign-in (the Vue app's and the Angular app's): its page, its dialog opened,
 * closed and opened again by the app's property, then the teacher signs in with the default setup (§4 sends them to
 * the landing page, which the app's router does not know), until the element names the teacher.
 */
export async function dialogThenSignIn(page: Page, url: string, dialogName: string): Promise<Locator> {
  await page.goto(url);
  const login = page.locator('ph-login');
  await login.getByRole('button', { name: '登录', exact: true }).waitFor();
  await openCloseReopen(page, 'Open the dialog', dialogName);
  await signIn(page, login);
  await login.locator('[part~="signed-in-name"]').filter({ hasText: '已登录：王老师（teacher）' }).waitFor();
  return login;
}

/** Types the demo teacher's password into a login form and presses its button (zh-CN labels). */
export async function signIn(
  page: Page,
  login: Locator = page.locator('ph-login, [data-ph-component="ph-login"]'),
): Promise<void> {
  await login.getByRole('textbox', { name: '账号' }).fill('teacher');
  await login.getByRole('textbox', { name: '密码' }).fill(PASSWORD);
  await login.getByRole('button', { name: '登录', exact: true }).click();
}

/** Chooses `file` in the page's uploader, and waits for the page to show the MD5 it was told. */
export async function uploadAndReadMd5(page: Page, file: string): Promise<string> {
  await page.locator('input.picker').first().setInputFiles(file);
  await page
    .locator('#md5')
    .filter({ hasText: /^[0-9a-f]{32}$/ })
    .waitFor();
  return (await page.locator('#md5').textContent()) ?? '';
}

/** The document loads of `page` from now on (the first, and every navigation after it). */
export function countLoads(page: Page): { readonly count: number } {
  const loads = { count: 0 };
  page.on('load', () => {
    loads.count += 1;
  });
  return loads;
}
