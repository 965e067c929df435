import { ApiError } from '../api/client';
import type { KnownErrorCode } from '../api/types';
import type { TKey, TVars } from '../i18n/types';

export type AuthField = 'fullName' | 'email' | 'password';

// Every error code → what we tell the visitor. The Record over KnownErrorCode makes the type checker
// ask for a message whenever the Go catalogue (internal/apierr/codes.go → api/codes.ts) gains a code,
// and the dictionaries' types ask for each key in both languages. Codes a well-behaved form never
// causes (a malformed body, a webhook's) share the words for "reload and try again".
const MESSAGES: Record<KnownErrorCode, TKey> = {
  required: 'auth.errors.required',
  too_long: 'auth.errors.tooLong',
  invalid_email: 'auth.validation.emailInvalid',
  invalid_language: 'auth.errors.badRequest',
  email_required: 'auth.validation.emailRequired',
  password_required: 'auth.validation.passwordRequired',
  password_too_short: 'auth.validation.passwordTooShort',
  password_too_long: 'auth.validation.passwordTooLong',
  full_name_required: 'auth.validation.fullNameRequired',
  full_name_too_long: 'auth.validation.fullNameTooLong',
  full_name_invalid: 'auth.validation.fullNameInvalid',
  invalid_source: 'auth.errors.badRequest',
  invalid_status: 'auth.errors.invalidStatus',
  invalid_amount: 'auth.errors.invalidAmount',
  invalid_currency: 'auth.errors.invalidCurrency',
  unknown_agent: 'auth.errors.unknownAgent',
  invalid_delivery_days: 'auth.errors.invalidDeliveryDays',
  version_conflict: 'auth.errors.versionConflict',
  invalid_assistant: 'auth.errors.invalidAssistant',
  assistant_taken: 'auth.errors.assistantTaken',
  account_active: 'auth.errors.accountActive',
  invalid_field_name: 'auth.errors.invalidFieldName',
  duplicate_field: 'auth.errors.duplicateField',
  invalid_field_type: 'auth.errors.invalidFieldType',
  options_required: 'auth.errors.optionsRequired',
  invalid_postcode: 'auth.errors.invalidPostcode',
  invalid_country: 'auth.errors.invalidCountry',
  invalid_kvk: 'auth.errors.invalidKvk',
  invalid_vat_id: 'auth.errors.invalidVatId',
  buyer_only: 'auth.errors.buyerOnly',
  invalid_webhook_url: 'auth.errors.invalidWebhookUrl',
  webhook_url_not_public: 'auth.errors.webhookUrlNotPublic',
  invalid_event: 'auth.errors.invalidEvent',
  invalid_period: 'auth.errors.invalidPeriod',
  period_open: 'auth.errors.periodOpen',
  company_missing: 'auth.errors.companyMissing',
  dpa_not_accepted: 'auth.errors.dpaNotAccepted',
  dpa_version: 'auth.errors.dpaVersion',
  already_invoiced: 'auth.errors.alreadyInvoiced',
  nothing_to_bill: 'auth.errors.nothingToBill',
  billing_not_configured: 'auth.errors.billingNotConfigured',
  credit_exceeds_invoice: 'auth.errors.creditExceedsInvoice',
  credit_note_not_invoice: 'auth.errors.creditNoteNotInvoice',
  invalid_date: 'auth.errors.invalidDate',
  // An agent's settings (their own screens read the `settings` namespace).
  ai_disclosure_missing: 'settings.errors.aiDisclosure',
  recording_notice_missing: 'settings.errors.recordingNotice',
  invalid_time: 'settings.errors.time',
  overlapping_hours: 'settings.errors.overlap',
  invalid_time_zone: 'settings.errors.timeZone',
  invalid_phone: 'settings.errors.transferNumber',
  too_many: 'settings.errors.tooMany',
  change_decided: 'settings.errors.changeDecided',
  unknown_version: 'settings.errors.unknownVersion',
  invalid_credentials: 'auth.errors.invalidCredentials',
  code_required: 'auth.twoStep.codeRequired',
  invalid_code: 'auth.errors.invalidCode',
  code_used: 'auth.errors.codeUsed',
  wrong_password: 'auth.errors.wrongPassword',
  email_not_verified: 'auth.errors.emailNotVerified',
  invalid_token: 'auth.errors.invalidToken',
  unauthenticated: 'auth.errors.unauthenticated',
  staff_only: 'auth.errors.staffOnly',
  unauthorized: 'auth.errors.badRequest',
  cross_origin: 'auth.errors.badRequest',
  not_found: 'auth.errors.notFound',
  method_not_allowed: 'auth.errors.badRequest',
  unsupported_media_type: 'auth.errors.badRequest',
  body_too_large: 'auth.errors.tooLarge',
  empty_body: 'auth.errors.badRequest',
  invalid_json: 'auth.errors.badRequest',
  invalid_body: 'auth.errors.badRequest',
  body_timeout: 'auth.errors.network',
  invalid_field: 'auth.errors.badRequest',
  unknown_field: 'auth.errors.badRequest',
  invalid_message: 'auth.errors.badRequest',
  invalid_arguments: 'auth.errors.badRequest',
  invalid_cursor: 'auth.errors.invalidCursor',
  invalid_limit: 'auth.errors.badRequest',
  rate_limited: 'auth.errors.rateLimitedMinute',
  unavailable: 'auth.errors.unavailable',
  internal: 'auth.errors.unknown',
  network: 'auth.errors.network',
  invalid_response: 'auth.errors.unknown',
  unknown: 'auth.errors.unknown',
};

const FIELDS: Partial<Record<KnownErrorCode, AuthField>> = {
  invalid_email: 'email',
  email_required: 'email',
  password_required: 'password',
  password_too_short: 'password',
  password_too_long: 'password',
  full_name_required: 'fullName',
  full_name_too_long: 'fullName',
  full_name_invalid: 'fullName',
};

/** Whether the app has words for code (a newer server may send one it does not know yet). */
export const isKnownCode = (code: string): code is KnownErrorCode => Object.hasOwn(MESSAGES, code);

/** The message for an error code; the generic one for a code this build does not know. */
export const messageFor = (code: string): TKey => (isKnownCode(code) ? MESSAGES[code] : MESSAGES.unknown);

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
  // Anything but a visitor's mistake is unexpected: keep the details for whoever reads the console.
  if (!isKnownCode(err.code) || err.code === 'invalid_response' || err.status === 0 || err.status >= 500) console.error(err);
  const field = isKnownCode(err.code) ? FIELDS[err.code] : undefined;
  return { code: err.code, key: messageFor(err.code), field };
}
