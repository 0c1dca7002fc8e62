import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_KEEP_ALIVE, visitKeepAlive } from '../../../src/core/desktop';

describe('visitKeepAlive (§2 viewport: keep hidden sub-apps alive, LRU cap)', () => {
  it('keeps up to the cap (default 5), evicting the least recently shown', () => {
    let kept: string[] = [];
    for (const key of ['a', 'b', 'c', 'd', 'e']) kept = visitKeepAlive(kept, key).kept;
    expect(kept).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(DEFAULT_KEEP_ALIVE).toBe(5);
    kept = visitKeepAlive(kept, 'a').kept; // a is recent again
    const next = visitKeepAlive(kept, 'f');
    expect(next.evicted).toEqual(['b']);
    expect(next.kept).toEqual(['c', 'd', 'e', 'a', 'f']);
  });

  it('a smaller cap evicts at once; a cap below 1 keeps the current one', () => {
    expect(visitKeepAlive(['a', 'b', 'c'], 'd', 2)).toEqual({ kept: ['c', 'd'], evicted: ['a', 'b'] });
    expect(visitKeepAlive(['a'], 'b', 0)).toEqual({ kept: ['b'], evicted: ['a'] });
  });

  it('the visited key is always kept, last; nothing exceeds the cap; evicted and kept never overlap', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g')),
        fc.integer({ min: 1, max: 6 }),
        (visits, cap) => {
          let kept: string[] = [];
          for (const key of visits) {
            const state = visitKeepAlive(kept, key, cap);
            expect(state.kept.at(-1)).toBe(key);
            expect(state.kept.length).toBeLessThanOrEqual(cap);
            expect(new Set(state.kept).size).toBe(state.kept.length);
            for (const gone of state.evicted) expect(state.kept).not.toContain(gone);
            kept = state.kept;
          }
        },
      ),
    );
  });
});
