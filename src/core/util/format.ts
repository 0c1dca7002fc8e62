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

function scale(value: number, base: number): { scaled: number; index: number } {
  let scaled = Math.abs(value);
  let index = 0;
  while (scaled >= base && index < SUFFIXES.length - 1) {
    scaled /= base;
    index++;
  }
  return { scaled: Math.sign(value) * scaled, index };
}

/** A byte count in powers of 1024: `1536` → `'1.5 kB'`, `0` → `'0 B'`. */
export function formatBytes(bytes: number, decimals = 2): string {
  if (!Number.isFinite(bytes)) return String(bytes);
  const { scaled, index } = scale(bytes, 1024);
  return `${trimFraction(scaled, decimals)} ${SUFFIXES[index]}B`;
}

/** A count in powers of 1000 for badges and statistics: `1500` → `'1.5k'`, `2000000` → `'2M'`. */
export function formatCompact(value: number, decimals = 1): string {
  if (!Number.isFinite(value)) return String(value);
  const { scaled, index } = scale(value, 1000);
  return `${trimFraction(scaled, decimals)}${SUFFIXES[index]}`;
}
