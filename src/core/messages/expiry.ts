import type { ExpiryModule } from '../api/types';

// §4 Messages: the status of each licensed module and the order the expiry table lists them in.

export const EXPIRY_THRESHOLD_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

export const EXPIRY_STATUS = { inUse: 1, expiringSoon: 2, expired: 3 } as const;
export type ExpiryStatus = (typeof EXPIRY_STATUS)[keyof typeof EXPIRY_STATUS];

export type DateInput = Date | number | string;

/**
 * Milliseconds since the epoch. A number or a string of digits already is one; `YYYY-MM-DD[ HH:mm[:ss]]` (the
 * server's form) is read as local time in every browser (Safari refuses the space form); anything else goes to
 * Date.parse. NaN when unreadable.
 */
export function toTime(value: DateInput): number {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'number') return value;
  if (/^\s*-?\d+\s*$/.test(value)) return Number(value);
  const match = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(value.trim());
  if (!match) return Date.parse(value);
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = match;
  return new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)).getTime();
}

/**
 * 3 when the end time is before now, 2 when it falls within the next 90 days, otherwise 1. An unreadable end
 * time counts as expired: the table then draws attention to a module whose licence cannot be confirmed.
 */
export function expiryStatus(endTime: DateInput, now: DateInput = Date.now()): ExpiryStatus {
  const end = toTime(endTime);
  const current = toTime(now);
  if (Number.isNaN(end) || end < current) return EXPIRY_STATUS.expired;
  if (end - current <= EXPIRY_THRESHOLD_DAYS * DAY_MS) return EXPIRY_STATUS.expiringSoon;
  return EXPIRY_STATUS.inUse;
}

export type ExpiryModuleWithStatus = ExpiryModule & { status: ExpiryStatus };

/** The modules with their status, expired first, then expiring, then in use; list order kept within each. */
export function sortExpiryModules(
  list: readonly ExpiryModule[],
  now: DateInput = Date.now(),
): ExpiryModuleWithStatus[] {
  return list
    .map((module) => ({ ...module, status: expiryStatus(module.endTime, now) }))
    .sort((a, b) => b.status - a.status);
}
