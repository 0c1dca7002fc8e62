import { expect } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import { core, loadElements } from './bundles';
import { control, dialog, type HeaderElement, mountHeader, root, signedInPage } from './header-helpers';
import { waitUntil } from './wait';

await loadElements('ph-header');

// <ph-header> on a tablet (820 px) and a phone (375 px): the icons that do not fit go into the overflow menu,
// nothing leaves the window, and the 400 px and 680 px dialogs shrink to it (what the screenshots showed wrong).

/** The icon buttons in the bar, the overflow button included. */
const icons = (header: HeaderElement) => [
  ...root(header).querySelectorAll<HTMLElement>('[part~="actions"] > button, [part~="actions"] > .menu > button'),
];

/** `box` lies inside the window, to the pixel. */
function insideWindow(box: DOMRect, what: string) {
  expect(box.left, `${what} left`).to.be.at.least(-0.5);
  expect(box.right, `${what} right`).to.be.at.most(window.innerWidth + 0.5);
}

/** Opens the overflow menu and waits for it. */
async function openMore(header: HeaderElement): Promise<HTMLElement> {
  control(header, /^(更多|More)$/).click();
  await waitUntil(() => root(header).querySelector('[role="menu"]'), 'the overflow menu did not open');
  return root(header).querySelector<HTMLElement>('[role="menu"]') as HTMLElement;
}

describe('ph-header on narrow screens', () => {
  afterEach(() => core.$language.set('zh-CN'));

  for (const [width, limit] of [
    [820, 6],
    [375, 3],
  ] as const) {
    it(`shows at most ${limit} icons at ${width} px, the rest in the overflow menu, all inside the window`, async () => {
      await setViewport({ width, height: 800 });
      await signedInPage('teacher');
      const header = await mountHeader();
      await waitUntil(() => control(header, /^(更多|More)$/), 'no overflow menu');
      const bar = root(header).querySelector<HTMLElement>('[part~="bar"]') as HTMLElement;
      expect(bar.scrollWidth, 'the bar overflows').to.be.at.most(bar.clientWidth);
      expect(icons(header).length).to.be.at.most(limit);
      for (const icon of icons(header))
        insideWindow(icon.getBoundingClientRect(), icon.getAttribute('aria-label') ?? '');
      // The icons end at the bar's right edge, also on a phone where the welcome (which pushed them there) is hidden.
      const last = icons(header).at(-1)?.getBoundingClientRect();
      const contentRight = bar.getBoundingClientRect().right - Number.parseFloat(getComputedStyle(bar).paddingRight);
      expect(contentRight - (last?.right ?? 0)).to.be.at.most(1);
      // The unread badges, white ring included, lie inside the bar (issue 69: cut at the window's top on a phone).
      await waitUntil(() => root(header).querySelector('[part~="actions"] .badge'), 'no unread badge');
      for (const badge of root(header).querySelectorAll<HTMLElement>('[part~="actions"] .badge'))
        expect(badge.getBoundingClientRect().top - 1.5, 'a badge above the bar').to.be.at.least(
          bar.getBoundingClientRect().top,
        );

      const menu = await openMore(header);
      insideWindow(menu.getBoundingClientRect(), 'the overflow menu');
      const labels = [...menu.querySelectorAll('[role^="menuitem"]')].map((item) => item.textContent);
      expect(labels).to.include('退出');
      // The language choices keep their radio role and the chosen one in the overflow menu.
      const chosen = menu.querySelector('[role="menuitemradio"][aria-checked="true"]');
      // "Language: 简体中文" in the page's language: Chinese takes the full-width colon (the walk of issue 69 saw "语言: ").
      expect(chosen?.textContent).to.contain('语言：简体中文');
      expect(menu.querySelectorAll('[role="menuitemradio"][aria-checked="false"]').length).to.equal(2);
    });
  }

  it('fits the 400 px message list and the 680 px theme dialog into a 375 px window', async () => {
    await setViewport({ width: 375, height: 640 });
    await signedInPage('teacher');
    const header = await mountHeader();
    control(header, /^消息/).click();
    await waitUntil(() => dialog(header, '未读消息')?.querySelector('.message'), 'no message list');
    await checkFits(header, '未读消息');
    dialog(header, '未读消息')?.querySelector<HTMLElement>('[part~="close"]')?.click();
    await waitUntil(() => !dialog(header, '未读消息'));

    const menu = await openMore(header);
    [...menu.querySelectorAll<HTMLElement>('[role="menuitem"]')]
      .find((item) => item.textContent === '主题与布局')
      ?.click();
    await waitUntil(() => dialog(header, '主题与布局'), 'no theme dialog');
    await checkFits(header, '主题与布局');
  });

  for (const account of ['parent', 'parent1'])
    it(`keeps ${account}'s welcome and child's name whole at 820 px in English: the school name gives way`, async () => {
      await setViewport({ width: 820, height: 800 });
      await signedInPage(account);
      core.$language.set('en');
      const header = await mountHeader();
      await waitUntil(() => root(header).querySelector('[part~="current-child"]'), 'no current child');
      await waitUntil(() => root(header).querySelector('[data-actions="known"]'), 'the icon row never completed');
      // The text's own width against its box's, unrounded: scrollWidth and clientWidth round both alike when the box
      // is a fraction of a pixel short, which is enough to cut the text ("Welcome, 王老师（家…" on the shell desktop).
      for (const part of ['welcome', 'current-child']) {
        const box = root(header).querySelector<HTMLElement>(`[part~="${part}"]`) as HTMLElement;
        const text = document.createRange();
        text.selectNodeContents(box);
        expect(text.getBoundingClientRect().width, `${part} is cut: "${box.textContent}"`).to.be.at.most(
          box.getBoundingClientRect().width,
        );
      }
      const bar = root(header).querySelector<HTMLElement>('[part~="bar"]') as HTMLElement;
      expect(bar.scrollWidth, 'the bar overflows').to.be.at.most(bar.clientWidth);
    });

  it('keeps the child table words whole in English on a phone', async () => {
    await setViewport({ width: 375, height: 800 });
    await signedInPage('parent');
    core.$language.set('en');
    const header = await mountHeader();
    await waitUntil(() => dialog(header, 'Choose a child'), 'the child selector did not open');
    await checkFits(header, 'Choose a child');
    const cells = [...root(header).querySelectorAll<HTMLElement>('[part~="children"] th, [part~="children"] button')];
    for (const cell of cells.filter((node) => node.textContent?.trim())) {
      const range = document.createRange();
      range.selectNodeContents(cell);
      // One text box per line: "Grade" broken into "Grad / e" has two (the 1 px box is a visually hidden label's).
      const lines = [...range.getClientRects()].filter((box) => box.width > 1);
      expect(lines.length, `"${cell.textContent}" wraps`).to.equal(1);
    }
  });
});

/** The dialog lies inside the window and scrolls nothing sideways; its footer is on screen. */
async function checkFits(header: HeaderElement, heading: string) {
  await waitUntil(() => root(header).querySelector('[part~="mask"].shown'));
  const box = dialog(header, heading) as HTMLElement;
  insideWindow(box.getBoundingClientRect(), heading);
  expect(box.getBoundingClientRect().bottom, `${heading} ends below the window`).to.be.at.most(window.innerHeight);
  const body = box.querySelector<HTMLElement>('[part~="body"]') as HTMLElement;
  expect(body.scrollWidth, `${heading} scrolls sideways`).to.be.at.most(body.clientWidth);
}
