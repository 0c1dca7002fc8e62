import { atom, type ReadableAtom } from 'nanostores';
import type { Message } from '../api/types';
import type { MessageCalls } from './calls';
import { type MessageAction, type MessageUrlContext, messageAction } from './message';

// §4 Messages: the unread list, viewing (mark read, then open), ignoring (mark read only) and ignoring all. Each
// change asks the unread counter to read again, so the bell follows what the server now counts.

export interface Inbox {
  /** null until loaded (or after a failed load). */
  readonly $messages: ReadableAtom<Message[] | null>;
  /**
   * Whether the list is being read: with `$messages` null it tells "loading" from "failed", so the dialog never says
   * there are no messages before the list has come (issue 69).
   */
  readonly $loading: ReadableAtom<boolean>;
  /** The message id being marked, or `all`; null when idle. */
  readonly $busy: ReadableAtom<string | null>;
  load(): Promise<void>;
  /** Marks read, then says what to open; null when marking failed (nothing is opened). */
  view(id: string): Promise<MessageAction | null>;
  /** Marks read without opening; resolves whether it worked. */
  ignore(id: string): Promise<boolean>;
  ignoreAll(): Promise<boolean>;
}

export interface InboxOptions {
  calls: Pick<MessageCalls, 'unreadMessages' | 'markRead' | 'markAllRead'>;
  /** Called after every successful mark-read (the unread counter's refresh). */
  changed: () => unknown;
  /** Where URLs are resolved, read when a message is viewed. */
  urlContext: () => MessageUrlContext;
}

export function createInbox(options: InboxOptions): Inbox {
  const $messages = atom<Message[] | null>(null);
  const $busy = atom<string | null>(null);
  const $loading = atom(false);

  async function mark(id: string | 'all'): Promise<boolean> {
    if ($busy.get() !== null) return false;
    $busy.set(id);
    try {
      if (id === 'all') await options.calls.markAllRead();
      else await options.calls.markRead(id);
    } catch {
      return false;
    } finally {
      $busy.set(null);
    }
    const list = $messages.get() ?? [];
    $messages.set(id === 'all' ? [] : list.filter((message) => message.id !== id));
    void options.changed();
    return true;
  }

  return {
    $messages,
    $busy,
    $loading,
    async load() {
      $loading.set(true);
      try {
        $messages.set(await options.calls.unreadMessages());
      } catch {
        $messages.set(null);
      } finally {
        $loading.set(false);
      }
    },
    async view(id) {
      const message = $messages.get()?.find((item) => item.id === id);
      if (!message || !(await mark(id))) return null;
      return messageAction(message, options.urlContext());
    },
    ignore: (id) => mark(id),
    ignoreAll: () => mark('all'),
  };
}
