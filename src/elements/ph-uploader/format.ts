import type { TranslateParams } from '../../core';

type Translate = (key: string, params?: TranslateParams) => string;

/** Time left as the list shows it: '2 min 5 s', '1 h 3 min', '8 s' (rounded up: never '0 s' while work is left). */
export function formatRemaining(seconds: number, translate: Translate): string {
  const whole = Math.max(1, Math.ceil(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  if (h > 0) return translate('uploader.hours', { h, m });
  if (m > 0) return translate('uploader.minutes', { m, s });
  return translate('uploader.seconds', { s });
}

/** Whole per cent of a part, 0 for an empty whole (a 0-byte file has nothing to show). */
export function percent(part: number, whole: number): number {
  return whole > 0 ? Math.min(100, Math.floor((part / whole) * 100)) : 0;
}
