// §9 formatters: thousands separators and k/M/G/T/P/E suffixes.

const SUFFIXES = ['', 'k', 'M', 'G', 'T', 'P', 'E'] as const;

function trimFraction(value: number, decimals: number): string {
  return String(Number(value.toFixed(decimals)));
}

/** `1234567.5` → `'1,234,567.5'`; the fraction is kept as given (rounded when `decimals` is set). */
export function formatNumber(value: number, decimals?: number): string {
  if (!Number.isFinite(value)) return String(value);
  const text = decimals === undefined ? String(value) : value.toFixed(decimals);
  if (/e/i.test(text)) return text;
  const [whole = '', fraction] = text.split('.');
  const sign = whole.startsWith('-') ? '-' : '';
  const digits = sign ? whole.slice(1) : whole;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? `${sign}${grouped}` : `${sign}${grouped}.${fraction}`;
}

/**
 * The value in the largest unit that keeps it below `base`, as text with at most `decimals` decimals. The unit is
 * chosen after rounding, so 999950 reads `1M` rather than `1000k`.
 */
function scale(value: number, base: number, decimals: number): { text: string; index: number } {
  let scaled = Math.abs(value);
  let index = 0;
  const last = SUFFIXES.length - 1;
  while (index < last && (scaled >= base || Number(scaled.toFixed(decimals)) >= base)) {
    scaled /= base;
    index++;
  }
  return { text: trimFraction(Math.sign(value) * scaled, decimals), index };
}

/** A byte count in powers of 1024: `1536` → `'1.5 kB'`, `0` → `'0 B'`. */
export function formatBytes(bytes: number, decimals = 2): string {
  if (!Number.isFinite(bytes)) return String(bytes);
  const { text, index } = scale(bytes, 1024, decimals);
  return `${text} ${SUFFIXES[index]}B`;
}

/** A count in powers of 1000 for badges and statistics: `1500` → `'1.5k'`, `2000000` → `'2M'`. */
export function formatCompact(value: number, decimals = 1): string {
  if (!Number.isFinite(value)) return String(value);
  const { text, index } = scale(value, 1000, decimals);
  return `${text}${SUFFIXES[index]}`;
}
