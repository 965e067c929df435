import { ApiError } from '../../api/client';
import type { TKey, TVars } from '../../i18n/types';

export type AuthField = 'fullName' | 'email' | 'password';

// API error codes (see the brief of the Go API) → what we tell the visitor, and which field it is about.
const MESSAGES: Record<string, TKey> = {
  invalid_credentials: 'auth.errors.invalidCredentials',
  email_not_verified: 'auth.errors.emailNotVerified',
  invalid_token: 'auth.errors.invalidToken',
  invalid_email: 'auth.validation.emailInvalid',
  email_required: 'auth.validation.emailRequired',
  password_required: 'auth.validation.passwordRequired',
  password_too_short: 'auth.validation.passwordTooShort',
  password_too_long: 'auth.validation.passwordTooLong',
  full_name_required: 'auth.validation.fullNameRequired',
  full_name_too_long: 'auth.validation.fullNameTooLong',
  network: 'auth.errors.network',
  unavailable: 'auth.errors.unavailable',
};

const FIELDS: Record<string, AuthField> = {
  invalid_email: 'email',
  email_required: 'email',
  password_required: 'password',
  password_too_short: 'password',
  password_too_long: 'password',
  full_name_required: 'fullName',
  full_name_too_long: 'fullName',
};

export interface Problem {
  code: string;
  key: TKey;
  vars?: TVars;
  /** Set when the message belongs next to one input. */
  field?: AuthField;
}

export const isRateLimited = (err: ApiError) => err.code === 'rate_limited' || err.status === 429;

/** Whole minutes to wait after a 429 (one when the server did not say). */
export const retryMinutes = (err: ApiError) => Math.ceil((err.retryAfter ?? 60) / 60);

/** Turns anything a form's API call threw into a translatable message. */
export function describeError(err: unknown): Problem {
  if (!(err instanceof ApiError)) {
    console.error(err);
    return { code: 'unknown', key: 'auth.errors.unknown' };
  }
  if (isRateLimited(err)) {
    const minutes = retryMinutes(err);
    return minutes > 1
      ? { code: 'rate_limited', key: 'auth.errors.rateLimited', vars: { minutes } }
      : { code: 'rate_limited', key: 'auth.errors.rateLimitedMinute' };
  }
  const key = MESSAGES[err.code];
  // Anything we have no words for is unexpected: keep the details for whoever reads the console.
  if (!key || err.code === 'network' || err.code === 'unavailable') console.error(err);
  return { code: err.code, key: key ?? 'auth.errors.unknown', field: FIELDS[err.code] };
}
