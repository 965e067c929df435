import type { FieldProblem } from '../../shared/api/client';
import { messageFor } from '../../shared/form/errors';
import { isEmail } from '../../shared/form/validate';
import type { TKey, TVars } from '../../shared/i18n/types';
import type { Lang } from '../../shared/paths';
import type { Company, CompanyBody, Country } from './api';

// The company form's values, its checks before sending (those that need no table of formats: required
// fields, the KvK number, the email address) and the server's 400, field by field. The postcode, the
// country and the VAT id are the server's to judge (internal/company): its answer lists every problem at
// once, and each lands next to its field in the page's language.

export const FIELDS = ['legalName', 'street', 'postcode', 'city', 'country', 'kvk', 'vatId', 'invoiceEmail'] as const;
export type CompanyField = (typeof FIELDS)[number];
export type Values = Record<CompanyField, string>;

/** A message for one field, translated when shown (so it follows the page's language). */
export interface Message {
  key: TKey;
  vars?: TVars;
}
export type Messages = Partial<Record<CompanyField, Message>>;

/** The Netherlands: the agency's home, first in the list and the default; only Dutch companies have a KvK number. */
export const HOME = 'NL';

const isField = (name: string | undefined): name is CompanyField => (FIELDS as readonly string[]).includes(name ?? '');

/** The form's starting values: the stored company, or empty in the Netherlands. */
export function valuesOf(c: Company | null): Values {
  if (!c) return { legalName: '', street: '', postcode: '', city: '', country: HOME, kvk: '', vatId: '', invoiceEmail: '' };
  const { legalName, street, postcode, city, country, kvk, vatId, invoiceEmail } = c;
  return { legalName, street, postcode, city, country, kvk, vatId, invoiceEmail };
}

export function bodyOf(v: Values, version: number | undefined): CompanyBody {
  return { ...v, kvk: v.country === HOME ? v.kvk : '', ...(version ? { version } : {}) };
}

/** A country's name in the page's language (the code when the browser has no name for it). */
export function countryName(code: string, lang: Lang): string {
  try {
    return new Intl.DisplayNames([lang], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The countries as the select offers them: the Netherlands first, then by name in the page's language. */
export function countryOptions(countries: readonly Country[], lang: Lang): { code: string; name: string }[] {
  const named = countries.map((c) => ({ code: c.code, name: countryName(c.code, lang) }));
  const collator = new Intl.Collator(lang);
  return [
    ...named.filter((c) => c.code === HOME),
    ...named.filter((c) => c.code !== HOME).sort((a, b) => collator.compare(a.name, b.name)),
  ];
}

const REQUIRED: Record<Exclude<CompanyField, 'vatId'>, TKey> = {
  legalName: 'company.required.legalName',
  street: 'company.required.street',
  postcode: 'company.required.postcode',
  city: 'company.required.city',
  country: 'company.required.country',
  kvk: 'company.required.kvk',
  invoiceEmail: 'company.required.invoiceEmail',
};

/** The checks before sending, in the form's order. */
export function check(v: Values): Messages {
  const out: Messages = {};
  for (const field of FIELDS) {
    if (field === 'vatId' || (field === 'kvk' && v.country !== HOME)) continue;
    if (!v[field].trim()) out[field] = { key: REQUIRED[field] };
  }
  if (!out.kvk && v.country === HOME && !/^\d{8}$/.test(v.kvk.replace(/[\s.-]/g, ''))) out.kvk = { key: 'company.errors.kvk' };
  if (!out.invoiceEmail && !isEmail(v.invoiceEmail)) out.invoiceEmail = { key: 'company.errors.invoiceEmail' };
  return out;
}

/** One of the server's field problems, in words: the country's name and examples where the format is the point. */
function messageOf(p: FieldProblem, field: CompanyField, country: Country | undefined, lang: Lang): Message {
  const name = countryName(country?.code ?? '', lang);
  switch (p.code) {
    case 'required':
      return field === 'vatId' ? { key: messageFor(p.code) } : { key: REQUIRED[field] };
    case 'too_long':
      return { key: 'company.errors.tooLong' };
    case 'invalid_postcode':
      return { key: 'company.errors.postcode', vars: { country: name, example: country?.postcodeExample ?? '' } };
    case 'invalid_country':
      return { key: 'company.errors.country' };
    case 'invalid_kvk':
      return { key: 'company.errors.kvk' };
    case 'invalid_vat_id':
      return { key: 'company.errors.vatId', vars: { country: name, example: country?.vatExample ?? '' } };
    case 'invalid_email':
      return { key: 'company.errors.invoiceEmail' };
  }
  return { key: messageFor(p.code) };
}

/**
 * The server's 400 as messages per field (every problem it listed, or its one), or null when it names no
 * field of this form (the form's alert shows it then).
 */
export function serverMessages(
  problems: readonly FieldProblem[],
  countries: readonly Country[],
  countryCode: string,
  lang: Lang,
): Messages | null {
  const country = countries.find((c) => c.code === countryCode);
  const out: Messages = {};
  for (const p of problems) {
    if (isField(p.field) && !out[p.field]) out[p.field] = messageOf(p, p.field, country, lang);
  }
  return Object.keys(out).length ? out : null;
}
