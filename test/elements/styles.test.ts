import { expect, fixture, html } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import { core, loadElements } from './bundles';
import { freshPage, type LoginElement, shadow } from './login-helpers';
import { type ModalElement, part, waitShown } from './modal-helpers';
import { waitUntil } from './wait';

await loadElements('ph-modal', 'ph-login');

// Element styles are constructable stylesheets adopted by each shadow root (src/elements/common/styles.ts), with
// core's constants (primary colour, layout breakpoints) as their one source.

const ruleText = (sheet: CSSStyleSheet) => [...sheet.cssRules].map((rule) => rule.cssText).join('\n');
const isTokens = (sheet: CSSStyleSheet) => ruleText(sheet).includes('--ph-focus-ring:');

/** Every place a shadow root carries CSS: <style> elements and adopted stylesheets. */
function stylesOf(root: ShadowRoot) {
  return { styleElements: root.querySelectorAll('style').length, adopted: [...root.adoptedStyleSheets] };
}

describe('element stylesheets', () => {
  beforeEach(async () => {
    await setViewport({ width: 1200, height: 800 });
    await freshPage('/login');
  });

  it('gives a dialog-mode login the tokens once, adopted, with no <style> element', async () => {
    const login = await fixture<LoginElement>(html`<ph-login mode="dialog" open></ph-login>`);
    await waitUntil(() => shadow(login).querySelector('form'), 'the login dialog did not render');
    const { styleElements, adopted } = stylesOf(shadow(login));
    expect(styleElements).to.equal(0);
    expect(adopted.filter(isTokens).length).to.equal(1);
    // Tokens first, then the dialog's rules, then the login's (which follow the dialog's, as they always did).
    const order = adopted.map((sheet) =>
      isTokens(sheet) ? 'tokens' : ruleText(sheet).includes('.mask') ? 'modal' : 'login',
    );
    expect(order).to.deep.equal(['tokens', 'modal', 'login']);
  });

  it('shares one CSSStyleSheet object per stylesheet between elements', async () => {
    const wrapper = await fixture<HTMLDivElement>(
      html`<div><ph-modal open heading="A">1</ph-modal><ph-modal open heading="B">2</ph-modal></div>`,
    );
    const [first, second] = [...wrapper.querySelectorAll('ph-modal')] as ModalElement[];
    await waitShown(first!);
    await waitShown(second!);
    const login = await fixture<LoginElement>(html`<ph-login no-auto-start></ph-login>`);
    await waitUntil(() => shadow(login).querySelector('form'), 'the login form did not render');

    const sheets = [first, second, login].map((element) => shadow(element!).adoptedStyleSheets);
    expect(sheets[0]).to.have.length(2);
    expect(sheets[1]![0]).to.equal(sheets[0]![0]);
    expect(sheets[1]![1]).to.equal(sheets[0]![1]);
    expect(sheets[2]![0], 'the login adopts the same tokens object').to.equal(sheets[0]![0]);
    expect(shadow(first!).querySelectorAll('style').length).to.equal(0);
  });

  it("declares the primary colour from core's DEFAULT_THEME_COLOR, still overridable by the page", async () => {
    const modal = await fixture<ModalElement>(html`<ph-modal open heading="A">B</ph-modal>`);
    await waitShown(modal);
    const primary = () => getComputedStyle(modal).getPropertyValue('--ph-color-primary').trim();
    expect(primary()).to.equal(core.DEFAULT_THEME_COLOR);
    modal.style.setProperty('--ph-color-primary', '#cc0000');
    expect(primary()).to.equal('#cc0000');
  });

  it("switches to the mobile layout at core's MOBILE_MAX_WIDTH_PX, not a pixel before", async () => {
    const modal = await fixture<ModalElement>(html`<ph-modal open heading="A">B</ph-modal>`);
    await waitShown(modal);
    const mobile = core.MOBILE_MAX_WIDTH_PX;

    await setViewport({ width: mobile, height: 700 });
    await waitUntil(() => part(modal, 'dialog').getBoundingClientRect().width === mobile - 16, 'not full width');
    expect(part(modal, 'close').getBoundingClientRect().height, 'a 44 px hit area on mobile').to.equal(44);

    await setViewport({ width: mobile + 1, height: 700 });
    await waitUntil(() => part(modal, 'close').getBoundingClientRect().height === 32, 'still the mobile hit area');
    expect(part(modal, 'dialog').getBoundingClientRect().width).to.be.closeTo((mobile + 1) * 0.6, 1);
  });
});
