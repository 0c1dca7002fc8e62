// §5 contact rules. The e-mail check is deliberately loose (the spec's "loose {email}"): something, an @,
// a domain with a dot, no spaces.

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const PHONE = /^1\d{10}$/;
const CONTACT = /^[\d\- ]*$/;
const THEME_COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

export function isValidEmail(value: string): boolean {
  return EMAIL.test(value);
}

/** Mainland mobile number: 11 digits starting with 1. */
export function isValidPhone(value: string): boolean {
  return PHONE.test(value);
}

/** Empty, or only digits, hyphens and spaces. */
export function isValidContact(value: string): boolean {
  return CONTACT.test(value);
}

/** A custom theme colour (§5): a hex value starting with `#`, in the 3- or 6-digit form CSS accepts. */
export function isValidThemeColor(value: string): boolean {
  return THEME_COLOR.test(value);
}
