import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  HEADER_ICON_LIMITS,
  HEADER_ICON_MAX,
  languageMenuShown,
  logoutShown,
  splitHeaderActions,
} from '../../../src/core/header';

const actions = (n: number) => Array.from({ length: n }, (_, index) => `action-${index + 1}`);

describe('header icons (§2, §9: at most 10 visible)', () => {
  it('shows up to 10 as icons; beyond that 9 and the overflow button', () => {
    expect(splitHeaderActions(actions(10))).toEqual({ shown: actions(10), overflow: [] });
    const split = splitHeaderActions(actions(12));
    expect(split.shown).toEqual(actions(9));
    expect(split.overflow).toEqual(['action-10', 'action-11', 'action-12']);
  });

  it('never shows more icons than the limit, never loses or reorders an action', () => {
    fc.assert(
      fc.property(fc.nat(30), fc.integer({ min: -3, max: 40 }), (count, limit) => {
        const { shown, overflow } = splitHeaderActions(actions(count), limit);
        const max = Math.max(1, Math.min(limit, HEADER_ICON_MAX));
        expect(shown.length + (overflow.length > 0 ? 1 : 0)).toBeLessThanOrEqual(max);
        expect([...shown, ...overflow]).toEqual(actions(count));
      }),
    );
  });

  it('fits fewer in a narrow bar', () => {
    expect(HEADER_ICON_LIMITS).toEqual({ pc: 10, ipad: 6, mobile: 3 });
    expect(splitHeaderActions(actions(5), HEADER_ICON_LIMITS.mobile).shown).toHaveLength(2);
  });
});

describe('logout and language controls (§2)', () => {
  const chrome = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36';
  it('hides logout in a desktop client and inside work-chat, not in the chat app', () => {
    expect(logoutShown({ desktopClient: false, userAgent: chrome })).toBe(true);
    expect(logoutShown({ desktopClient: true, userAgent: chrome })).toBe(false);
    expect(logoutShown({ desktopClient: false, userAgent: `${chrome} wxwork/4.1.0` })).toBe(false);
    expect(logoutShown({ desktopClient: false, userAgent: `${chrome} MicroMessenger/8.0` })).toBe(true);
    expect(logoutShown({ desktopClient: false, userAgent: `${chrome} Electron/31.2.0` })).toBe(false);
  });

  it('offers the language menu only for more than one language, unless turned off', () => {
    expect(languageMenuShown(['zh-CN', 'en'], false)).toBe(true);
    expect(languageMenuShown(['zh-CN'], false)).toBe(false);
    expect(languageMenuShown(['zh-CN', 'en', 'zh-HK'], true)).toBe(false);
  });
});
