import { addStrings, type StringTable, type TranslateParams, t } from '../i18n/translate';
import { DEFAULT_THEME_COLOR } from '../theme/model';
import { isValidContact, isValidEmail, isValidPhone, isValidThemeColor } from './contact';
import { isValidIdCard } from './id-card';

// §5 field rules with the message a form shows under the field (§8), in the current language. The boolean rules
// stay in contact.ts and id-card.ts; these add the text. Values are trimmed first, as the login fields are.

export type FieldCheck = { valid: true } | { valid: false; message: string };

/** Registered on first use, so that only a bundle that checks these fields carries their texts. */
export const FIELD_STRINGS: StringTable = {
  'zh-CN': {
    'rules.idCard.invalid': '请输入正确的15位或18位身份证号码',
    'rules.phone.invalid': '请输入以1开头的11位手机号码',
    'rules.email.invalid': '请输入正确的电子邮箱地址',
    'rules.contact.invalid': '联系电话只能包含数字、连字符和空格',
    'rules.themeColor.invalid': '自定义主题色必须是以 # 开头的十六进制颜色，例如 {example}',
  },
  en: {
    'rules.idCard.invalid': 'Enter a valid 15- or 18-digit ID card number',
    'rules.phone.invalid': 'Enter an 11-digit mobile number starting with 1',
    'rules.email.invalid': 'Enter a valid email address',
    'rules.contact.invalid': 'A contact number may contain only digits, hyphens and spaces',
    'rules.themeColor.invalid': 'A custom theme colour must be a hex value starting with #, such as {example}',
  },
  'zh-HK': {
    'rules.idCard.invalid': '請輸入正確的15位或18位身份證號碼',
    'rules.phone.invalid': '請輸入以1開頭的11位手機號碼',
    'rules.email.invalid': '請輸入正確的電子郵箱地址',
    'rules.contact.invalid': '聯繫電話只能包含數字、連字符和空格',
    'rules.themeColor.invalid': '自定義主題色必須是以 # 開頭的十六進制顏色，例如 {example}',
  },
};

let stringsAdded = false;

function check(valid: boolean, key: string, params?: TranslateParams): FieldCheck {
  if (valid) return { valid: true };
  if (!stringsAdded) {
    addStrings(FIELD_STRINGS);
    stringsAdded = true;
  }
  return { valid: false, message: t(key, params) };
}

/** A 15- or 18-digit Chinese ID number with a real birth date (and check character); `now` is today. */
export function checkIdCard(value: string, now?: Date): FieldCheck {
  return check(isValidIdCard(value.trim(), now), 'rules.idCard.invalid');
}

export function checkPhone(value: string): FieldCheck {
  return check(isValidPhone(value.trim()), 'rules.phone.invalid');
}

export function checkEmail(value: string): FieldCheck {
  return check(isValidEmail(value.trim()), 'rules.email.invalid');
}

/** Empty is allowed: a contact number is optional. */
export function checkContact(value: string): FieldCheck {
  return check(isValidContact(value.trim()), 'rules.contact.invalid');
}

export function checkThemeColor(value: string): FieldCheck {
  return check(isValidThemeColor(value.trim()), 'rules.themeColor.invalid', { example: DEFAULT_THEME_COLOR });
}
