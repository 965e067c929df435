import { ApiError } from '../../../shared/api/client';
import type { QuoteLanguage } from '../../../shared/api/types';
import { isRateLimited, retryMinutes } from '../../../shared/form/errors';
import { isEmail, type FieldErrors } from '../../../shared/form/validate';
import type { TKey, TVars } from '../../../shared/i18n/types';
import type { Lang } from '../../../shared/paths';
import { quoteInbox } from '../../../shared/quoteInbox';
import { QUOTE_LIMITS } from './limits';

// The quote form's values, its checks (the API's rules, internal/quote/validate.go) and its error messages.

/** The form's fields, in form order, by their JSON names. */
const QUOTE_FIELDS = ['fullName', 'email', 'companyName', 'businessType', 'phone', 'language', 'description'] as const;
export type QuoteField = (typeof QUOTE_FIELDS)[number];
const isQuoteField = (name: string | undefined): name is QuoteField => (QUOTE_FIELDS as readonly string[]).includes(name ?? '');

export type QuoteValues = Record<Exclude<QuoteField, 'language'>, string> & {
  language: QuoteLanguage;
  /** The honeypot. */
  website: string;
};

export const emptyQuote = (lang: Lang): QuoteValues => ({
  fullName: '',
  email: '',
  companyName: '',
  businessType: '',
  phone: '',
  // Defaults to the page's language.
  language: lang === 'nl' ? 'dutch' : 'english',
  description: '',
  website: '',
});

const REQUIRED = {
  fullName: 'quote.validation.fullNameRequired',
  email: 'quote.validation.emailRequired',
  description: 'quote.validation.descriptionRequired',
} as const satisfies Partial<Record<QuoteField, TKey>>;

const blank = (value: string) => value.trim() === '';

/** Spec §5: full name, email and description; when one is blank nothing is sent. */
export const missesRequired = (v: QuoteValues) => blank(v.fullName) || blank(v.email) || blank(v.description);

/** Field messages in form order; none when the form can be sent. */
export function checkQuote(v: QuoteValues): FieldErrors<QuoteField> {
  return {
    fullName: blank(v.fullName) ? REQUIRED.fullName : undefined,
    email: blank(v.email) ? REQUIRED.email : isEmail(v.email) ? undefined : 'quote.validation.emailInvalid',
    description: blank(v.description) ? REQUIRED.description : undefined,
  };
}

/** Variables of a field's message: its length limit (translate() ignores what a message doesn't use). */
export const fieldVars = (field: QuoteField): TVars => ({ max: field === 'language' ? 0 : QUOTE_LIMITS[field] });

export interface QuoteProblem {
  /** The toast's text; also shown under `field` when there is one. */
  key: TKey;
  vars: TVars;
  field?: QuoteField;
}

/** The message under a field for the API's 400 code, if we have one. */
function fieldMessage(code: string, field: QuoteField): TKey | undefined {
  switch (code) {
    case 'required':
      return field in REQUIRED ? REQUIRED[field as keyof typeof REQUIRED] : undefined;
    case 'too_long':
      return 'quote.validation.tooLong';
    case 'invalid_email':
      return 'quote.validation.emailInvalid';
    case 'invalid_language':
      return 'quote.validation.languageInvalid';
  }
  return undefined;
}

/** Turns what submitQuote threw into a translatable message (the caller logs the error). */
export function describeQuoteError(err: unknown): QuoteProblem {
  const email = quoteInbox();
  if (err instanceof ApiError) {
    if (isRateLimited(err)) {
      const minutes = retryMinutes(err);
      return minutes > 1
        ? { key: 'quote.error.rateLimited', vars: { minutes, email } }
        : { key: 'quote.error.rateLimitedMinute', vars: { email } };
    }
    const { field } = err;
    if (err.status === 400 && isQuoteField(field)) {
      const key = fieldMessage(err.code, field);
      if (key) return { key, vars: fieldVars(field), field };
    }
  }
  return { key: 'quote.error.text', vars: { email } };
}
