import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Message, PopUpPage } from '../../../src/core/api/types';
import {
  areRemindersSuppressed,
  createReminderPanel,
  isPopupSuppressed,
  REMINDER_AUTO_CLOSE_MS,
  REMINDER_PAGE_SIZE,
  routeOf,
} from '../../../src/core/messages';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => items.set(key, value),
  };
}

const reminder = (n: number): Message => ({
  id: `todo-${n}`,
  messageMeno: `待办 ${n}|||To-do ${n}`,
  module: 'oa',
  messageDate: '2026-11-20 08:00:00',
  importance: 3,
  openWay: 0,
  url: '/redirect/oa',
  content: '',
});

/** A server holding `total` reminders, answering pages of 3 as popUpBox_select does; `handled` ones disappear. */
function server(total: number) {
  let items = Array.from({ length: total }, (_, index) => reminder(index + 1));
  const asked: number[] = [];
  return {
    asked,
    handle: (id: string) => {
      items = items.filter((item) => item.id !== id);
    },
    loadPage: async (page: number): Promise<PopUpPage> => {
      asked.push(page);
      const start = (page - 1) * REMINDER_PAGE_SIZE;
      return {
        list: items.slice(start, start + REMINDER_PAGE_SIZE),
        pages: Math.ceil(items.length / REMINDER_PAGE_SIZE),
        total: items.length,
      };
    },
  };
}

describe('reminder panel (§4, §9: 3 a page, 15 s, session suppression)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows 3 a page and moves with next and previous within the pages', async () => {
    const platform = server(7);
    const panel = createReminderPanel({ loadPage: platform.loadPage, storage: memoryStorage() });
    expect(await panel.autoOpen()).toBe(true);
    expect(panel.$state.get()).toMatchObject({ open: true, page: 1, pages: 3, total: 7 });
    expect(panel.$state.get().list.map((item) => item.id)).toEqual(['todo-1', 'todo-2', 'todo-3']);
    await panel.next();
    await panel.next();
    expect(panel.$state.get().list.map((item) => item.id)).toEqual(['todo-7']);
    await panel.next();
    expect(panel.$state.get().page).toBe(3);
    await panel.previous();
    expect(panel.$state.get().list.map((item) => item.id)).toEqual(['todo-4', 'todo-5', 'todo-6']);
    expect(platform.asked).toEqual([1, 2, 3, 2]);
  });

  it('does not open by itself with nothing to show', async () => {
    const panel = createReminderPanel({ loadPage: server(0).loadPage, storage: memoryStorage() });
    expect(await panel.autoOpen()).toBe(false);
    expect(panel.$state.get().open).toBe(false);
  });

  it('closes by itself 15 s after it opened or was last used', async () => {
    const panel = createReminderPanel({ loadPage: server(5).loadPage, storage: memoryStorage() });
    await panel.autoOpen();
    vi.advanceTimersByTime(REMINDER_AUTO_CLOSE_MS - 1000);
    await panel.next();
    vi.advanceTimersByTime(REMINDER_AUTO_CLOSE_MS - 1);
    expect(panel.$state.get().open).toBe(true);
    vi.advanceTimersByTime(1);
    expect(panel.$state.get().open).toBe(false);
  });

  it('waits while held (pointer or focus inside), then counts a full 15 s again', async () => {
    const panel = createReminderPanel({ loadPage: server(2).loadPage, storage: memoryStorage() });
    await panel.autoOpen();
    panel.hold();
    vi.advanceTimersByTime(REMINDER_AUTO_CLOSE_MS * 4);
    expect(panel.$state.get().open).toBe(true);
    panel.release();
    vi.advanceTimersByTime(REMINDER_AUTO_CLOSE_MS - 1);
    expect(panel.$state.get().open).toBe(true);
    vi.advanceTimersByTime(1);
    expect(panel.$state.get().open).toBe(false);
  });

  it('is suppressed for the session once closed by its icon, yet opens when the user asks', async () => {
    const storage = memoryStorage();
    const panel = createReminderPanel({ loadPage: server(2).loadPage, storage });
    await panel.autoOpen();
    panel.close();
    expect(areRemindersSuppressed(storage)).toBe(false);
    expect(await panel.autoOpen()).toBe(true);
    panel.close(true);
    expect(areRemindersSuppressed(storage)).toBe(true);
    expect(await panel.autoOpen()).toBe(false);
    // Another panel of the same session (the next page) stays away too.
    expect(await createReminderPanel({ loadPage: server(2).loadPage, storage }).autoOpen()).toBe(false);
    await panel.open();
    expect(panel.$state.get().open).toBe(true);
  });

  it('is toggled by the to-do button: open closes it, for now only, and closed opens it (issue 56)', async () => {
    const storage = memoryStorage();
    const panel = createReminderPanel({ loadPage: server(4).loadPage, storage });
    await panel.toggle();
    expect(panel.$state.get()).toMatchObject({ open: true, page: 1, total: 4 });
    await panel.toggle();
    expect(panel.$state.get().open).toBe(false);
    expect(areRemindersSuppressed(storage)).toBe(false);
    await panel.toggle();
    expect(panel.$state.get().open).toBe(true);
  });

  it('opens empty when the user asks with nothing to do, to say so, and still closes after 15 s (issue 69)', async () => {
    const panel = createReminderPanel({ loadPage: server(0).loadPage, storage: memoryStorage() });
    await panel.toggle();
    expect(panel.$state.get()).toMatchObject({ open: true, total: 0, list: [], loading: false });
    vi.advanceTimersByTime(REMINDER_AUTO_CLOSE_MS);
    expect(panel.$state.get().open).toBe(false);
    await panel.open();
    expect(panel.$state.get()).toMatchObject({ open: true, total: 0 });
  });

  it('reloads after a reminder was handled: an emptied last page steps back, an empty list closes', async () => {
    const platform = server(4);
    const panel = createReminderPanel({ loadPage: platform.loadPage, storage: memoryStorage() });
    await panel.autoOpen();
    await panel.next();
    platform.handle('todo-4');
    await panel.reload();
    expect(panel.$state.get()).toMatchObject({ page: 1, pages: 1, total: 3 });
    for (const id of ['todo-1', 'todo-2', 'todo-3']) platform.handle(id);
    await panel.reload();
    expect(panel.$state.get().open).toBe(false);
  });

  it('prefetches the first page once, for the autoOpen that follows; later pages and opens ask anew', async () => {
    const platform = server(4);
    const panel = createReminderPanel({ loadPage: platform.loadPage, storage: memoryStorage() });
    panel.prefetch();
    panel.prefetch();
    expect(platform.asked).toEqual([1]);
    expect(await panel.autoOpen()).toBe(true);
    expect(platform.asked, 'autoOpen used the prefetched page').toEqual([1]);
    expect(panel.$state.get()).toMatchObject({ open: true, page: 1, total: 4 });
    await panel.next();
    panel.close();
    await panel.open();
    expect(platform.asked).toEqual([1, 2, 1]);
  });

  it('prefetches nothing once suppressed, and a prefetch that failed (the session was gone) harms nothing', async () => {
    const storage = memoryStorage();
    const suppressed = server(2);
    const panel = createReminderPanel({ loadPage: suppressed.loadPage, storage });
    await panel.open();
    panel.close(true);
    createReminderPanel({ loadPage: suppressed.loadPage, storage }).prefetch();
    expect(suppressed.asked).toEqual([1]);

    const failing = vi.fn(() => Promise.reject(new Error('401')));
    createReminderPanel({ loadPage: failing, storage: memoryStorage() }).prefetch();
    expect(failing).toHaveBeenCalledTimes(1);
    // An unhandled rejection would fail the run (vitest reports it); let it settle.
    await vi.runAllTimersAsync();
  });

  it('drops an answer that arrives after the panel was closed', async () => {
    let release!: (page: PopUpPage) => void;
    const panel = createReminderPanel({
      loadPage: () => new Promise((resolve) => (release = resolve)),
      storage: memoryStorage(),
    });
    const opening = panel.autoOpen();
    panel.close();
    release({ list: [reminder(1)], pages: 1, total: 1 });
    expect(await opening).toBe(false);
    expect(panel.$state.get().open).toBe(false);
  });
});

describe('popup suppression on /desktop/home (§2)', () => {
  it('reads the hash route, else the path', () => {
    expect(routeOf('https://s.example/pages/base/pc_desktop_all/index.html#/desktop/home?tab=1')).toBe('/desktop/home');
    expect(routeOf('https://s.example/desktop/home/')).toBe('/desktop/home');
    expect(routeOf('https://s.example/pages/notice/pc_notice_tm/index.html')).toBe(
      '/pages/notice/pc_notice_tm/index.html',
    );
  });

  it.each([
    'https://s.example/pages/base/pc_desktop_all/index.html',
    'https://s.example/pages/base/pc_desktop_all/',
    'https://s.example/pages/base/mobile_desktop_all/index.html#/',
    'https://s.example/pc_desktop_all.html?language=en',
  ])('reads the bare landing page %s as the desktop home it shows (issue 34)', (href) => {
    expect(routeOf(href)).toBe('/desktop/home');
  });

  it('reads the area landing page as the area home', () => {
    expect(routeOf('https://s.example/area/areaBase/pc_areaDesktop_all/index.html')).toBe('/areaDesktop/home');
  });

  it('keeps the popup away on the desktop home only, however it is addressed', () => {
    expect(isPopupSuppressed('https://s.example/index.html#/desktop/home')).toBe(true);
    expect(isPopupSuppressed('https://s.example/pages/base/pc_desktop_all/index.html')).toBe(true);
    expect(isPopupSuppressed('https://s.example/pages/base/pc_desktop_all/index.html#/desktop/setting')).toBe(false);
    expect(isPopupSuppressed('https://s.example/index.html#/desktop/setting')).toBe(false);
    expect(isPopupSuppressed('https://s.example/pages/notice/pc_notice_tm/index.html')).toBe(false);
  });

  it('keeps it away on the area desktop home too, an area user’s desktop home (issue 56)', () => {
    expect(isPopupSuppressed('https://s.example/area/areaBase/pc_areaDesktop_all/index.html')).toBe(true);
    expect(isPopupSuppressed('https://s.example/area/areaBase/mobile_areaDesktop_all/index.html#/')).toBe(true);
    expect(isPopupSuppressed('https://s.example/area/areaBase/pc_areaDesktop_all/index.html#/messages')).toBe(false);
  });
});
