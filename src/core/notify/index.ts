import { atom } from 'nanostores';
import { pageSingleton } from '../shared';

// Notification toasts of §8/§9. Core raises them (request errors, zoom warning...); the toast host in
// src/elements/common renders them. Messages are plain text: the renderer never interprets them as HTML.

export type NoticeKind = 'success' | 'warning' | 'error' | 'info';

export interface Notice {
  id: number;
  kind: NoticeKind;
  message: string;
  /** Milliseconds before it closes by itself; 0 keeps it until dismissed. */
  duration: number;
}

/** §9: notification default duration. */
export const NOTICE_DURATION = 2000;
/** §9: gap between stacked notifications, in px. */
export const NOTICE_GAP = 16;

export const $notices = /* @__PURE__ */ pageSingleton('notices', () => atom<Notice[]>([]));

const counter = /* @__PURE__ */ pageSingleton('notice-counter', () => ({ next: 1 }));

export function notify(kind: NoticeKind, message: string, duration = NOTICE_DURATION): Notice {
  const notice: Notice = { id: counter.next++, kind, message: String(message), duration };
  $notices.set([...$notices.get(), notice]);
  if (duration > 0) setTimeout(() => dismiss(notice.id), duration);
  return notice;
}

export function dismiss(id: number): void {
  const rest = $notices.get().filter((notice) => notice.id !== id);
  if (rest.length !== $notices.get().length) $notices.set(rest);
}
