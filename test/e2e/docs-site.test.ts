import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { after, axeViolations, before, describe, it, type Stage, startStage, WCAG_AA, watchProblems } from './harness';

// The docs site (issue 38) as a developer opens it at /docs/ from `npm start`: every page, in each language of the
// examples' switch, at a laptop's and a phone's width. Every live example reaches its state (each is a page of its
// own, signed in as its account against the reference server), nothing logs an error, axe finds no WCAG A/AA
// violation on the page or inside an example, and every link and example address resolves.
const SITE = join(import.meta.dirname, '..', '..', 'dist', 'docs');
const PAGES = readdirSync(SITE).filter((name) => name.endsWith('.html'));
const LANGUAGES = ['zh-CN', 'en', 'zh-HK'] as const;
const WIDTHS = [1366, 375] as const;
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

let stage: Stage;
/**
 * One tab per width, kept from page to page as a developer reading the site would: the examples' demo accounts sign
 * in once per tab (their tokens are kept in sessionStorage), and the run spends its time on the pages, not on new
 * browser contexts. Each tab's console problems are read and emptied page by page.
 */
const tabs = new Map<number, { page: Page; problems: string[]; close(): Promise<void> }>();
before(async () => {
  stage = await startStage();
  for (const width of WIDTHS) tabs.set(width, await openTab(width));
});
after(async () => {
  for (const tab of tabs.values()) await tab.close();
  await stage?.stop();
});

async function openTab(width: number) {
  // axe is injected as a script, which the pages' CSP refuses: these tabs bypass it.
  const context = await stage.browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true });
  const page = await context.newPage();
  // Every page opens with the examples in zh-CN and the default theme, whatever the page before chose.
  await page.addInitScript(() => {
    localStorage.setItem('ph-docs.language', 'zh-CN');
    localStorage.removeItem('ph-docs.theme');
  });
  return { page, problems: watchProblems(page), close: () => context.close() };
}

/** A page of the site in a width's tab, its problems counted from here. */
async function openSite(path: string, width: number) {
  const tab = tabs.get(width)!;
  tab.problems.length = 0;
  await tab.page.goto(stage.url(`/docs/${path}`));
  return tab;
}

/** Each example's frame once it says it reached its state, with what its elements rendered. */
async function readyExamples(page: Page): Promise<Frame[]> {
  const frames: Frame[] = [];
  const count = await page.locator('iframe.live').count();
  for (let index = 0; index < count; index += 1) {
    const frame = page.frameLocator('iframe.live').nth(index);
    await frame.locator('body[data-example]').waitFor();
    const handle = await page.locator('iframe.live').nth(index).elementHandle();
    frames.push((await handle!.contentFrame())!);
  }
  return frames;
}

/** axe inside an example's page (axe on the site's page does not enter its frames). */
async function frameAxeViolations(frame: Frame): Promise<string[]> {
  await frame.addScriptTag({ path: AXE });
  return frame.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run(o: object): Promise<{ violations: { id: string }[] }> } }).axe;
    return (await axe.run({ runOnly: { type: 'tag', values: tags } })).violations.map((v) => v.id);
  }, WCAG_AA);
}

async function renderedState(frame: Frame) {
  return frame.evaluate(() => ({
    state: document.body.dataset.example,
    empty: [...document.querySelectorAll('#stage *')]
      // The elements, and a gallery's docs-*-state hosts (each draws an element's view in its own shadow root).
      .filter((element) => element.localName.includes('-'))
      .filter((element) => (element.shadowRoot?.childElementCount ?? 0) === 0)
      .map((element) => element.localName),
  }));
}

describe('the docs site', () => {
  for (const path of PAGES) {
    // An element page at 375 px also shows its first live example within the first two screens: read here, in the
    // page's own visit, rather than by loading each element page and its examples again.
    const firstExampleOnPhone = path.startsWith('ph-') ? ', its first example within two screens at 375 px' : '';
    it(`${path}: every example rendered, no console error, no axe violation — zh-CN, en, zh-HK at 1366 and 375 px${firstExampleOnPhone}`, async () => {
      for (const width of WIDTHS) {
        const { page, problems } = await openSite(path, width);
        const frames = await readyExamples(page);
        if (firstExampleOnPhone && width === 375) {
          const box = await page.locator('iframe.live').first().boundingBox();
          assert.ok(box && box.y < 2 * 900, `${path}: the first example starts ${box?.y} px down`);
        }
        assert.deepEqual(await axeViolations(page, WCAG_AA), [], `${path} at ${width} px`);
        // The other languages through the site's switch: each example re-renders in place.
        for (const language of LANGUAGES) {
          if (language !== 'zh-CN') await page.getByLabel('Examples’ language').selectOption(language);
          for (const frame of frames) {
            await frame.waitForFunction(
              (chosen) =>
                (window as unknown as { PH: { stores: { language: { get(): string } } } }).PH.stores.language.get() ===
                chosen,
              language,
            );
            const rendered = await renderedState(frame);
            assert.deepEqual(rendered, { state: 'ready', empty: [] }, `${frame.url()} in ${language} at ${width} px`);
          }
        }
        if (width === 1366) {
          for (const frame of frames) assert.deepEqual(await frameAxeViolations(frame), [], frame.url());
        }
        assert.deepEqual(problems, [], `${path} at ${width} px`);
      }
    });
  }

  it('the language switch re-renders the examples in place, without reloading them', async () => {
    const { page } = await openSite('ph-login.html', 1366);
    const [first] = await readyExamples(page);
    const login = page.frameLocator('iframe.live').first().locator('ph-login');
    await login.getByRole('button', { name: '登录', exact: true }).waitFor();
    await first!.evaluate(() => {
      (window as unknown as { keptAcrossSwitch: boolean }).keptAcrossSwitch = true;
    });
    await page.getByLabel('Examples’ language').selectOption('en');
    await login.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    await page.getByLabel('Examples’ language').selectOption('zh-HK');
    await login.getByRole('button', { name: '登入', exact: true }).waitFor();
    assert.equal(
      await first!.evaluate(() => (window as unknown as { keptAcrossSwitch?: boolean }).keptAcrossSwitch),
      true,
    );

    await page.getByLabel('Theme').selectOption({ label: 'Red' });
    // The theme's primary colour reaches the example's element (#b3261e), on its host where every token lives.
    await first!.waitForFunction(
      () =>
        getComputedStyle(document.querySelector('ph-login')!).getPropertyValue('--ph-color-primary').trim() ===
        '#b3261e',
    );
  });

  it('at 375 px a code block wraps: no <pre> is wider than the viewport', async () => {
    const { page } = await openSite('ph-login.html', 375);
    for (const summary of await page.locator('details.snippet > summary').all()) await summary.click();
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll('pre')]
        .filter((pre) => pre.getBoundingClientRect().width > 0)
        .filter((pre) => pre.getBoundingClientRect().right > innerWidth || pre.scrollWidth > pre.clientWidth)
        .map((pre) => pre.textContent!.slice(0, 40)),
    );
    assert.deepEqual(wide, []);
  });

  it("a dialog example's frame is as tall as the dialog it shows, which needs no scrolling", async () => {
    // By page, each page opened once for all its dialog examples (they show on their own, each in its own frame).
    const DIALOGS = {
      'ph-header.html': ['parent'],
      'ph-login.html': ['dialog'],
      'ph-footer.html': ['version-dialog'],
      'ph-modal.html': ['open', 'stacked'],
    } as const;
    for (const [path, ids] of Object.entries(DIALOGS)) {
      const { page } = await openSite(path, 1366);
      for (const id of ids) {
        const iframe = page.locator(`iframe.live[data-src$="/${id}.html"]`);
        // Playwright's locators pierce the elements' open shadow roots; the last dialog opened is the one on top.
        const dialog = iframe.contentFrame().locator('[role=dialog]').last();
        await dialog.waitFor();
        const [frameBox, dialogBox] = [await iframe.boundingBox(), await dialog.boundingBox()];
        assert.ok(
          frameBox && dialogBox && dialogBox.y + dialogBox.height <= frameBox.y + frameBox.height,
          `${path} ${id}: the dialog ends below its frame`,
        );
        const body = await dialog
          .locator('[part=body]')
          .evaluate((element) => ({ scroll: element.scrollHeight, client: element.clientHeight }));
        assert.ok(
          body.scroll <= body.client,
          `${path} ${id}: the dialog's body scrolls (${body.scroll} > ${body.client})`,
        );
      }
      if (path !== 'ph-header.html') continue;
      // The header's to-do panel, which pops up by itself, lies whole in its frame (issue 69: it was cut).
      const iframe = page.locator('iframe.live[data-src$="/teacher.html"]');
      const panel = iframe.contentFrame().locator('[part~="reminders"]');
      await panel.locator('.reminder').first().waitFor();
      const [frameBox, panelBox] = [await iframe.boundingBox(), await panel.boundingBox()];
      assert.ok(
        frameBox &&
          panelBox &&
          panelBox.y >= frameBox.y &&
          panelBox.y + panelBox.height <= frameBox.y + frameBox.height,
        `ph-header teacher: the to-do panel is cut by its frame (${JSON.stringify({ frameBox, panelBox })})`,
      );
    }
  });

  it('?language= in the address shows the examples in that language, over the one kept', async () => {
    const texts = { 'zh-HK': '登入', en: 'Sign in', 'zh-CN': '登录' } as const;
    // Each tab keeps zh-CN (openTab): zh-HK and en are asked for over it.
    for (const language of LANGUAGES) {
      const { page } = await openSite(`ph-login.html?language=${language}`, 1366);
      assert.equal(await page.getByLabel('Examples’ language').inputValue(), language);
      const login = page.frameLocator('iframe.live').first().locator('ph-login');
      await login.getByRole('button', { name: texts[language], exact: true }).waitFor();
    }
  });

  it('every link and example address of every page resolves, anchors included', async () => {
    const context = await stage.browser.newContext();
    const broken: string[] = [];
    const ids = new Map<string, Set<string>>();
    const idsOf = async (url: string) => {
      if (!ids.has(url)) {
        const html = await (await context.request.get(url)).text();
        ids.set(url, new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]!)));
      }
      return ids.get(url)!;
    };
    for (const path of PAGES) {
      const base = stage.url(`/docs/${path}`);
      const html = await (await context.request.get(base)).text();
      const targets = [...html.matchAll(/\s(?:href|src|data-src)="([^"]+)"/g)].map((match) => match[1]!);
      for (const target of targets.filter((href) => !/^(?:https?:|data:|mailto:)/.test(href))) {
        const url = new URL(target, base);
        const hash = url.hash.slice(1);
        url.hash = '';
        const answer = await context.request.get(url.href);
        if (!answer.ok()) broken.push(`${path}: ${target} → ${answer.status()}`);
        else if (hash && !(await idsOf(url.href)).has(decodeURIComponent(hash)))
          broken.push(`${path}: ${target} (no #${hash})`);
      }
    }
    assert.deepEqual(broken, []);
    await context.close();
  });
});
