import { expect, fixture, html } from '@open-wc/testing';
import { core, loadElements } from './bundles';
import { type ModalElement, part, waitShown } from './modal-helpers';

await loadElements('ph-modal');

// The font stacks (docs/guide/elements.md, --ph-font-family): a Chinese font first, so that one font serves a Chinese
// page and its letters match the Chinese around them (issue 70: a fresh Chromium on Linux lays out the first screen
// in a third of the time when the stack names the CJK font before the system's); the system's own font first on an
// English page; and a font the user chose in the theme settings first in every language.

const firstFamily = (element: Element) => getComputedStyle(element).fontFamily.split(',')[0]!.trim().replace(/"/g, '');

async function withSheet(href: string): Promise<() => void> {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  const loaded = new Promise((resolve, reject) => {
    link.onload = resolve;
    link.onerror = () => reject(new Error(`${href} did not load`));
  });
  document.head.append(link);
  await loaded;
  return () => link.remove();
}

/** The first family of `element`'s font in each language, then with the user's KaiTi in each. */
function familiesOf(element: () => Element) {
  const seen: Record<string, string> = {};
  for (const chosen of [false, true]) {
    const theme = core.writeThemeStyle(document, chosen ? core.themeTokensCss('default', { fontFamily: 'KaiTi' }) : '');
    for (const language of ['zh-CN', 'zh-HK', 'en']) {
      document.documentElement.lang = language;
      seen[`${language}${chosen ? ' chosen' : ''}`] = firstFamily(element());
    }
    theme.remove();
  }
  return seen;
}

const EXPECTED = {
  'zh-CN': 'PingFang SC',
  'zh-HK': 'PingFang SC',
  en: 'system-ui',
  'zh-CN chosen': 'KaiTi',
  'zh-HK chosen': 'KaiTi',
  'en chosen': 'KaiTi',
};

describe('font stacks', () => {
  afterEach(() => {
    document.documentElement.lang = 'en';
  });

  for (const sheet of ['/src/shell/shell.css', '/demo/site/shared/site.css']) {
    it(`${sheet}: a Chinese font first, the system's own on an English page, the user's chosen font in every language`, async () => {
      const remove = await withSheet(sheet);
      try {
        expect(familiesOf(() => document.body)).to.deep.equal(EXPECTED);
      } finally {
        remove();
      }
    });
  }

  it("inside an element's shadow root: the same, from the tokens", async () => {
    const modal = await fixture<ModalElement>(html`<ph-modal open heading="字体 Font">正文 Body</ph-modal>`);
    await waitShown(modal);
    expect(familiesOf(() => part(modal, 'dialog'))).to.deep.equal(EXPECTED);
  });
});
