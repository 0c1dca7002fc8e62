import { fixture, html } from '@open-wc/testing';
import type { TemplateResult } from 'lit';
import { core } from './bundles';
import { api, freshPage, PASSWORD } from './login-helpers';
import { waitUntil } from './wait';

export type HeaderElement = HTMLElementTagNameMap['ph-header'];

/** A legacy module page (notice, pc_…_tm unless `pathId` says spm) signed in as `loginName` on the reference server. */
export async function signedInPage(loginName: string, appCode = 'notice', pathId: 'tm' | 'spm' = 'tm') {
  return signedInAt(loginName, `/pages/${appCode}/pc_${appCode}_${pathId}/index.html`, appCode, appCode);
}

/** Any page, by its path and phinit's codes, signed in as `loginName` on the reference server. */
export async function signedInAt(loginName: string, path: string, code: string, appCode: string) {
  const location = await freshPage(path);
  await api('/api/uaa/oauth/login', { username: loginName, password: PASSWORD });
  core.phinit({ code, appCode, env: 'production', device: 'pc', languagePack: {} });
  return location;
}

/**
 * Mounts the header and waits until it shows the signed-in bar with its icon row complete: until the linked accounts
 * are known the row is not painted (issue 69), so its buttons cannot take focus yet.
 */
export async function mountHeader(template: TemplateResult = html`<ph-header></ph-header>`): Promise<HeaderElement> {
  const header = await fixture<HeaderElement>(template);
  await waitUntil(
    () => header.shadowRoot?.querySelector('[part~="bar"][data-actions="known"]'),
    'the header bar did not render',
  );
  return header;
}

export function root(element: HTMLElement): ShadowRoot {
  if (!element.shadowRoot) throw new Error('no shadow root');
  return element.shadowRoot;
}

/** The control whose accessible name (aria-label or text) is `name`, inside the element's shadow root. */
export function control(element: HTMLElement, name: string | RegExp): HTMLElement {
  const found = findControl(element, name);
  if (!found) throw new Error(`no control named ${name}`);
  return found;
}

export function findControl(element: HTMLElement, name: string | RegExp): HTMLElement | undefined {
  const nodes = root(element).querySelectorAll<HTMLElement>('button, a, [role^="menuitem"]');
  return [...nodes].find((node) => {
    const label = node.getAttribute('aria-label') ?? node.textContent?.trim() ?? '';
    return typeof name === 'string' ? label === name : name.test(label);
  });
}

/** The open dialog whose heading is `heading`. */
export function dialog(element: HTMLElement, heading: string): HTMLElement | undefined {
  return [...root(element).querySelectorAll<HTMLElement>('[role="dialog"]')].find(
    (node) => node.querySelector('[part~="title"]')?.textContent?.trim() === heading,
  );
}

export async function unreadOnServer(): Promise<{ message: number; todo: number }> {
  const answer = await api<{ data: { message: number; todo: number } }>('/api/base/desktop/unhandlecount');
  return answer.data;
}
