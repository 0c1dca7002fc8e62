import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';

// ph-widgets/server as built (dist/server/index.js): <ph-login>'s first render as a declarative shadow root, which a
// server sends inside the element so that the form shows and takes typing before any script has run.
const { prerender } = (await import(
  pathToFileURL(resolve(import.meta.dirname, '..', '..', 'dist', 'server', 'index.js')).href
)) as typeof import('../../src/elements/server');

/** The inline script after the template that keeps a press before the element's script (early-submit.ts). */
const EARLY_SUBMIT = /<\/template><script>(\(function\(s\)\{[^<]*\}\)\(document\.currentScript\))<\/script>$/;

/** The template's content, parsed as a browser would parse it. */
function shadowOf(html: string): DocumentFragment {
  const window = new Window();
  const template = window.document.createElement('template');
  expect(html.startsWith('<template shadowrootmode="open"><style data-ph-prerender="')).toBe(true);
  expect(html).toMatch(EARLY_SUBMIT);
  template.innerHTML = html.replace(/^<template shadowrootmode="open">/, '').replace(EARLY_SUBMIT, '');
  return template.content as unknown as DocumentFragment;
}

const texts = (root: DocumentFragment, selector: string) =>
  [...root.querySelectorAll(selector)].map((node) => node.textContent);

describe('prerender(<ph-login>)', () => {
  it.each([
    ['zh-CN', ['账号', '密码'], '登录', '正在检查登录状态…'],
    ['en', ['Account', 'Password'], 'Sign in', 'Checking your session…'],
    ['zh-HK', ['賬號', '密碼'], '登入', '正在檢查登入狀態…'],
  ])('renders the form in %s, its button live, the session check showing', (language, labels, submit, status) => {
    const root = shadowOf(prerender('ph-login', {}, language) as string);
    expect(root.querySelector('style')?.getAttribute('data-ph-prerender')).toBe(language);
    expect(texts(root, 'label[for]')).toEqual(labels);
    expect(root.querySelector('[role="status"]')?.textContent).toBe(status);
    const button = root.querySelector('button[type="submit"]') as HTMLButtonElement;
    expect(button.textContent).toBe(submit);
    // A press before the script is held by the inline script after the template, and carried out by the element.
    expect(button.hasAttribute('disabled')).toBe(false);
    expect(button.getAttribute('aria-busy')).toBe('false');
    // Pressed before that script has run (the parser may paint first), a native submission does nothing.
    expect(root.querySelector('form')?.getAttribute('method')).toBe('dialog');
    expect([...root.querySelectorAll('input')].map((input) => input.getAttribute('name'))).toEqual([
      'username',
      'password',
      'remember',
    ]);
  });

  it('falls back to zh-CN for a language it does not have', () => {
    const root = shadowOf(prerender('ph-login', {}, 'fr') as string);
    expect(root.querySelector('style')?.getAttribute('data-ph-prerender')).toBe('zh-CN');
    expect(texts(root, 'label[for]')).toEqual(['账号', '密码']);
  });

  it('reads the attributes as the browser does: heading, platforms as JSON, qr by presence', () => {
    const platforms = JSON.stringify([{ provider: 'qy', name: '企业微信', icon: '/static/img/wecom.svg' }]);
    const root = shadowOf(prerender('ph-login', { heading: '教师登录', platforms, qr: '' }) as string);
    expect(root.querySelector('h2')?.textContent).toBe('教师登录');
    expect(root.querySelector('[part~="platform"]')?.getAttribute('aria-label')).toBe('使用企业微信登录');
    expect(root.querySelector('slot[name="qr"]')).not.toBeNull();
    const plain = shadowOf(prerender('ph-login', { platforms: '[{oops' }) as string);
    expect(plain.querySelector('[part~="others"]')).toBeNull();
  });

  it('writes attribute text as text, never as markup', () => {
    const html = prerender('ph-login', { heading: '<img src=x onerror=alert(1)>' }) as string;
    const root = shadowOf(html);
    expect(root.querySelector('img')).toBeNull();
    expect(root.querySelector('h2')?.textContent).toBe('<img src=x onerror=alert(1)>');
  });

  it('carries the stylesheets the element adopts, tokens first, in one style element', () => {
    const root = shadowOf(prerender('ph-login', {}) as string);
    const styles = root.querySelectorAll('style');
    expect(styles).toHaveLength(1);
    const css = styles[0]?.textContent ?? '';
    expect(css.startsWith(':host{--ph-color-primary:')).toBe(true);
    expect(css).toContain('.submit');
    expect(css).not.toMatch(/<\/style/i);
  });

  it('renders nothing for a dialog or a form without its session check, which must not stand in before the script', () => {
    expect(prerender('ph-login', { mode: 'dialog' })).toBeNull();
    expect(prerender('ph-login', { 'no-auto-start': '' })).toBeNull();
    expect(prerender('ph-login', { mode: 'inline' })).not.toBeNull();
  });
});
