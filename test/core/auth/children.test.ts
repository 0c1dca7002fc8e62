import { describe, expect, it } from 'vitest';
import { childSelectorOpensItself, hasChildSelector } from '../../../src/core';

const child = (id: string) => ({ id, realName: id, gradeName: 'g', className: 'c', status: 1 });
const parent = (count: number, current = 'a') => ({
  userId: 'p1',
  userType: 3,
  chirdenList: ['a', 'b', 'c'].slice(0, count).map(child),
  currentChirden: child(current),
});

describe('child selector (§2, §4 Parent)', () => {
  it('is offered to parents with more than one child only', () => {
    expect(hasChildSelector(parent(2))).toBe(true);
    expect(hasChildSelector(parent(1))).toBe(false);
    expect(hasChildSelector({ ...parent(3), userType: 2 })).toBe(false);
  });

  it('opens by itself when the remembered child is not the current one', () => {
    expect(childSelectorOpensItself(parent(2), {})).toBe(true);
    expect(childSelectorOpensItself(parent(2), { p1: 'b' })).toBe(true);
    expect(childSelectorOpensItself(parent(2), { p1: 'a' })).toBe(false);
    expect(childSelectorOpensItself(parent(1), {})).toBe(false);
  });
});
