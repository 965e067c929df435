import type { TKey } from '../i18n/types';

// Browser-side checks that mirror the API's 400 codes, so most mistakes are caught before a request.
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

// The HTML spec's own pattern for <input type=email>, so our message and the browser agree.
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export type FieldErrors<F extends string> = Partial<Record<F, TKey>>;

/** True when `value` (trimmed) is an address the browser's type=email would accept. */
export const isEmail = (value: string) => EMAIL.test(value.trim());

export function checkEmail(value: string): TKey | undefined {
  if (!value.trim()) return 'auth.validation.emailRequired';
  if (!isEmail(value)) return 'auth.validation.emailInvalid';
  return undefined;
}

/** `newPassword`: also enforce the length rules (sign-in accepts whatever the account has). */
export function checkPassword(value: string, newPassword: boolean): TKey | undefined {
  if (!value) return 'auth.validation.passwordRequired';
  if (newPassword && value.length < PASSWORD_MIN) return 'auth.validation.passwordTooShort';
  if (newPassword && value.length > PASSWORD_MAX) return 'auth.validation.passwordTooLong';
  return undefined;
}

export function checkFullName(value: string): TKey | undefined {
  return value.trim() ? undefined : 'auth.validation.fullNameRequired';
}
