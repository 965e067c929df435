import type { Lang } from './paths';

// Number and date formatting for account screens. Every amount carries its own ISO 4217 currency (the
// agency prices in euros); the notation follows the page's language (€2,499.00 vs € 2.499,00).
const LOCALES: Record<Lang, string> = { en: 'en-US', nl: 'nl-NL' };

/** Integer cents (of a currency with two minor digits, as the server's are) in `currency`, in the language's notation. */
export function formatMoney(cents: number, currency: string, lang: Lang): string {
  return new Intl.NumberFormat(LOCALES[lang], { style: 'currency', currency }).format(cents / 100);
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
