import { expect, fixture, html, nextFrame, oneEvent } from '@open-wc/testing';
import { sendKeys, sendMouse, setViewport } from '@web/test-runner-commands';
import { core, loadElements } from './bundles';
import {
  afterListeners,
  isShown,
  type ModalElement,
  part,
  rectOf,
  waitFadedIn,
  waitHidden,
  waitShown,
  zIndexOf,
} from './modal-helpers';
import { waitUntil } from './wait';

await loadElements('ph-modal');

const VIEWPORT = { width: 1200, height: 800 };

/** The mask's fade-out, once it has started. */
async function runningFade(mask: HTMLElement): Promise<Animation> {
  await new Promise((started) => mask.addEventListener('transitionrun', started, { once: true }));
  return mask.getAnimations()[0] as Animation;
}

/**
 * Closes a dialog that shows, fading out over `fade`; resolves with the fade once it runs. The shown state is styled
 * first (reading the computed opacity styles it), or on a busy machine the close may come before any frame styled it,
 * and nothing would fade.
 */
async function closeWithFade(modal: ModalElement, fade: string): Promise<Animation> {
  const mask = part(modal, 'mask');
  expect(getComputedStyle(mask).opacity).to.equal('1');
  modal.style.setProperty('--ph-modal-fade', fade);
  const fadeOut = runningFade(mask);
  modal.open = false;
  return fadeOut;
}

async function openModal(modal: ModalElement): Promise<void> {
  modal.open = true;
  await waitShown(modal);
}

describe('ph-modal', () => {
  beforeEach(async () => {
    await setViewport(VIEWPORT);
    core.$language.set('zh-CN');
  });

  afterEach(async () => {
    // Close what a test left open so that the page-wide stack starts empty.
    const modals = [...document.querySelectorAll<HTMLElement>('ph-modal')];
    for (const modal of modals) modal.removeAttribute('open');
    await waitUntil(() => !modals.some(isShown), 'a modal was still shown after the test');
  });

  describe('open and close', () => {
    it('shows with the open attribute, hides when it is removed, and the property reflects it', async () => {
      const modal = await fixture<ModalElement>(html`<ph-modal heading="标题">内容</ph-modal>`);
      expect(isShown(modal)).to.equal(false);

      modal.setAttribute('open', '');
      await waitShown(modal);
      expect(modal.open).to.equal(true);

      modal.removeAttribute('open');
      await waitHidden(modal);
      expect(modal.open).to.equal(false);

      modal.open = true;
      expect(modal.hasAttribute('open')).to.equal(true);
      await waitShown(modal);
      modal.open = false;
      expect(modal.hasAttribute('open')).to.equal(false);
      await waitHidden(modal);
    });

    it('is open when the page markup says so', async () => {
      const modal = await fixture<ModalElement>(html`<ph-modal open heading="Hi">Body</ph-modal>`);
      await waitShown(modal);
      expect(part(modal, 'title').textContent).to.equal('Hi');
    });

    it('dispatches ph-modal-open on opening and ph-modal-close with the reason on closing', async () => {
      const modal = await fixture<ModalElement>(html`<ph-modal heading="A">Body</ph-modal>`);
      const opened = oneEvent(modal, 'ph-modal-open');
      modal.open = true;
      const openEvent = await opened;
      expect(openEvent.bubbles && openEvent.composed).to.equal(true);
      await waitShown(modal);

      const closed = oneEvent(modal, 'ph-modal-close');
      part(modal, 'close').click();
      const closeEvent = (await closed) as CustomEvent<{ reason: string }>;
      expect(closeEvent.detail.reason).to.equal('close-button');
      expect(closeEvent.bubbles && closeEvent.composed).to.equal(true);
      expect(modal.hasAttribute('open')).to.equal(false);
    });

    it('reports a close by the page as reason "api"', async () => {
      const modal = await fixture<ModalElement>(html`<ph-modal open heading="A">Body</ph-modal>`);
      await waitShown(modal);
      const closed = oneEvent(modal, 'ph-modal-close');
      modal.open = false;
      expect(((await closed) as CustomEvent<{ reason: string }>).detail.reason).to.equal('api');
    });

    it('fades in and out over 200 ms, and leaves the DOM when its fade-out has finished', async () => {
      // The test page turns fades off (web-test-runner.config.mjs); `initial` gives this dialog the default back.
      const modal = await fixture<ModalElement>(
        html`<ph-modal open heading="A" style="--ph-modal-fade: initial">Body</ph-modal>`,
      );
      await waitFadedIn(modal);
      const mask = part(modal, 'mask');
      expect(getComputedStyle(mask).transitionDuration).to.equal('0.2s');
      // Where the dialog is when its fade-out ends: still there (it leaves once the fade has finished).
      const shownAtEnd = new Promise<boolean>((ended) =>
        mask.addEventListener('transitionend', () => ended(isShown(modal)), { once: true }),
      );
      modal.open = false;
      expect(await shownAtEnd, 'left before its fade-out ended').to.equal(true);
      await waitUntil(() => !isShown(modal), 'still shown after its fade-out');
    });

    it('stays for the whole of a longer fade that the page sets', async () => {
      const modal = await fixture<ModalElement>(html`<ph-modal open heading="A">Body</ph-modal>`);
      await waitShown(modal);
      // Far longer than the test: the fade is still running whenever the test looks.
      const fadeOut = await closeWithFade(modal, '10s');
      // Twice the default: a dialog that left after a fixed 200 ms would be gone by now.
      await waitUntil(
        () => Number(fadeOut.currentTime) >= 400 || !isShown(modal),
        'the fade-out did not get to 400 ms',
      );
      expect(isShown(modal), 'left half-way through its fade').to.equal(true);
      fadeOut.finish();
      await waitUntil(() => !isShown(modal), 'still shown after its fade-out');
    });

    it('shows and leaves without a fade when its fade is 0s (as on the test page)', async () => {
      const modal = await fixture<ModalElement>(html`<ph-modal open heading="A">Body</ph-modal>`);
      await waitShown(modal);
      const mask = part(modal, 'mask');
      expect(getComputedStyle(mask).transitionDuration).to.equal('0s');
      modal.open = false;
      await waitUntil(() => !mask.classList.contains('shown'), 'the fade-out did not start');
      expect(mask.getAnimations()).to.have.length(0);
      await waitUntil(() => !isShown(modal), 'still shown');
    });
  });

  describe('ph-modal-request-close', () => {
    type RequestClose = CustomEvent<{ reason: string }>;

    it('comes first on a close by the user, cancelable and with the reason, then ph-modal-close', async () => {
      const modal = await fixture<ModalElement>(html`<ph-modal open heading="A">Body</ph-modal>`);
      await waitShown(modal);
      const order: string[] = [];
      modal.addEventListener('ph-modal-request-close', () => order.push('request-close'));
      modal.addEventListener('ph-modal-close', () => order.push('close'));
      const requested = oneEvent(modal, 'ph-modal-request-close') as Promise<RequestClose>;
      await sendKeys({ press: 'Escape' });
      const event = await requested;
      expect(event.detail.reason).to.equal('escape');
      expect(event.cancelable && event.bubbles && event.composed).to.equal(true);
      await waitHidden(modal);
      expect(order).to.deep.equal(['request-close', 'close']);
    });

    for (const [reason, close] of [
      ['escape', () => sendKeys({ press: 'Escape' })],
      ['backdrop', () => sendMouse({ type: 'click', position: [10, VIEWPORT.height - 10] })],
      ['close-button', (modal: ModalElement) => part(modal, 'close').click()],
    ] as const) {
      it(`stays open when the page prevents it (${reason})`, async () => {
        const modal = await fixture<ModalElement>(html`<ph-modal open heading="Unsaved">Body</ph-modal>`);
        await waitShown(modal);
        const reasons: string[] = [];
        let closes = 0;
        modal.addEventListener('ph-modal-request-close', (event) => {
          reasons.push(event.detail.reason);
          event.preventDefault();
        });
        modal.addEventListener('ph-modal-close', () => {
          closes += 1;
        });
        await close(modal);
        await waitUntil(() => reasons.length === 1, 'no ph-modal-request-close');
        // The element removes open in the same call that dispatched the event, or not at all.
        expect(reasons).to.deep.equal([reason]);
        expect(modal.open).to.equal(true);
        expect(isShown(modal)).to.equal(true);
        expect(closes).to.equal(0);
        // The next close is the page's own: nothing of the prevented one was still on its way.
        const closed = oneEvent(modal, 'ph-modal-close') as Promise<CustomEvent<{ reason: string }>>;
        modal.open = false;
        expect((await closed).detail.reason).to.equal('api');
        expect(closes).to.equal(1);
      });
    }

    it('is not fired when the page closes it, and a close after a prevented request counts as "api"', async () => {
      const modal = await fixture<ModalElement>(html`<ph-modal open heading="A">Body</ph-modal>`);
      await waitShown(modal);
      let requests = 0;
      modal.addEventListener('ph-modal-request-close', (event) => {
        requests += 1;
        event.preventDefault();
      });
      part(modal, 'close').click();
      expect(requests).to.equal(1);
      const closed = oneEvent(modal, 'ph-modal-close');
      modal.open = false;
      expect(((await closed) as CustomEvent<{ reason: string }>).detail.reason).to.equal('api');
      expect(requests).to.equal(1);
    });
  });

  describe('layout', () => {
    it('defaults to 60 % of the window wide, 15 % from the top, body at most window height minus 180 px', async () => {
      const modal = await fixture<ModalElement>(html`<ph-modal open heading="A">Body</ph-modal>`);
      await waitShown(modal);
      const rect = rectOf(modal);
      expect(rect.width).to.be.closeTo(VIEWPORT.width * 0.6, 1);
      expect(rect.top).to.be.closeTo(VIEWPORT.height * 0.15, 1);
      expect(rect.left + rect.width / 2).to.be.closeTo(VIEWPORT.width / 2, 1);
      expect(getComputedStyle(part(modal, 'body')).maxHeight).to.equal(`${VIEWPORT.height - 180}px`);
    });

    it('takes width and top from attributes', async () => {
      const modal = await fixture<ModalElement>(html`<ph-modal open heading="A" width="400px" top="50px">B</ph-modal>`);
      await waitShown(modal);
      const rect = rectOf(modal);
      expect(rect.width).to.be.closeTo(400, 1);
      expect(rect.top).to.be.closeTo(50, 1);
    });

    it('scrolls a long body inside the dialog', async () => {
      const modal = await fixture<ModalElement>(
        html`<ph-modal open heading="A"><div style="height: 3000px">tall</div></ph-modal>`,
      );
      await waitShown(modal);
      const body = part(modal, 'body');
      expect(body.clientHeight).to.be.at.most(VIEWPORT.height - 180);
      expect(body.scrollHeight).to.be.greaterThan(body.clientHeight);
    });

    it('keeps the footer of a tall dialog on screen, 8 px above the bottom, at any top', async () => {
      for (const top of ['15%', '300px']) {
        const modal = await fixture<ModalElement>(
          html`<ph-modal open heading="A" top=${top}>
            <div style="height: 3000px">tall</div>
            <button slot="footer">OK</button>
          </ph-modal>`,
        );
        await waitShown(modal);
        const footer = part(modal, 'footer').getBoundingClientRect();
        expect(footer.height).to.be.greaterThan(30);
        expect(rectOf(modal).bottom).to.be.closeTo(VIEWPORT.height - 8, 1);
        const body = part(modal, 'body');
        expect(body.scrollHeight).to.be.greaterThan(body.clientHeight);
        modal.removeAttribute('open');
        await waitHidden(modal);
      }
    });
  });

  describe('slots and text', () => {
    it('shows the heading attribute, replaced by a title slot when given', async () => {
      const plain = await fixture<ModalElement>(html`<ph-modal open heading="Plain">B</ph-modal>`);
      await waitShown(plain);
      expect(part(plain, 'title').textContent).to.equal('Plain');

      const slotted = await fixture<ModalElement>(
        html`<ph-modal open heading="Plain"><span slot="title" id="rich">Rich title</span>B</ph-modal>`,
      );
      await waitShown(slotted);
      const titleSlot = part(slotted, 'title').querySelector('slot') as HTMLSlotElement;
      expect(titleSlot.assignedElements()[0]?.id).to.equal('rich');
    });

    it('shows the footer region only when footer content is slotted', async () => {
      const bare = await fixture<ModalElement>(html`<ph-modal open heading="A">Body</ph-modal>`);
      await waitShown(bare);
      expect(part(bare, 'footer').hidden).to.equal(true);

      const withFooter = await fixture<ModalElement>(
        html`<ph-modal heading="A">Body<button slot="footer">OK</button></ph-modal>`,
      );
      await openModal(withFooter);
      await waitUntil(() => !part(withFooter, 'footer').hidden, 'the footer region stays hidden');
    });

    it('renders a heading that looks like HTML as text', async () => {
      const hostile = '<img src=x onerror="window.__pwned=1">';
      const modal = await fixture<ModalElement>(html`<ph-modal open heading=${hostile}>B</ph-modal>`);
      await waitShown(modal);
      expect(part(modal, 'title').textContent).to.equal(hostile);
      expect(part(modal, 'title').querySelector('img')).to.equal(null);
      expect((window as unknown as { __pwned?: number }).__pwned).to.equal(undefined);
    });
  });

  describe('stacking', () => {
    it('gives stacked dialogs z-indexes from 1500 up, one step each, the latest on top', async () => {
      const first = await fixture<ModalElement>(html`<ph-modal heading="One">1</ph-modal>`);
      const second = await fixture<ModalElement>(html`<ph-modal heading="Two">2</ph-modal>`);
      await openModal(first);
      await openModal(second);
      expect(zIndexOf(first)).to.equal(1500);
      expect(zIndexOf(second)).to.equal(1501);

      const middle = document.elementFromPoint(VIEWPORT.width / 2, VIEWPORT.height / 2);
      expect(middle).to.equal(second);
    });

    it('closes only the top dialog on Escape, then the next one', async () => {
      const first = await fixture<ModalElement>(html`<ph-modal heading="One">1</ph-modal>`);
      const second = await fixture<ModalElement>(html`<ph-modal heading="Two">2</ph-modal>`);
      await openModal(first);
      await openModal(second);

      const closed = oneEvent(second, 'ph-modal-close');
      await sendKeys({ press: 'Escape' });
      expect(((await closed) as CustomEvent<{ reason: string }>).detail.reason).to.equal('escape');
      expect(second.open).to.equal(false);
      expect(first.open).to.equal(true);

      await waitHidden(second);
      await sendKeys({ press: 'Escape' });
      await waitHidden(first);
      expect(first.open).to.equal(false);
    });

    it('keeps a top dialog with no-escape-close open, and does not let Escape reach the dialog below', async () => {
      const first = await fixture<ModalElement>(html`<ph-modal heading="One">1</ph-modal>`);
      const second = await fixture<ModalElement>(html`<ph-modal heading="Two" no-escape-close>2</ph-modal>`);
      await openModal(first);
      await openModal(second);

      const escapeHandled = afterListeners(window, 'keydown');
      await sendKeys({ press: 'Escape' });
      await escapeHandled;
      expect(second.open).to.equal(true);
      expect(first.open).to.equal(true);
    });

    it('closes the top dialog on a backdrop click, not on a click inside it', async () => {
      const first = await fixture<ModalElement>(html`<ph-modal heading="One" width="300px">1</ph-modal>`);
      const second = await fixture<ModalElement>(html`<ph-modal heading="Two" width="300px">2</ph-modal>`);
      await openModal(first);
      await openModal(second);

      const inside = rectOf(second);
      const insideHandled = afterListeners(window, 'click');
      await sendMouse({ type: 'click', position: [Math.round(inside.left + 20), Math.round(inside.bottom - 10)] });
      await insideHandled;
      expect(second.open).to.equal(true);

      const closed = oneEvent(second, 'ph-modal-close');
      await sendMouse({ type: 'click', position: [10, VIEWPORT.height - 10] });
      expect(((await closed) as CustomEvent<{ reason: string }>).detail.reason).to.equal('backdrop');
      expect(first.open).to.equal(true);
    });

    it('ignores backdrop clicks with no-backdrop-close', async () => {
      const modal = await fixture<ModalElement>(html`<ph-modal heading="One" no-backdrop-close>1</ph-modal>`);
      await openModal(modal);
      const clickHandled = afterListeners(window, 'click');
      await sendMouse({ type: 'click', position: [10, VIEWPORT.height - 10] });
      await clickHandled;
      expect(modal.open).to.equal(true);
    });
  });

  describe('close button and language', () => {
    it('labels the close button in the current language and follows a language change live', async () => {
      const modal = await fixture<ModalElement>(html`<ph-modal open heading="A">B</ph-modal>`);
      await waitShown(modal);
      const close = () => part(modal, 'close');
      expect(close().getAttribute('aria-label')).to.equal('关闭');
      core.$language.set('en');
      await waitUntil(() => close().getAttribute('aria-label') === 'Close', 'not labelled in English');
      core.$language.set('zh-HK');
      await waitUntil(() => close().getAttribute('aria-label') === '關閉', 'not labelled in traditional Chinese');
    });
  });

  describe('accessibility', () => {
    it('has no axe violations with two stacked dialogs open', async () => {
      const wrapper = await fixture<HTMLDivElement>(
        html`<main>
          <ph-modal heading="一" id="a"><label>姓名 <input /></label><button slot="footer">确定</button></ph-modal>
          <ph-modal heading="二" id="b">正文</ph-modal>
        </main>`,
      );
      const [first, second] = [...wrapper.querySelectorAll<ModalElement>('ph-modal')] as [ModalElement, ModalElement];
      first.open = true;
      second.open = true;
      await waitFadedIn(first);
      await waitFadedIn(second);
      await expect(wrapper).to.be.accessible();
    });

    it('is a modal dialog named by its heading', async () => {
      const modal = await fixture<ModalElement>(html`<ph-modal open heading="通知">B</ph-modal>`);
      await waitShown(modal);
      const dialog = part(modal, 'dialog');
      expect(dialog.getAttribute('role')).to.equal('dialog');
      expect(dialog.getAttribute('aria-modal')).to.equal('true');
      const title = modal.shadowRoot?.getElementById(dialog.getAttribute('aria-labelledby')!);
      expect(title?.textContent).to.equal('通知');
    });
  });

  describe('focus', () => {
    it('moves focus into the dialog and back to the opener when it closes', async () => {
      const wrapper = await fixture<HTMLDivElement>(
        html`<div><button id="opener">open</button><ph-modal heading="A"><input id="field" /></ph-modal></div>`,
      );
      const opener = wrapper.querySelector<HTMLButtonElement>('#opener')!;
      const modal = wrapper.querySelector('ph-modal')!;
      opener.addEventListener('click', () => {
        modal.open = true;
      });
      opener.focus();
      opener.click();
      await waitShown(modal);
      expect(modal.shadowRoot?.activeElement).to.equal(part(modal, 'dialog'));

      await sendKeys({ press: 'Escape' });
      await waitHidden(modal);
      expect(document.activeElement).to.equal(opener);
    });

    it('returns focus to the first opener also when reopened while still fading out', async () => {
      const wrapper = await fixture<HTMLDivElement>(
        html`<div><button id="opener">open</button><ph-modal heading="A">B</ph-modal></div>`,
      );
      const opener = wrapper.querySelector<HTMLButtonElement>('#opener')!;
      const modal = wrapper.querySelector('ph-modal')!;
      opener.focus();
      await openModal(modal);
      // A fade-out far longer than the test: it is still running when the dialog opens again.
      await closeWithFade(modal, '10s');
      modal.open = true;
      await waitShown(modal);
      modal.style.setProperty('--ph-modal-fade', '0s');
      await sendKeys({ press: 'Escape' });
      await waitHidden(modal);
      expect(document.activeElement).to.equal(opener);
    });

    it('returns focus to the opener also when opened before its first render', async () => {
      const opener = await fixture<HTMLButtonElement>(html`<button>open</button>`);
      opener.focus();
      const modal = document.createElement('ph-modal');
      modal.heading = 'A';
      // In the same task as connecting it: React mounts the dialog already open.
      opener.after(modal);
      modal.open = true;
      await waitShown(modal);
      await sendKeys({ press: 'Escape' });
      await waitHidden(modal);
      // Compared as booleans: a failing comparison of elements cannot be reported by the runner (it hangs).
      expect(document.activeElement === opener, `focus on ${document.activeElement?.tagName}`).to.equal(true);
      modal.remove();
    });

    it('lets Tab reach every control and keeps it inside the dialog, both ways', async () => {
      const wrapper = await fixture<HTMLDivElement>(
        html`<div>
          <button id="outside">outside</button>
          <ph-modal heading="A"><input id="field" /><button id="ok" slot="footer">OK</button></ph-modal>
        </div>`,
      );
      const modal = wrapper.querySelector('ph-modal')!;
      await openModal(modal);
      const close = part(modal, 'close');
      const focused = () =>
        document.activeElement === modal ? modal.shadowRoot?.activeElement : document.activeElement;

      const forward = [];
      for (let i = 0; i < 4; i += 1) {
        await sendKeys({ press: 'Tab' });
        forward.push(focused());
      }
      expect(forward).to.deep.equal([close, wrapper.querySelector('#field'), wrapper.querySelector('#ok'), close]);

      await sendKeys({ down: 'Shift' });
      await sendKeys({ press: 'Tab' });
      await sendKeys({ up: 'Shift' });
      expect(focused(), 'Shift+Tab before the first control wraps to the last').to.equal(wrapper.querySelector('#ok'));
    });
  });

  describe('dragging', () => {
    async function dragHeader(modal: ModalElement, dx: number, dy: number): Promise<void> {
      const header = part(modal, 'header').getBoundingClientRect();
      const from: [number, number] = [Math.round(header.left + 40), Math.round(header.top + header.height / 2)];
      await sendMouse({ type: 'move', position: from });
      await sendMouse({ type: 'down' });
      await sendMouse({ type: 'move', position: [from[0] + dx / 2, from[1] + dy / 2] });
      await sendMouse({ type: 'move', position: [from[0] + dx, from[1] + dy] });
      await sendMouse({ type: 'up' });
    }

    /** Waits until the dialog's box satisfies `placed` (it follows the pointer in a render after the events). */
    async function waitPlaced(modal: ModalElement, placed: (rect: DOMRect) => boolean, what: string): Promise<void> {
      await waitUntil(() => placed(rectOf(modal)), `not ${what}: ${JSON.stringify(rectOf(modal))}`);
    }

    it('moves with its header', async () => {
      const modal = await fixture<ModalElement>(html`<ph-modal heading="Drag me" width="400px">B</ph-modal>`);
      await openModal(modal);
      const before = rectOf(modal);
      await dragHeader(modal, -100, 60);
      await waitPlaced(modal, (rect) => rect.left < before.left - 98, 'moved left');
      const after = rectOf(modal);
      expect(after.left).to.be.closeTo(before.left - 100, 2);
      expect(after.top).to.be.closeTo(before.top + 60, 2);
    });

    it('stays inside the window however far it is dragged', async () => {
      const modal = await fixture<ModalElement>(html`<ph-modal heading="Drag me" width="400px">B</ph-modal>`);
      await openModal(modal);
      await dragHeader(modal, 2000, 2000);
      await waitPlaced(modal, (rect) => rect.right > VIEWPORT.width - 2, 'at the right edge');
      let rect = rectOf(modal);
      expect(rect.right).to.be.closeTo(VIEWPORT.width, 2);
      expect(rect.bottom).to.be.closeTo(VIEWPORT.height, 2);

      await dragHeader(modal, -3000, -3000);
      await waitPlaced(modal, (rect) => rect.left < 1, 'at the left edge');
      rect = rectOf(modal);
      expect(rect.left).to.be.closeTo(0, 1);
      expect(rect.top).to.be.closeTo(0, 1);
    });

    it('is pulled back inside when the window shrinks', async () => {
      const modal = await fixture<ModalElement>(html`<ph-modal heading="Drag me" width="400px">B</ph-modal>`);
      await openModal(modal);
      await dragHeader(modal, 2000, 2000);
      await waitPlaced(modal, (rect) => rect.right > VIEWPORT.width - 2, 'at the right edge');
      await setViewport({ width: 900, height: 600 });
      await waitPlaced(modal, (rect) => rect.right <= 900 + 1 && rect.bottom <= 600 + 1, 'back inside 900 × 600');
    });

    it('does not move with no-drag', async () => {
      const modal = await fixture<ModalElement>(html`<ph-modal heading="Fixed" width="400px" no-drag>B</ph-modal>`);
      await openModal(modal);
      const before = rectOf(modal);
      await dragHeader(modal, 150, 100);
      // A move would render in a task queued by the pointer events, which runs before the second frame after them.
      await nextFrame();
      await nextFrame();
      const after = rectOf(modal);
      expect(after.left).to.be.closeTo(before.left, 1);
      expect(after.top).to.be.closeTo(before.top, 1);
    });
  });
});
