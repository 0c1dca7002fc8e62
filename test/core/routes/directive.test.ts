// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { applyPermissionDirective, isPermitted, PERMISSION_ATTRIBUTE } from '../../../src/core/routes';

describe('the permission directive (§6)', () => {
  it('removes marked elements whose code is not permitted, keeps permitted and unmarked ones', () => {
    document.body.innerHTML = `
      <nav>
        <button id="entry" ${PERMISSION_ATTRIBUTE}="grade-entry">录入</button>
        <button id="settings" ${PERMISSION_ATTRIBUTE}="grade-settings">设置<span ${PERMISSION_ATTRIBUTE}="x">x</span></button>
        <button id="plain">帮助</button>
        <button id="empty" ${PERMISSION_ATTRIBUTE}="">空</button>
      </nav>`;
    const removed = applyPermissionDirective(document.body, new Set(['grade-entry']));
    expect(removed).toBe(1);
    expect([...document.querySelectorAll('button')].map((button) => button.id)).toEqual(['entry', 'plain', 'empty']);
  });

  it('with no permitted codes every marked element goes', () => {
    document.body.innerHTML = `<p ${PERMISSION_ATTRIBUTE}="a">a</p><p ${PERMISSION_ATTRIBUTE}="b">b</p><p>c</p>`;
    expect(applyPermissionDirective(document.body, new Set())).toBe(2);
    expect(document.body.textContent).toBe('c');
  });

  it('isPermitted: an empty code marks nothing', () => {
    expect(isPermitted('', new Set())).toBe(true);
    expect(isPermitted(null, new Set())).toBe(true);
    expect(isPermitted('a', new Set(['a']))).toBe(true);
    expect(isPermitted('b', new Set(['a']))).toBe(false);
  });
});
