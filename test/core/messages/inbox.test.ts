import { describe, expect, it } from 'vitest';
import type { Message } from '../../../src/core/api/types';
import { createInbox } from '../../../src/core/messages';
import { siteOf } from '../../../src/core/routes';

const message = (id: string, extra: Partial<Message> = {}): Message => ({
  id,
  messageMeno: `消息 ${id}|||Message ${id}`,
  module: 'notice',
  messageDate: '2026-11-20 08:00:00',
  importance: 2,
  openWay: 0,
  url: `/redirect/${id}`,
  content: '',
  ...extra,
});

/** A platform holding unread messages; marking read takes them off its list. */
function platform(list: Message[]) {
  let unread = [...list];
  const log: string[] = [];
  let failMarks = false;
  return {
    log,
    unread: () => unread,
    failNextMarks: () => {
      failMarks = true;
    },
    calls: {
      unreadMessages: async () => [...unread],
      markRead: async (id: string) => {
        log.push(`read ${id}`);
        if (failMarks) throw new Error('500');
        unread = unread.filter((item) => item.id !== id);
      },
      markAllRead: async () => {
        log.push('read all');
        if (failMarks) throw new Error('500');
        unread = [];
      },
    },
  };
}

const context = () => ({
  site: siteOf('https://s.example/pages/base/pc_desktop_all/index.html', {}),
  device: 'pc' as const,
  userType: 2,
});

describe('inbox (§4 Messages: view, ignore, ignore all)', () => {
  it('viewing marks read first, then says what to open; the counter re-reads', async () => {
    const server = platform([message('grade'), message('notice')]);
    let changed = 0;
    const inbox = createInbox({ calls: server.calls, changed: () => changed++, urlContext: context });
    await inbox.load();
    expect(inbox.$messages.get()?.map((item) => item.id)).toEqual(['grade', 'notice']);
    expect(await inbox.view('grade')).toEqual({
      kind: 'url',
      url: 'https://s.example/pages/grade/pc_grade_tm/index.html',
    });
    expect(server.log).toEqual(['read grade']);
    expect(inbox.$messages.get()?.map((item) => item.id)).toEqual(['notice']);
    expect(changed).toBe(1);
  });

  it('an openWay 1 message opens its expiry list', async () => {
    const content = JSON.stringify([{ code: 'grade', name: '成绩', englishName: 'Grades', endTime: '2020-01-01' }]);
    const server = platform([message('expiry', { openWay: 1, url: '', content })]);
    const inbox = createInbox({ calls: server.calls, changed: () => {}, urlContext: context });
    await inbox.load();
    expect(await inbox.view('expiry')).toEqual({
      kind: 'expiry-list',
      modules: [{ code: 'grade', name: '成绩', englishName: 'Grades', endTime: '2020-01-01' }],
    });
  });

  it('ignoring marks read without opening; ignore all empties the list', async () => {
    const server = platform([message('a'), message('b'), message('c')]);
    let changed = 0;
    const inbox = createInbox({ calls: server.calls, changed: () => changed++, urlContext: context });
    await inbox.load();
    expect(await inbox.ignore('b')).toBe(true);
    expect(inbox.$messages.get()?.map((item) => item.id)).toEqual(['a', 'c']);
    expect(await inbox.ignoreAll()).toBe(true);
    expect(inbox.$messages.get()).toEqual([]);
    expect(server.unread()).toEqual([]);
    expect(server.log).toEqual(['read b', 'read all']);
    expect(changed).toBe(2);
  });

  it('opens nothing and keeps the message when marking fails', async () => {
    const server = platform([message('a')]);
    let changed = 0;
    const inbox = createInbox({ calls: server.calls, changed: () => changed++, urlContext: context });
    await inbox.load();
    server.failNextMarks();
    expect(await inbox.view('a')).toBeNull();
    expect(await inbox.ignoreAll()).toBe(false);
    expect(inbox.$messages.get()?.map((item) => item.id)).toEqual(['a']);
    expect(changed).toBe(0);
    expect(inbox.$busy.get()).toBeNull();
  });

  it('takes one mark at a time: a second click while one runs does nothing', async () => {
    const server = platform([message('a'), message('b')]);
    const inbox = createInbox({ calls: server.calls, changed: () => {}, urlContext: context });
    await inbox.load();
    const [first, second] = await Promise.all([inbox.ignore('a'), inbox.ignore('b')]);
    expect([first, second]).toEqual([true, false]);
    expect(server.log).toEqual(['read a']);
  });
});

describe('inbox loading (issue 69: the dialog said "no unread messages" before the list came)', () => {
  it('is loading from the call until its answer; a failed load is not loading and has no list', async () => {
    const server = platform([message('grade')]);
    let answer: (list: Message[]) => void = () => undefined;
    let fail = false;
    const calls = {
      ...server.calls,
      unreadMessages: () =>
        fail ? Promise.reject(new Error('500')) : new Promise<Message[]>((resolve) => (answer = resolve)),
    };
    const inbox = createInbox({ calls, changed: () => undefined, urlContext: context });
    expect(inbox.$loading.get()).toBe(false);
    const loading = inbox.load();
    expect(inbox.$loading.get()).toBe(true);
    expect(inbox.$messages.get()).toBe(null);
    answer([message('grade')]);
    await loading;
    expect(inbox.$loading.get()).toBe(false);
    expect(inbox.$messages.get()).toHaveLength(1);
    fail = true;
    await inbox.load();
    expect(inbox.$loading.get()).toBe(false);
    expect(inbox.$messages.get()).toBe(null);
  });
});
