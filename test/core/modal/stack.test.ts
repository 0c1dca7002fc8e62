import { afterEach, describe, expect, it } from 'vitest';
import {
  $modalStack,
  clampToViewport,
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

describe('clampToViewport', () => {
  it('keeps the dialog inside the window, pinning one larger than the window to the top-left', () => {
    const viewport = { width: 1000, height: 800 };
    expect(clampToViewport({ x: 900, y: -50 }, { width: 400, height: 300 }, viewport)).toEqual({ x: 600, y: 0 });
    expect(clampToViewport({ x: 50, y: 60 }, { width: 400, height: 300 }, viewport)).toEqual({ x: 50, y: 60 });
    expect(clampToViewport({ x: 10, y: 10 }, { width: 1200, height: 900 }, viewport)).toEqual({ x: 0, y: 0 });
  });
});
