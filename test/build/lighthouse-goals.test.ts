import { describe, expect, it } from 'vitest';
import { ALL_PAGES, type BenchPage, type Figures, GOALS, LARGE, misses, report } from '../../scripts/lighthouse-goals';

// What `npm run bench` holds Lighthouse's runs to (issue 70): every daily page, each run, LCP at 1.5 s included.

const good: Figures = { performance: 99, accessibility: 100, tbtMs: 20, cls: 0, lcpMs: 1200, hostIndex: 1500 };
function page(name: string): BenchPage {
  const found = ALL_PAGES.find((entry) => entry.name === name);
  if (!found) throw new Error(`no page ${name}`);
  return found;
}

describe('the Lighthouse bench', () => {
  it('measures every daily page of issue 70 and the 300-app desktop', () => {
    const daily = ALL_PAGES.filter((entry) => entry.daily).map((entry) => entry.name);
    for (const part of [
      'login',
      'teacher',
      'parent',
      'student',
      'area desktop',
      'mobile_desktop_all',
      'module',
      'legacy',
      'work-chat',
      'upload',
      'face',
    ]) {
      expect(
        daily.some((name) => name.includes(part)),
        part,
      ).toBe(true);
    }
    expect(ALL_PAGES.some((entry) => entry.large && entry.name.startsWith(`${LARGE}-app desktop`))).toBe(true);
  });

  it('marks a daily run with LCP over 1.5 s as a miss, in its own line and in the verdict', () => {
    expect(GOALS.lcpMs).toBe(1500);
    const slow = { ...good, lcpMs: 1510 };
    expect(misses(page('school desktop, parent'), slow)).toEqual(['LCP > 1.5 s']);
    expect(misses(page('school desktop, parent'), { ...good, lcpMs: 1500 })).toEqual([]);
    const lines = report(page('school desktop, parent'), [good, slow, good]);
    expect(lines[1]).toContain('missed: LCP > 1.5 s');
    expect(lines[0]).not.toContain('missed');
    expect(lines[3]).toContain('MISSED in a run: LCP > 1.5 s');
  });

  it("prints each run's host benchmark index beside its figures", () => {
    const lines = report(page('login'), [good, { ...good, hostIndex: 612.5 }, good]);
    expect(lines[0]).toMatch(/ 1500\s*$/);
    expect(lines[1]).toMatch(/ 613\s*$/);
  });

  it('holds the 300-app desktop to performance 95 in every run', () => {
    const large = ALL_PAGES.find((entry) => entry.large);
    expect(large && misses(large, { ...good, performance: 94, tbtMs: 300, lcpMs: 2000 })).toEqual(['performance']);
  });
});
