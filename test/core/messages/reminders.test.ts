import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  areRemindersSuppressed,
  REMINDER_AUTO_CLOSE_MS,
  REMINDER_SUPPRESS_KEY,
  reminderPages,
  suppressReminders,
} from '../../../src/core/messages';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => items.set(key, value),
    items,
  };
}

describe('reminderPages (§4: 3 a page)', () => {
  it('cuts the list into pages of 3', () => {
    expect(reminderPages([1, 2, 3, 4, 5, 6, 7])).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(reminderPages([])).toEqual([]);
  });

  it('loses nothing, keeps order and fills every page but the last', () => {
    fc.assert(
      fc.property(fc.array(fc.integer()), fc.integer({ min: 1, max: 10 }), (list, size) => {
        const pages = reminderPages(list, size);
        expect(pages.flat()).toEqual(list);
        expect(pages.length).toBe(Math.ceil(list.length / size));
        for (const page of pages.slice(0, -1)) expect(page).toHaveLength(size);
      }),
    );
  });

  it('refuses a page size below 1', () => {
    expect(() => reminderPages([1], 0)).toThrow(RangeError);
  });
});

describe('reminder panel timing and suppression (§4)', () => {
  it('closes itself after 15 s', () => {
    expect(REMINDER_AUTO_CLOSE_MS).toBe(15_000);
  });

  it('stays away for the session once closed by its icon', () => {
    const storage = memoryStorage();
    expect(areRemindersSuppressed(storage)).toBe(false);
    suppressReminders(storage);
    expect(areRemindersSuppressed(storage)).toBe(true);
    expect(storage.items.get(REMINDER_SUPPRESS_KEY)).toBe('1');
  });

  it('shows again when no session storage is available', () => {
    suppressReminders(undefined);
    expect(areRemindersSuppressed(undefined)).toBe(false);
  });
});
