import { atom, type ReadableAtom, type WritableAtom } from 'nanostores';
import type { Message, PopUpPage } from '../api/types';
import { areRemindersSuppressed, REMINDER_AUTO_CLOSE_MS, suppressReminders } from './reminders';

// §4/§9 the to-do reminder panel: pages of 3 from the server, previous/next, closes by itself 15 s after it opened
// or was last used, and never opens by itself again in this browser session once its close icon was used. While
// the pointer or the keyboard focus is inside, the countdown waits (WCAG 2.2.1: nobody loses a panel mid-read).

export interface ReminderPanelState {
  open: boolean;
  /** 1-based page shown. */
  page: number;
  pages: number;
  total: number;
  list: Message[];
  loading: boolean;
}

type FlagStorage = Pick<Storage, 'getItem' | 'setItem'>;

export interface ReminderPanelOptions {
  loadPage: (page: number) => Promise<PopUpPage>;
  autoCloseMs?: number;
  /** Session storage for the suppression flag; the page's by default. */
  storage?: FlagStorage;
}

export interface ReminderPanel {
  readonly $state: ReadableAtom<ReminderPanelState>;
  /**
   * Asks for the first page now, for the autoOpen that follows (only when not suppressed): a page that expects to be
   * signed in asks beside `me` instead of after it. An answer that never gets used is dropped.
   */
  prefetch(): void;
  /** Opens by itself: only when not suppressed and there is something to show. Resolves whether it opened. */
  autoOpen(): Promise<boolean>;
  /**
   * The user asked for it (the to-do button): opens even when suppressed, and with nothing to do too, to say so
   * (issue 69: the button opened nothing, and the user could not tell a dead button from an empty list).
   */
  open(): Promise<void>;
  /** The to-do button (issue 56): closes an open panel (not for the session), else opens it as `open` does. */
  toggle(): Promise<void>;
  next(): Promise<void>;
  previous(): Promise<void>;
  /** Reads the current page again (after a reminder was handled); an emptied last page steps back. */
  reload(): Promise<void>;
  /** `byIcon`: the user's close icon, which suppresses the panel for the session. */
  close(byIcon?: boolean): void;
  /** Pointer or focus inside: the countdown waits. */
  hold(): void;
  /** Pointer and focus gone: a full countdown starts again. */
  release(): void;
  dispose(): void;
}

const CLOSED: ReminderPanelState = { open: false, page: 1, pages: 0, total: 0, list: [], loading: false };

/** The 15 s that close the panel: started again on every use, stopped while held. */
function createCountdown(ms: number, end: () => void) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  return {
    stop,
    restart(running: boolean) {
      stop();
      if (running) timer = setTimeout(end, ms);
    },
  };
}

/**
 * The pages of the panel as the server answers them: the prefetched first page once, else a request; an answer that
 * arrives after a newer request, or after `drop`, is not shown.
 */
function createPager(options: ReminderPanelOptions, $state: WritableAtom<ReminderPanelState>) {
  let request = 0;
  let early: Promise<PopUpPage> | null = null;
  const load = (page: number) => {
    const prefetched = page === 1 ? early : null;
    early = null;
    return prefetched ?? options.loadPage(page);
  };
  const patch = (changes: Partial<ReminderPanelState>) => $state.set({ ...$state.get(), ...changes });
  return {
    patch,
    drop: () => {
      request++;
    },
    prefetch() {
      if (early || areRemindersSuppressed(options.storage)) return;
      early = options.loadPage(1);
      // Unused (the session was gone), its failure is nobody's.
      early.catch(() => undefined);
    },
    async show(page: number): Promise<PopUpPage | null> {
      const mine = ++request;
      patch({ loading: true });
      let answer: PopUpPage;
      try {
        answer = await load(page);
      } catch {
        if (mine === request) patch({ loading: false });
        return null;
      }
      if (mine !== request) return null;
      patch({ page, pages: answer.pages, total: answer.total, list: answer.list, loading: false });
      return answer;
    },
  };
}

export function createReminderPanel(options: ReminderPanelOptions): ReminderPanel {
  const $state = atom<ReminderPanelState>(CLOSED);
  const autoCloseMs = options.autoCloseMs ?? REMINDER_AUTO_CLOSE_MS;
  let held = false;
  const pager = createPager(options, $state);
  const { patch, show } = pager;
  const countdown = createCountdown(autoCloseMs, () => close());
  const stopTimer = countdown.stop;
  const restartTimer = () => countdown.restart($state.get().open && !held);

  /** `asked`: the user's own request, which opens on an empty list too; by itself the panel opens only with work. */
  async function openAt(page: number, asked: boolean): Promise<boolean> {
    const answer = await show(page);
    if (!answer || (answer.total === 0 && !asked)) return false;
    if (!$state.get().open) patch({ open: true });
    restartTimer();
    return true;
  }

  function close(byIcon = false): void {
    pager.drop();
    stopTimer();
    held = false;
    if (byIcon) suppressReminders(options.storage);
    $state.set(CLOSED);
  }

  async function step(delta: number): Promise<void> {
    const { open, page, pages } = $state.get();
    const target = page + delta;
    if (!open || target < 1 || target > pages) return;
    restartTimer();
    await show(target);
  }

  return {
    $state,
    prefetch: pager.prefetch,
    autoOpen: () => (areRemindersSuppressed(options.storage) ? Promise.resolve(false) : openAt(1, false)),
    open: async () => {
      await openAt(1, true);
    },
    async toggle() {
      if ($state.get().open) close();
      else await openAt(1, true);
    },
    next: () => step(1),
    previous: () => step(-1),
    async reload() {
      const { open, page } = $state.get();
      if (!open) return;
      const answer = await show(page);
      if (answer && answer.list.length === 0 && page > 1) await show(Math.min(page - 1, Math.max(answer.pages, 1)));
      if ($state.get().total === 0) close();
    },
    close,
    hold() {
      held = true;
      stopTimer();
    },
    release() {
      held = false;
      restartTimer();
    },
    dispose: () => {
      pager.drop();
      stopTimer();
    },
  };
}
