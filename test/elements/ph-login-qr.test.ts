import { expect, html } from '@open-wc/testing';
import { core, loadElements } from './bundles';
import { freshPage, mount, shadow } from './login-helpers';
import { waitUntil } from './wait';

await loadElements('ph-login');

// The QR container of <ph-login qr> (spec §2, issue 56 item 11): until the messaging app's script renders its code
// into the `qr` slot — and on a page that loads no such script — it says what it is for, with an icon, rather than
// showing an empty dashed square.

const TEXTS = {
  'zh-CN': { pending: '企业微信二维码将显示在这里', caption: '用企业微信扫码登录' },
  en: { pending: 'The WeCom QR code appears here', caption: 'Scan with WeCom to sign in' },
  'zh-HK': { pending: '企業微信二維碼將顯示在這裡', caption: '用企業微信掃碼登入' },
} as const;

const placeholder = (login: HTMLElement) => shadow(login).querySelector<HTMLElement>('[part~="qr-placeholder"]');
const caption = (login: HTMLElement) => shadow(login).querySelector('[part~="qr"] figcaption')?.textContent;

describe('ph-login QR container', () => {
  beforeEach(async () => {
    await freshPage('/login');
  });

  for (const language of ['zh-CN', 'en', 'zh-HK'] as const) {
    it(`says what it is for, with an icon, while no QR code is there, in ${language}`, async () => {
      core.$language.set(language);
      const login = await mount(html`<ph-login no-auto-start qr></ph-login>`);
      await waitUntil(() => placeholder(login)?.textContent === TEXTS[language].pending, 'no placeholder text');
      expect(placeholder(login)?.querySelector('svg')?.getAttribute('aria-hidden')).to.equal('true');
      expect(placeholder(login)?.getClientRects().length).to.be.greaterThan(0);
      expect(caption(login)).to.equal(TEXTS[language].caption);
    });
  }

  it("gives way to the QR code the messaging app's script renders into the qr slot", async () => {
    const login = await mount(
      html`<ph-login no-auto-start qr><img slot="qr" alt="二维码" width="120" height="120" src="data:," /></ph-login>`,
    );
    const slot = shadow(login).querySelector<HTMLSlotElement>('slot[name="qr"]');
    expect(slot?.assignedElements().map((element) => element.getAttribute('alt'))).to.deep.equal(['二维码']);
    // A slot with content does not render its fallback: the placeholder takes no room.
    expect(placeholder(login)?.getClientRects().length).to.equal(0);
    expect(caption(login)).to.equal(TEXTS['zh-CN'].caption);
  });

  it('has no axe violations with the placeholder showing', async () => {
    const login = await mount(html`<ph-login no-auto-start qr></ph-login>`);
    await expect(login).to.be.accessible();
  });
});
