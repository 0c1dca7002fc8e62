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

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** 15 or 18 digits with a real date; an 18-digit number must also carry the right check character (X or x). */
export function isValidIdCard(value: string): boolean {
  if (/^\d{15}$/.test(value)) {
    return isRealDate(1900 + Number(value.slice(6, 8)), Number(value.slice(8, 10)), Number(value.slice(10, 12)));
  }
  if (!/^\d{17}[\dXx]$/.test(value)) return false;
  const year = Number(value.slice(6, 10));
  if (!isRealDate(year, Number(value.slice(10, 12)), Number(value.slice(12, 14)))) return false;
  return idCardCheckChar(value.slice(0, 17)) === (value[17] as string).toUpperCase();
}
