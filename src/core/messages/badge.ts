import type { MessageConfig } from '../api/types';

// §2 header bell: the unread count, capped at 99+, or only a dot when the unit's message config says so.

export const BADGE_CAP = 99;
export const BADGE_DOT = '•';

/** '' for no unread messages; the dot when `pcOpen` is 1; '99+' above 99; else the count. */
export function badgeText(count: number, config?: Pick<MessageConfig, 'pcOpen'> | null): string {
  if (!Number.isFinite(count) || count < 1) return '';
  if (config?.pcOpen === 1) return BADGE_DOT;
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(Math.floor(count));
}
