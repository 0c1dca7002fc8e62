import { CHROME_PATHS } from '../api/chrome-paths';
import type { Message, MessageConfig, PopUpPage, UnhandledCount } from '../api/types';
import type { HttpClient } from '../http/client-types';
import { REMINDER_PAGE_SIZE } from './reminders';

// §7 desktop message calls. Background reads (counts, config) are quiet: a poll that fails must not raise a
// notification every minute. What the user asked for (a list, marking read) reports failures like any call.

export interface MessageCalls {
  unhandledCount(): Promise<UnhandledCount>;
  messageConfig(): Promise<MessageConfig>;
  unreadMessages(): Promise<Message[]>;
  markRead(id: string): Promise<void>;
  markAllRead(): Promise<void>;
  /** One page (1-based) of unread to-do reminders, 3 a page. */
  reminderPage(page: number): Promise<PopUpPage>;
}

const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0);

export function messageCalls(http: Pick<HttpClient, 'request'>): MessageCalls {
  return {
    async unhandledCount() {
      const answer = await http.request<Partial<UnhandledCount>>({
        url: CHROME_PATHS.unhandledCount,
        noIntercept: true,
      });
      return { todo: count(answer.data?.todo), message: count(answer.data?.message) };
    },
    async messageConfig() {
      const answer = await http.request<Partial<MessageConfig>>({ url: CHROME_PATHS.messageConfig, noIntercept: true });
      return { pcOpen: Number(answer.data?.pcOpen) === 1 ? 1 : 0 };
    },
    async unreadMessages() {
      const answer = await http.request<Message[]>({ url: CHROME_PATHS.unreadMessages });
      return Array.isArray(answer.data) ? answer.data : [];
    },
    async markRead(id) {
      await http.request({ url: CHROME_PATHS.markRead, method: 'post', data: { desktopMessageId: id } });
    },
    async markAllRead() {
      await http.request({ url: CHROME_PATHS.markAllRead, method: 'post' });
    },
    async reminderPage(page) {
      const answer = await http.request<Partial<PopUpPage>>({
        url: CHROME_PATHS.reminders,
        params: { start: page, size: REMINDER_PAGE_SIZE },
        noIntercept: true,
      });
      const data = answer.data ?? {};
      return {
        list: Array.isArray(data.list) ? data.list : [],
        pages: count(data.pages),
        total: count(data.total),
      };
    },
  };
}
