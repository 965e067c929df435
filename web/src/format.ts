import type { Lang } from './paths';

// Number and date formatting for account screens. Prices are charged in US dollars in both languages;
// only the notation follows the language ($2,499.00 vs US$ 2.499,00).
const LOCALES: Record<Lang, string> = { en: 'en-US', nl: 'nl-NL' };

/** Integer cents as a USD amount in the language's notation. */
export function formatMoney(cents: number, lang: Lang): string {
  return new Intl.NumberFormat(LOCALES[lang], { style: 'currency', currency: 'USD' }).format(cents / 100);
}

/** Date and time, e.g. "Mar 5, 2025, 2:07 PM" / "5 mrt 2025, 14:07"; the visitor's time zone unless given. */
export function formatDateTime(iso: string, lang: Lang, timeZone?: string): string {
  return new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso));
}

/** Date only, e.g. "March 5, 2025" / "5 maart 2025". */
export function formatDate(iso: string, lang: Lang, timeZone?: string): string {
  return new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'long', timeZone }).format(new Date(iso));
}

/** `iso` moved by whole days (24 h each), as an ISO string: the expected delivery of an order. */
export function addDays(iso: string, days: number): string {
  return new Date(new Date(iso).getTime() + days * 86_400_000).toISOString();
}
