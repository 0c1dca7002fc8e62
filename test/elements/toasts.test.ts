import { expect } from '@open-wc/testing';
import { core, loadElements } from './bundles';
import { waitUntil } from './wait';

await loadElements('ph-modal');

function toasts(): HTMLElement[] {
  const host = document.querySelector('ph-toast-host');
  return [...(host?.shadowRoot?.querySelectorAll<HTMLElement>('.toast') ?? [])];
}

describe('notification toasts', () => {
  afterEach(async () => {
    for (const notice of core.$notices.get()) core.dismiss(notice.id);
    await waitUntil(() => toasts().length === 0, 'toasts left from the test before');
  });

  it('has exactly one toast host on the page, added by the first element module', () => {
    expect(document.querySelectorAll('ph-toast-host').length).to.equal(1);
  });

  it('shows a message as text, never as HTML', async () => {
    const hostile = '<img src=x onerror="window.__toastPwned=1"><b>bold</b>';
    core.notify('error', hostile);
    await waitUntil(() => toasts().length === 1);
    const toast = toasts()[0]!;
    expect(toast.querySelector('.message')?.textContent).to.equal(hostile);
    expect(toast.querySelector('img, b')).to.equal(null);
    expect((window as unknown as { __toastPwned?: number }).__toastPwned).to.equal(undefined);
  });

  // When a notice closes (after 2000 ms by default) is core's, tested on fake timers (test/core/notify): here the toast
  // leaves the page with its notice.
  it('leaves the page when its notice closes', async () => {
    const notice = core.notify('info', 'short-lived', 0);
    await waitUntil(() => toasts().length === 1);
    core.dismiss(notice.id);
    await waitUntil(() => toasts().length === 0, 'the toast stayed after its notice closed');
  });

  it('stacks several with 16 px gaps', async () => {
    core.notify('success', 'first', 0);
    core.notify('warning', 'second', 0);
    core.notify('info', 'third', 0);
    await waitUntil(() => toasts().length === 3);
    const [a, b, c] = toasts().map((toast) => toast.getBoundingClientRect());
    expect(b!.top - a!.bottom).to.be.closeTo(16, 0.5);
    expect(c!.top - b!.bottom).to.be.closeTo(16, 0.5);
  });

  it('marks each kind, announcing errors and warnings as alerts', async () => {
    for (const kind of ['success', 'warning', 'error', 'info'] as const) core.notify(kind, kind, 0);
    await waitUntil(() => toasts().length === 4);
    const roles = Object.fromEntries(
      toasts().map((toast) => [toast.className.split(' ')[1], toast.getAttribute('role')]),
    );
    expect(roles).to.deep.equal({ success: 'status', warning: 'alert', error: 'alert', info: 'status' });
  });

  it('closes at once from its close button, labelled in the current language', async () => {
    core.$language.set('en');
    core.notify('info', 'dismiss me', 0);
    await waitUntil(() => toasts().length === 1);
    const button = toasts()[0]!.querySelector('button')!;
    expect(button.getAttribute('aria-label')).to.equal('Dismiss notification');
    button.click();
    await waitUntil(() => toasts().length === 0);
    core.$language.set('zh-CN');
  });
});
