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

/**
 * Reads an amount of money as a person types it in `lang` ("49,00" or "1.234,56" in Dutch, "49.00" or
 * "1,234.56" in English; a leading € and spaces are fine) into integer cents; null when it is not zero or
 * more with at most two decimals. The other language's decimal mark followed by one or two digits is read
 * as a decimal mark too ("49.00" in Dutch), as people type both; followed by three digits it is the
 * thousands separator of `lang` only ("1.234" is 1234 in Dutch and no amount in English).
 */
export function parseMoney(text: string, lang: Lang): number | null {
  const s = text.replace(/[\s\u00a0\u202f]/g, '').replace(/^(€|EUR)/i, '');
  const [decimal, group] = lang === 'nl' ? [',', '.'] : ['.', ','];
  const d = escapeRegExp(decimal);
  const g = escapeRegExp(group);
  let whole: string;
  let fraction: string;
  const own = new RegExp(`^(\\d{1,3}(?:${g}\\d{3})+|\\d+)(?:${d}(\\d{1,2}))?$`).exec(s);
  const other = new RegExp(`^(\\d+)${g}(\\d{1,2})$`).exec(s);
  if (own) {
    whole = own[1].split(group).join('');
    fraction = own[2] ?? '';
  } else if (other) {
    whole = other[1];
    fraction = other[2];
  } else {
    return null;
  }
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Integer cents as a person would type them in `lang`, without currency or grouping: "49,00" / "49.00". */
export function moneyInput(cents: number, lang: Lang): string {
  const s = (cents / 100).toFixed(2);
  return lang === 'nl' ? s.replace('.', ',') : s;
}

/** A month "YYYY-MM" by name: "November 2026" / "november 2026". */
export function formatMonth(month: string, lang: Lang): string {
  return new Intl.DateTimeFormat(LOCALES[lang], { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T12:00:00Z`),
  );
}

/** A calendar day given as YYYY-MM-DD in full: "November 27, 2026" / "27 november 2026". */
export function formatCalendarDate(date: string, lang: Lang): string {
  return new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${date.slice(0, 10)}T12:00:00Z`));
}

/** A VAT rate in basis points as a percentage: 2100 → "21%" / "21%", 0 → "0%". */
export function formatVatRate(basisPoints: number, lang: Lang): string {
  return new Intl.NumberFormat(LOCALES[lang], { style: 'percent', maximumFractionDigits: 2 }).format(basisPoints / 10_000);
}

/** The month before the one `now` is in, as "YYYY-MM" in Amsterdam time (where the agency bills). */
export function previousMonth(now: Date = new Date()): string {
  const [y, m] = amsterdamMonth(now).split('-').map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/** The month `now` is in, "YYYY-MM", in Amsterdam time. */
export function amsterdamMonth(now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam', year: 'numeric', month: '2-digit' }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}`;
}

/** Today as "YYYY-MM-DD" in Amsterdam time. */
export function amsterdamToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
