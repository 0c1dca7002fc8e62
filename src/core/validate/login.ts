import { t } from '../i18n/translate';

// §5 login form rules: both fields trimmed and required; errors are keyed by field so the form can show each
// under its input (§8), in the current language.

export interface LoginFields {
  username: string;
  password: string;
}

export type LoginFieldErrors = Partial<Record<keyof LoginFields, string>>;

export interface LoginFieldsCheck {
  valid: boolean;
  /** The trimmed values, the ones to send. */
  values: LoginFields;
  errors: LoginFieldErrors;
}

export function validateLoginFields(fields: LoginFields): LoginFieldsCheck {
  const values = { username: fields.username.trim(), password: fields.password.trim() };
  const errors: LoginFieldErrors = {};
  if (!values.username) errors.username = t('rules.login.usernameRequired');
  if (!values.password) errors.password = t('rules.login.passwordRequired');
  return { valid: !errors.username && !errors.password, values, errors };
}
