import { expect, html } from '@open-wc/testing';
import { core, loadElements } from './bundles';
import { freshPage, mount, requestsTo, shadow } from './login-helpers';
import { waitUntil } from './wait';

await loadElements('ph-login');

// The QR container of <ph-login qr> (spec §2, §7's chat-login script; issue 56 item 11, issue 69): phinit's `qrLogin`
// names the script, which draws the code into the `qr` slot. Where none will come (no script set, or it does not
// load) the box says so, with an icon, rather than promising a code or showing an empty dashed square. The script
// here is the repository's own stand-in of WeCom's wwLogin (demo/site/shared/wwlogin-standin.js), served by the
// test runner; the unit's corp id comes from the reference server (GET social/qy_info).

const STAND_IN = '/demo/site/shared/wwlogin-standin.js';

const TEXTS = {
  'zh-CN': { unavailable: '本页暂不提供企业微信扫码登录', caption: '用企业微信扫码登录' },
  en: { unavailable: 'WeCom QR sign-in is not offered here', caption: 'Scan with WeCom to sign in' },
  'zh-HK': { unavailable: '本頁暫不提供企業微信掃碼登入', caption: '用企業微信掃碼登入' },
} as const;

const placeholder = (login: HTMLElement) => shadow(login).querySelector<HTMLElement>('[part~="qr-placeholder"]');
const caption = (login: HTMLElement) => shadow(login).querySelector('[part~="qr"] figcaption')?.textContent;

describe('ph-login QR container', () => {
  beforeEach(async () => {
    await freshPage('/login');
  });

  for (const language of ['zh-CN', 'en', 'zh-HK'] as const) {
    it(`says, with an icon, that QR sign-in is not offered where no script is set, in ${language}`, async () => {
      core.$language.set(language);
      const login = await mount(html`<ph-login no-auto-start qr></ph-login>`);
      await waitUntil(() => placeholder(login)?.textContent === TEXTS[language].unavailable, 'no placeholder text');
      expect(placeholder(login)?.querySelector('svg')?.getAttribute('aria-hidden')).to.equal('true');
      expect(placeholder(login)?.getClientRects().length).to.be.greaterThan(0);
      expect(caption(login)).to.equal(TEXTS[language].caption);
    });
  }

  it("loads the script phinit's qrLogin names, which draws the unit's code leading back to this page", async () => {
    const location = await freshPage('/login?redirect_uri=%2Fdesktop&code=old&state=qy', {
      qrLogin: { script: STAND_IN, agentId: '1000002' },
    });
    const login = await mount(html`<ph-login no-auto-start qr></ph-login>`);
    await waitUntil(() => login.querySelector('[slot=qr] a[data-ww-login]'), 'the stand-in script drew no code');
    const link = new URL(login.querySelector<HTMLAnchorElement>('[slot=qr] a')!.href);
    expect(link.pathname).to.equal('/sso/social/authorize');
    expect(link.searchParams.get('appid')).to.equal('ww-demo-corp-0001');
    expect(link.searchParams.get('state')).to.equal('qy');
    // Back to the login page as it was asked for, without the code and state of an earlier round trip.
    const back = new URL(location.href());
    back.search = '?redirect_uri=%2Fdesktop';
    expect(link.searchParams.get('redirect_uri')).to.equal(back.href);
    expect(login.querySelector('[slot=qr] a')?.getAttribute('data-ww-login')).to.equal('1000002');
    expect(placeholder(login)?.getClientRects().length).to.equal(0);
    expect(requestsTo('/api/uaa/social/qy_info')).to.have.length(1);
    // Drawn again in another language (WeCom's frame speaks zh or en); one box, never two.
    core.$language.set('en');
    await waitUntil(() => login.querySelector('[slot=qr] a')?.getAttribute('aria-label')?.startsWith('WeCom'), 'en');
    expect(login.querySelectorAll('[slot=qr]')).to.have.length(1);
  });

  it('says QR sign-in is not offered when the script does not load', async () => {
    await freshPage('/login', { qrLogin: { script: '/demo/site/shared/no-such-script.js' } });
    const login = await mount(html`<ph-login no-auto-start qr></ph-login>`);
    await waitUntil(() => placeholder(login)?.textContent === TEXTS['zh-CN'].unavailable, 'no unavailable text');
    expect(login.querySelector('[slot=qr]')).to.equal(null);
  });

  it("gives way to the QR code a page's own script renders into the qr slot", async () => {
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
