import { fixture, html } from '@open-wc/testing';
import { core } from './bundles';
import { waitUntil } from './wait';

export type LoginElement = HTMLElementTagNameMap['ph-login'];

export const PASSWORD = 'Demo@2026';

/** Every request the page made, newest last (the reference server answers them for real). */
export const requests: { method: string; url: URL; body: string }[] = [];
const realFetch = window.fetch.bind(window);
const held = new Map<string, Promise<void>>();
window.fetch = async (input, init) => {
  const request = new Request(input, init);
  const url = new URL(request.url);
  requests.push({ method: request.method, url, body: await request.clone().text() });
  await held.get(url.pathname);
  return realFetch(input, init);
};

/** Holds the page's calls to `path` until the returned function is called: a server still thinking, on purpose. */
export function holdRequestsTo(path: string): () => void {
  let release = () => {};
  held.set(path, new Promise<void>((resolve) => (release = resolve)));
  return () => {
    held.delete(path);
    release();
  };
}

export function requestsTo(path: string): { method: string; url: URL; body: string }[] {
  return requests.filter((entry) => entry.url.pathname === path);
}

/** A call to the reference server outside the widgets (setting up a test). */
export async function api<T = unknown>(path: string, body?: Record<string, unknown>): Promise<T> {
  const answer = await realFetch(path, {
    method: body ? 'POST' : 'GET',
    credentials: 'include',
    headers: { 'X-PH-Device': 'pc', ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await answer.json()) as T;
}

/**
 * A fresh page state: signed out on the server (cookies cleared), stored preferences and stores reset, the page
 * configured like the login page, and navigation recorded instead of followed.
 */
export async function freshPage(path = '/login', options: Partial<Parameters<typeof core.phinit>[0]> = {}) {
  await api('/api/uaa/oauth/logout', {});
  localStorage.clear();
  sessionStorage.clear();
  core.forgetCredentials();
  core.$autoLogin.set(false);
  core.$autoLoginCount.set(0);
  core.$loggedOut.set(undefined);
  core.$storedUser.set(null);
  core.resetSession();
  core.$loginStatus.set('unknown');
  core.$loginPrompt.set(null);
  core.$language.set('zh-CN');
  for (const notice of core.$notices.get()) core.dismiss(notice.id);
  requests.length = 0;
  const location = core.memoryLocation(new URL(path, window.location.origin).href);
  core.setLocationAdapter(location);
  core.phinit({
    code: 'login',
    appCode: 'base',
    env: 'production',
    device: 'pc',
    languagePack: {},
    loginTickitConifg: { apipath: '/api/sso/ticket/login' },
    ...options,
  });
  return location;
}

const SIGNED_IN_NAME = '[part~="signed-in-name"]';

/**
 * Mounts a <ph-login> and waits for what React renders after the element connects: an inline element's form (a
 * dialog's comes when it opens), or with `'signed-in'`, for a session the page already has, the signed-in state (the
 * session check may end before a form is ever seen, and then none comes).
 */
export async function mount(
  template: Parameters<typeof fixture>[0] = html`<ph-login no-auto-start></ph-login>`,
  awaiting: 'form' | 'signed-in' = 'form',
): Promise<LoginElement> {
  const element = await fixture<LoginElement>(template);
  if (awaiting === 'signed-in') {
    await waitUntil(() => element.shadowRoot?.querySelector(SIGNED_IN_NAME), 'the signed-in state never showed');
  } else if (element.getAttribute('mode') !== 'dialog') {
    await waitUntil(() => element.shadowRoot?.querySelector('form'), 'the login form did not render');
  }
  return element;
}

/** The signed-in state's line ("已登录：…"), once shown. */
export async function signedInLine(login: LoginElement): Promise<string> {
  await waitUntil(() => login.shadowRoot?.querySelector(SIGNED_IN_NAME), 'the signed-in state never showed');
  return login.shadowRoot?.querySelector(SIGNED_IN_NAME)?.textContent ?? '';
}

export function shadow(element: HTMLElement): ShadowRoot {
  if (!element.shadowRoot) throw new Error('no shadow root');
  return element.shadowRoot;
}

/** Whether a <label> says `label` (a condition to wait for: `field` throws until it does). */
export function hasLabel(element: HTMLElement, label: string): boolean {
  return [...shadow(element).querySelectorAll('label')].some((node) => node.textContent?.trim() === label);
}

/** The input whose <label> says `label`. */
export function field(element: HTMLElement, label: string): HTMLInputElement {
  const root = shadow(element);
  const found = [...root.querySelectorAll('label')].find((node) => node.textContent?.trim() === label);
  const input = found?.htmlFor ? root.getElementById(found.htmlFor) : null;
  if (!(input instanceof HTMLInputElement)) throw new Error(`no field labelled "${label}"`);
  return input;
}

/** The error text shown under a field (the element its aria-describedby names), '' when none. */
export function errorUnder(input: HTMLInputElement): string {
  const id = input.getAttribute('aria-describedby');
  return id ? ((input.getRootNode() as ShadowRoot).getElementById(id)?.textContent ?? '') : '';
}

export function button(element: HTMLElement, name: string): HTMLButtonElement {
  const found = [...shadow(element).querySelectorAll('button')].find(
    (node) => (node.getAttribute('aria-label') ?? node.textContent?.trim()) === name,
  );
  if (!found) throw new Error(`no button named "${name}"`);
  return found;
}

export function noticeTexts(): string[] {
  return core.$notices.get().map((notice) => notice.message);
}

export async function waitForNavigation(location: { visited: string[]; reloads: number }, count = 1): Promise<void> {
  await waitUntil(() => location.visited.length + location.reloads >= count, 'the page did not move on');
}
