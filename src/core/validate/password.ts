import { t } from '../i18n/translate';

// §5 password rules. Length is counted in code points so that a character outside the BMP counts once.

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 20;

export type PasswordProblem = 'length' | 'whitespace' | 'chinese' | 'mix';

export type PasswordCheck = { valid: true } | { valid: false; problem: PasswordProblem; message: string };

const HAN = /\p{Script=Han}/u;
const WHITESPACE = /\s/;
const DIGIT = /[0-9]/;
const NON_DIGIT = /[^0-9]/;
const LETTER = /[A-Za-z]/;
const NON_LETTER = /[^A-Za-z]/;
const SIMPLE = /^[A-Za-z0-9_.@-]{8,20}$/;

function fail(problem: PasswordProblem): PasswordCheck {
  return { valid: false, problem, message: t(`rules.password.${problem}`) };
}

/**
 * Strength check of §5: 8–20 non-space characters, no Chinese characters, and mixing digits with non-digits or
 * letters with non-letters — read literally, so all-digit, all-letter and all-symbol passwords fail.
 */
export function validatePassword(value: string): PasswordCheck {
  const length = [...value].length;
  if (WHITESPACE.test(value)) return fail('whitespace');
  if (length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH) return fail('length');
  if (HAN.test(value)) return fail('chinese');
  const mixesDigits = DIGIT.test(value) && NON_DIGIT.test(value);
  const mixesLetters = LETTER.test(value) && NON_LETTER.test(value);
  if (!mixesDigits && !mixesLetters) return fail('mix');
  return { valid: true };
}

/** The alternate check of §5: 8–20 characters, each a letter, a digit or one of `_ . @ -`. */
export function validatePasswordSimple(value: string): PasswordCheck {
  if (SIMPLE.test(value)) return { valid: true };
  return { valid: false, problem: 'mix', message: t('rules.password.simple') };
}
