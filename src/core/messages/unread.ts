import { atom, type ReadableAtom } from 'nanostores';
import type { UnhandledCount } from '../api/types';

// §2 header bell and to-do count, kept live: read at start, every minute, when the window regains focus or the tab
// becomes visible, and after every mark-read. Never more than one request in flight: a refresh asked for while one
// runs is served by one more request after it (so a mark-read is always followed by a read that saw it).

export const UNREAD_POLL_MS = 60_000;

export interface UnreadCounter {
  /** null until the first answer. */
  readonly $counts: ReadableAtom<UnhandledCount | null>;
  /** Reads the counts; resolves once a read that started after this call has finished. */
  refresh(): Promise<void>;
  /** Polls and listens for focus until the returned function is called. */
  start(): () => void;
}

/** Where focus and visibility are observed; the page's window and document by default. */
export interface UnreadCounterHost {
  addEventListener(type: 'focus' | 'visibilitychange', listener: () => void): void;
  removeEventListener(type: 'focus' | 'visibilitychange', listener: () => void): void;
  isVisible(): boolean;
}

export interface UnreadCounterOptions {
  load: () => Promise<UnhandledCount>;
  pollMs?: number;
  host?: UnreadCounterHost;
}

function pageHost(): UnreadCounterHost | undefined {
  if (typeof window === 'undefined' || typeof document === 'undefined') return undefined;
  return {
    addEventListener: (type, listener) => (type === 'focus' ? window : document).addEventListener(type, listener),
    removeEventListener: (type, listener) => (type === 'focus' ? window : document).removeEventListener(type, listener),
    isVisible: () => document.visibilityState !== 'hidden',
  };
}

export function createUnreadCounter(options: UnreadCounterOptions): UnreadCounter {
  const $counts = atom<UnhandledCount | null>(null);
  let inFlight: Promise<void> | null = null;
  let queued: Promise<void> | null = null;

  function refresh(): Promise<void> {
    if (inFlight) {
      queued ??= inFlight.then(() => {
        queued = null;
        return refresh();
      });
      return queued;
    }
    inFlight = (async () => {
      try {
        $counts.set(await options.load());
      } catch {
        // Keep the last counts: a failed poll says nothing about the messages.
      } finally {
        inFlight = null;
      }
    })();
    return inFlight;
  }

  function start(): () => void {
    const host = options.host ?? pageHost();
    const onFocus = () => void refresh();
    const onVisibility = () => {
      if (host?.isVisible()) void refresh();
    };
    void refresh();
    const timer = setInterval(() => {
      if (host?.isVisible() ?? true) void refresh();
    }, options.pollMs ?? UNREAD_POLL_MS);
    host?.addEventListener('focus', onFocus);
    host?.addEventListener('visibilitychange', onVisibility);
    return () => {
      clearInterval(timer);
      host?.removeEventListener('focus', onFocus);
      host?.removeEventListener('visibilitychange', onVisibility);
    };
  }

  return { $counts, refresh, start };
}
