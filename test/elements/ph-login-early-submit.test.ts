import { expect } from '@open-wc/testing';
import { EARLY_SUBMIT_SCRIPT, takeEarlyPlatform, takeEarlySubmit } from '../../src/elements/ph-login/early-submit';

// The inline script ph-widgets/server sends after <ph-login>'s markup, on its own: it holds a submit until the
// element takes it. The whole path (markup, press, hydration, sign-in) is in test/e2e/login-prerender.test.ts.

/** A host with a shadow root holding a form, as the server's markup gives it, and the script run as its child. */
function serverMarkup(withScript: boolean) {
  const host = document.createElement('div');
  document.body.append(host);
  const root = host.attachShadow({ mode: 'open' });
  root.innerHTML =
    '<form><input name="username"><button type="submit" aria-busy="false">登录</button></form>' +
    '<ul><li><a class="platform" part="platform" href="/sso">SSO</a></li>' +
    '<li><button type="button" part="platform" aria-label="企业微信"><img alt=""></button></li>' +
    '<li><button type="button" part="platform" aria-label="微信"><img alt=""></button></li></ul>';
  if (withScript) {
    const script = document.createElement('script');
    script.textContent = EARLY_SUBMIT_SCRIPT;
    host.append(script);
  }
  const form = root.querySelector('form') as HTMLFormElement;
  const button = root.querySelector('button') as HTMLButtonElement;
  // Whether the script held each submit; this listener (after the script's) stops any that got through.
  const held: boolean[] = [];
  root.addEventListener('submit', (event) => {
    held.push(event.defaultPrevented);
    event.preventDefault();
  });
  return { host, form, button, held };
}

describe('the early-submit script of the server markup', () => {
  afterEach(() => {
    document.body.replaceChildren();
  });

  it('holds a submit (no native submission), marks the button busy, and hands the press over once', () => {
    const { host, form, button, held } = serverMarkup(true);
    expect(takeEarlySubmit(host), 'nothing pressed yet').to.equal(false);

    const again = serverMarkup(true);
    again.form.requestSubmit();
    expect(again.held).to.deep.equal([true]);
    expect(again.button.getAttribute('aria-busy')).to.equal('true');
    expect(takeEarlySubmit(again.host)).to.equal(true);
    expect(again.button.getAttribute('aria-busy'), 'as the server rendered it').to.equal('false');
    expect(takeEarlySubmit(again.host), 'taken already').to.equal(false);

    // Taken, the script no longer holds: the element's own handler does.
    again.form.requestSubmit();
    expect(again.held).to.deep.equal([true, false]);
    form.requestSubmit();
    expect(held).to.deep.equal([false]);
    expect(button.getAttribute('aria-busy')).to.equal('false');
  });

  it('holds a press on a third-party sign-in button (the last one pressed), marks it busy, and hands it over once', () => {
    expect(takeEarlyPlatform(serverMarkup(true).host), 'nothing pressed yet').to.equal(-1);

    const again = serverMarkup(true);
    const buttons = [...(again.host.shadowRoot?.querySelectorAll('button[part~="platform"]') ?? [])] as HTMLElement[];
    buttons[0]?.querySelector('img')?.click();
    expect(buttons[0]?.getAttribute('aria-busy')).to.equal('true');
    buttons[1]?.click();
    expect(buttons.map((button) => button.getAttribute('aria-busy'))).to.deep.equal([null, 'true']);
    // Its index among the buttons (a platform with a url is a link, not counted).
    expect(takeEarlyPlatform(again.host)).to.equal(1);
    expect(buttons.map((button) => button.getAttribute('aria-busy'))).to.deep.equal([null, null]);
    expect(takeEarlyPlatform(again.host), 'taken already').to.equal(-1);
    buttons[0]?.click();
    expect(buttons[0]?.getAttribute('aria-busy'), 'the component handles presses now').to.equal(null);
    // A press on a platform is not a sign-in with the form.
    const third = serverMarkup(true);
    const wechat = third.host.shadowRoot?.querySelector<HTMLElement>('button[aria-label="微信"]');
    wechat?.click();
    expect(third.held).to.deep.equal([]);
    expect(takeEarlySubmit(third.host)).to.equal(false);
    expect(takeEarlyPlatform(third.host)).to.equal(1);
  });

  it('leaves markup without the script alone', () => {
    const { host, form, held } = serverMarkup(false);
    form.requestSubmit();
    expect(held).to.deep.equal([false]);
    expect(takeEarlySubmit(host)).to.equal(false);
    expect(takeEarlySubmit(null)).to.equal(false);
    expect(takeEarlyPlatform(host)).to.equal(-1);
    expect(takeEarlyPlatform(null)).to.equal(-1);
  });
});
