import { afterEach, describe, expect, it } from 'vitest';
import {
  $modalStack,
  clampToViewport,
  DIALOG_Z_INDEX_BASE,
  DIALOG_Z_INDEX_MAX,
  isTopModal,
  LOGIN_DIALOG_Z_INDEX,
  modalZIndex,
  pushModal,
  removeModal,
} from '../../../src/core/modal';

afterEach(() => $modalStack.set([]));

describe('modal stack (§4, §9)', () => {
  it('stacks from z-index 1500, one step per dialog, the latest on top', () => {
    const [a, b, c] = [Symbol('a'), Symbol('b'), Symbol('c')];
    pushModal(a);
    pushModal(b);
    pushModal(c);
    expect([a, b, c].map(modalZIndex)).toEqual([1500, 1501, 1502]);
    expect(isTopModal(c)).toBe(true);
    removeModal(c);
    expect(isTopModal(b)).toBe(true);
  });

  it('reopening a dialog brings it to the top', () => {
    const [a, b] = [Symbol('a'), Symbol('b')];
    pushModal(a);
    pushModal(b);
    pushModal(a);
    expect(isTopModal(a)).toBe(true);
    expect(modalZIndex(a)).toBeGreaterThan(modalZIndex(b));
  });

  it('a dialog with a fixed level (the login dialog, 2500) stays the top one over dialogs opened after it', () => {
    const [login, later] = [Symbol('login'), Symbol('later')];
    pushModal(login, LOGIN_DIALOG_Z_INDEX);
    pushModal(later);
    expect(modalZIndex(login)).toBe(2500);
    expect(modalZIndex(later)).toBe(1501);
    expect(isTopModal(login)).toBe(true);
    removeModal(login);
    expect(isTopModal(later)).toBe(true);
  });
});

describe("the platform's dialogs (§9: z-indexes 10000-50000; issue 69)", () => {
  it('stack from 10000, one step per dialog below, above a page modal, never past 50000', () => {
    const [modal, messages, logout] = [Symbol('modal'), Symbol('messages'), Symbol('logout')];
    pushModal(modal);
    pushModal(messages, 'dialog');
    pushModal(logout, 'dialog');
    expect([modal, messages, logout].map((id) => modalZIndex(id))).toEqual([1500, 10001, 10002]);
    expect(isTopModal(logout)).toBe(true);
    expect(modalZIndex(Symbol('not open yet'), 'dialog')).toBe(DIALOG_Z_INDEX_BASE);
    $modalStack.set([]);
    const many = Array.from({ length: DIALOG_Z_INDEX_MAX - DIALOG_Z_INDEX_BASE + 5 }, (_, n) => Symbol(`d${n}`));
    $modalStack.set(many.map((id) => ({ id, level: 'dialog' as const })));
    expect(modalZIndex(many.at(-1)!)).toBe(DIALOG_Z_INDEX_MAX);
    expect(modalZIndex(many[0]!)).toBe(DIALOG_Z_INDEX_BASE);
    expect(modalZIndex(many[DIALOG_Z_INDEX_MAX - DIALOG_Z_INDEX_BASE - 1]!)).toBe(DIALOG_Z_INDEX_MAX - 1);
  });

  it('the login dialog keeps its 2500, under the platform dialogs and over the page modals', () => {
    const [modal, login, theme] = [Symbol('modal'), Symbol('login'), Symbol('theme')];
    pushModal(modal);
    pushModal(login, LOGIN_DIALOG_Z_INDEX);
    pushModal(theme, 'dialog');
    expect([modal, login, theme].map((id) => modalZIndex(id))).toEqual([1500, 2500, 10002]);
  });
});

describe('clampToViewport', () => {
  it('keeps the dialog inside the window, pinning one larger than the window to the top-left', () => {
    const viewport = { width: 1000, height: 800 };
    expect(clampToViewport({ x: 900, y: -50 }, { width: 400, height: 300 }, viewport)).toEqual({ x: 600, y: 0 });
    expect(clampToViewport({ x: 50, y: 60 }, { width: 400, height: 300 }, viewport)).toEqual({ x: 50, y: 60 });
    expect(clampToViewport({ x: 10, y: 10 }, { width: 1200, height: 900 }, viewport)).toEqual({ x: 0, y: 0 });
  });
});
