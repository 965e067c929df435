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

/** A plain number in the language's notation, with at most `fractionDigits` decimals (1,234.5 / 1.234,5). */
export function formatNumber(value: number, lang: Lang, fractionDigits = 0): string {
  return new Intl.NumberFormat(LOCALES[lang], { maximumFractionDigits: fractionDigits }).format(value);
}

/** A calendar day given as YYYY-MM-DD, e.g. "Oct 24" / "24 okt"; `weekday` adds the day's name. */
export function formatDay(date: string, lang: Lang, weekday = false): string {
  // Noon UTC of that day, shown in UTC: the same calendar day whatever the visitor's zone.
  return new Intl.DateTimeFormat(LOCALES[lang], {
    month: 'short',
    day: 'numeric',
    weekday: weekday ? 'short' : undefined,
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));
}

/** The name of a weekday, 0 for Monday to 6 for Sunday: "Mon" / "ma" (short) or "Monday" / "maandag" (long). */
export function weekdayName(day: number, lang: Lang, width: 'short' | 'long' = 'short'): string {
  // 1 January 2024 was a Monday; noon UTC, shown in UTC.
  return new Intl.DateTimeFormat(LOCALES[lang], { weekday: width, timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, 1 + day, 12)));
}
