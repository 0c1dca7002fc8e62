// §5 Chinese resident ID numbers (GB 11643-1999): 15 digits (first generation, two-digit year in the 1900s) or
// 17 digits plus a check character computed by ISO 7064 MOD 11-2, with a real birth date inside.

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const CHECK_CHARS = '10X98765432';

/** The check character of the first 17 digits of an 18-digit ID number. */
export function idCardCheckChar(first17: string): string {
  if (!/^\d{17}$/.test(first17)) throw new Error('idCardCheckChar needs exactly 17 digits');
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * (WEIGHTS[i] as number);
  return CHECK_CHARS[sum % 11] as string;
}

/** Administrative division codes (GB/T 2260) start with a region digit from 1 (north China) to 8 (Hong Kong, Macao, Taiwan). */
const REGION = /^[1-8]/;
const FIRST_YEAR = 1900;

/** A calendar date that exists, from 1900 on, and is not after today (nobody is born tomorrow). */
function isBirthDate(year: number, month: number, day: number, now: Date): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  const exists = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  const today = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  return exists && year >= FIRST_YEAR && date.getTime() <= today;
}

/**
 * 15 or 18 digits with a region digit of 1–8 and a real birth date between 1900 and today; an 18-digit number must
 * also carry the right check character (X or x). `now` is today's date (injectable for tests).
 */
export function isValidIdCard(value: string, now: Date = new Date()): boolean {
  if (!REGION.test(value)) return false;
  if (/^\d{15}$/.test(value)) {
    const [year, month, day] = [FIRST_YEAR + Number(value.slice(6, 8)), value.slice(8, 10), value.slice(10, 12)];
    return isBirthDate(year, Number(month), Number(day), now);
  }
  if (!/^\d{17}[\dXx]$/.test(value)) return false;
  const birth = [value.slice(6, 10), value.slice(10, 12), value.slice(12, 14)].map(Number) as [number, number, number];
  if (!isBirthDate(...birth, now)) return false;
  return idCardCheckChar(value.slice(0, 17)) === (value[17] as string).toUpperCase();
}
