import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openPage, type Stage, startStage } from './harness';

// The React shell uses PhModal as a component (no custom element): the same rules, in a portal of its own.
describe('the shell with PhModal as a React component', () => {
  let stage: Stage;
  before(async () => {
    stage = await startStage();
  });
  after(async () => {
    await stage.stop();
  });

  it('stacks two dialogs, closes only the top one on Escape, and keeps page and dialog styles apart', async () => {
    const { page, problems } = await openPage(stage, '/dist/shell/index.html');
    await page.getByRole('button', { name: '打开对话框' }).click();
    await page.getByRole('dialog', { name: '第一个对话框' }).waitFor();
    await page.getByRole('button', { name: '再打开一个' }).click();
    const second = page.getByRole('dialog', { name: '第二个对话框' });
    await second.waitFor();

    const levels = await page.$$eval('[data-ph-portal]', (hosts) =>
      hosts.map((host) => Number(getComputedStyle(host.shadowRoot!.querySelector('[part~="mask"]')!).zIndex)),
    );
    assert.deepEqual(levels, [1500, 1501]);
    // Dialog styles live in the portals' shadow roots (adopted stylesheets, shared by both): none reach the page.
    assert.equal(await page.$$eval('body > style, head style', (styles) => styles.length), 0);
    const adopted = await page.$$eval('[data-ph-portal]', (hosts) => {
      const [a, b] = hosts.map((host) => host.shadowRoot!);
      const mask = a!.querySelector('[part~="mask"]')!;
      return {
        position: getComputedStyle(mask).position,
        shared:
          a!.adoptedStyleSheets.length === 2 && a!.adoptedStyleSheets.every((s, i) => s === b!.adoptedStyleSheets[i]),
      };
    });
    assert.deepEqual(adopted, { position: 'fixed', shared: true });

    await page.keyboard.press('Escape');
    await second.waitFor({ state: 'detached' });
    assert.equal(await page.getByRole('dialog', { name: '第一个对话框' }).isVisible(), true);

    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: '第一个对话框' }).waitFor({ state: 'detached' });
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), '打开对话框');
    assert.deepEqual(problems, []);
    await page.close();
  });
});
