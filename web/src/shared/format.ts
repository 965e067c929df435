import type { Lang } from './paths';

// Number and date formatting for account screens. Every amount carries its own ISO 4217 currency (the
// agency prices in euros); the notation follows the page's language (€2,499.00 vs € 2.499,00).
const LOCALES: Record<Lang, string> = { en: 'en-US', nl: 'nl-NL' };

// Making an Intl formatter costs far more than using one (on a phone slowed 4×, the dashboard spent 177 ms
// making the same money format again for every figure): each locale and set of options is made once.
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** The one Intl.NumberFormat for `locale` and `options`, made at its first use. */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
}

/** The one Intl.DateTimeFormat for `locale` and `options`, made at its first use. */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = dateTimeFormats.get(key);
  if (!format) dateTimeFormats.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}

// Chromium spends 120–290 ms, on a phone slowed 4×, making a page's first Intl.NumberFormat or
// DateTimeFormat (bench/slowphone.mjs): more than rendering a whole signed-in screen. So the notations the
// screens show most, euros, plain numbers and dates in the visitor's zone or in UTC, in English (en-US) and
// Dutch (nl-NL), are written here exactly as Intl writes them in the browser (format.test.ts compares them
// with Intl, and e2e/tests/format.spec.ts with Chromium's); anything else goes to Intl.
const MONTHS: Record<Lang, readonly string[]> = {
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  nl: ['januari', 'februari', 'maart', 'april', 'mei', 'juni', 'juli', 'augustus', 'september', 'oktober', 'november', 'december'],
};
const SHORT_MONTHS: Record<Lang, readonly string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  nl: ['jan', 'feb', 'mrt', 'apr', 'mei', 'jun', 'jul', 'aug', 'sep', 'okt', 'nov', 'dec'],
};
/** Short weekday names, Sunday first (Date#getDay). */
const SHORT_WEEKDAYS: Record<Lang, readonly string[]> = {
  en: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
  nl: ['zo', 'ma', 'di', 'wo', 'do', 'vr', 'za'],
};
const MARKS: Record<Lang, { decimal: string; group: string }> = { en: { decimal: '.', group: ',' }, nl: { decimal: ',', group: '.' } };

/**
 * `value` with at most `max` and at least `min` decimals, grouped, in the language's marks, as Intl writes
 * it (rounded half away from zero from the number's shortest decimal form); null when Intl should: an
 * exponent form, or a negative number that rounds to zero (Intl writes "-0").
 */
function plainNumber(value: number, lang: Lang, max: number, min = 0): string | null {
  if (!Number.isFinite(value)) return null;
  const text = String(Math.abs(value));
  if (text.includes('e')) return null;
  const [whole, fraction = ''] = text.split('.');
  let digits = whole + fraction.slice(0, max).padEnd(max, '0');
  if (fraction.length > max && fraction[max] >= '5') {
    // Carry the rounding up through the digits.
    const out = digits.split('');
    let i = out.length - 1;
    for (; i >= 0 && out[i] === '9'; i--) out[i] = '0';
    if (i < 0) out.unshift('1');
    else out[i] = String(Number(out[i]) + 1);
    digits = out.join('');
  }
  const intPart = digits.slice(0, digits.length - max) || '0';
  let fracPart = digits.slice(digits.length - max);
  while (fracPart.length > min && fracPart.endsWith('0')) fracPart = fracPart.slice(0, -1);
  const negative = value < 0 || Object.is(value, -0);
  if (negative && /^0*$/.test(intPart + fracPart)) return null;
  const { decimal, group } = MARKS[lang];
  const grouped = intPart.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${negative ? '-' : ''}${grouped}${fracPart ? decimal + fracPart : ''}`;
}

/** A date's parts in the visitor's zone, from its time in ms. */
export type ZoneParts = (ms: number) => { year: number; month: number; day: number; weekday: number; hour: number; minute: number };
let visitorZone: ZoneParts | undefined;
/**
 * The server's render of a signed-in screen (app/entry.screens.tsx) runs where a Date's own zone is the
 * server's: it gives the visitor's zone here instead.
 */
export function setVisitorZone(parts: ZoneParts | undefined): void {
  visitorZone = parts;
}

/** The parts of a date in the visitor's zone (no zone given) or in UTC; null for any other zone (Intl's). */
function dateParts(date: Date, timeZone: string | undefined) {
  if (Number.isNaN(date.getTime())) return null;
  if (timeZone === undefined && visitorZone) return visitorZone(date.getTime());
  if (timeZone === undefined) {
    return {
      year: date.getFullYear(),
      month: date.getMonth(),
      day: date.getDate(),
      weekday: date.getDay(),
      hour: date.getHours(),
      minute: date.getMinutes(),
    };
  }
  if (timeZone !== 'UTC') return null;
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth(),
    day: date.getUTCDate(),
    weekday: date.getUTCDay(),
    hour: date.getUTCHours(),
    minute: date.getUTCMinutes(),
  };
}
type DateParts = NonNullable<ReturnType<typeof dateParts>>;
/** Years Intl writes as plain digits (its own rules differ before year 1 and for eras). */
const plainYear = (p: DateParts | null): p is DateParts => p !== null && p.year >= 1000 && p.year <= 9999;

const longDate = (p: DateParts, lang: Lang) =>
  lang === 'nl' ? `${p.day} ${MONTHS.nl[p.month]} ${p.year}` : `${MONTHS.en[p.month]} ${p.day}, ${p.year}`;

function mediumDateTime(p: DateParts, lang: Lang): string {
  const minute = String(p.minute).padStart(2, '0');
  if (lang === 'nl') return `${p.day} ${SHORT_MONTHS.nl[p.month]} ${p.year}, ${String(p.hour).padStart(2, '0')}:${minute}`;
  return `${SHORT_MONTHS.en[p.month]} ${p.day}, ${p.year}, ${p.hour % 12 || 12}:${minute} ${p.hour < 12 ? 'AM' : 'PM'}`;
}

/** Integer cents (of a currency with two minor digits, as the server's are) in `currency`, in the language's notation. */
export function formatMoney(cents: number, currency: string, lang: Lang): string {
  const amount = currency === 'EUR' ? plainNumber(cents / 100, lang, 2, 2) : null;
  if (amount !== null) {
    // "-€2,499.00" / "€ -2.499,00" (a no-break space after the sign in Dutch).
    if (lang === 'nl') return `€\u00a0${amount}`;
    return amount.startsWith('-') ? `-€${amount.slice(1)}` : `€${amount}`;
  }
  return numberFormat(LOCALES[lang], { style: 'currency', currency }).format(cents / 100);
}

/** Date and time, e.g. "Mar 5, 2025, 2:07 PM" / "5 mrt 2025, 14:07"; the visitor's time zone unless given. */
export function formatDateTime(iso: string, lang: Lang, timeZone?: string): string {
  const p = dateParts(new Date(iso), timeZone);
  if (plainYear(p)) return mediumDateTime(p, lang);
  return dateTimeFormat(LOCALES[lang], { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso));
}

/** Date only, e.g. "March 5, 2025" / "5 maart 2025". */
export function formatDate(iso: string, lang: Lang, timeZone?: string): string {
  const p = dateParts(new Date(iso), timeZone);
  if (plainYear(p)) return longDate(p, lang);
  return dateTimeFormat(LOCALES[lang], { dateStyle: 'long', timeZone }).format(new Date(iso));
}

/** `iso` moved by whole days (24 h each), as an ISO string: the expected delivery of an order. */
export function addDays(iso: string, days: number): string {
  return new Date(new Date(iso).getTime() + days * 86_400_000).toISOString();
}

/** A plain number in the language's notation, with at most `fractionDigits` decimals (1,234.5 / 1.234,5). */
export function formatNumber(value: number, lang: Lang, fractionDigits = 0): string {
  return plainNumber(value, lang, fractionDigits) ?? numberFormat(LOCALES[lang], { maximumFractionDigits: fractionDigits }).format(value);
}

/** A calendar day given as YYYY-MM-DD, e.g. "Oct 24" / "24 okt"; `weekday` adds the day's name. */
export function formatDay(date: string, lang: Lang, weekday = false): string {
  // Noon UTC of that day, shown in UTC: the same calendar day whatever the visitor's zone.
  const p = dateParts(new Date(`${date}T12:00:00Z`), 'UTC');
  if (plainYear(p)) {
    const day = lang === 'nl' ? `${p.day} ${SHORT_MONTHS.nl[p.month]}` : `${SHORT_MONTHS.en[p.month]} ${p.day}`;
    if (!weekday) return day;
    return lang === 'nl' ? `${SHORT_WEEKDAYS.nl[p.weekday]} ${day}` : `${SHORT_WEEKDAYS.en[p.weekday]}, ${day}`;
  }
  return dateTimeFormat(LOCALES[lang], {
    month: 'short',
    day: 'numeric',
    weekday: weekday ? 'short' : undefined,
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));
}

/** The name of a weekday, 0 for Monday to 6 for Sunday: "Mon" / "ma" (short) or "Monday" / "maandag" (long). */
export function weekdayName(day: number, lang: Lang, width: 'short' | 'long' = 'short'): string {
  // 1 January 2024 was a Monday; noon UTC, shown in UTC.
  return dateTimeFormat(LOCALES[lang], { weekday: width, timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, 1 + day, 12)));
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
  const p = dateParts(new Date(`${month}-01T12:00:00Z`), 'UTC');
  if (plainYear(p)) return `${MONTHS[lang][p.month]} ${p.year}`;
  return dateTimeFormat(LOCALES[lang], { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T12:00:00Z`));
}

/** A calendar day given as YYYY-MM-DD in full: "November 27, 2026" / "27 november 2026". */
export function formatCalendarDate(date: string, lang: Lang): string {
  const p = dateParts(new Date(`${date.slice(0, 10)}T12:00:00Z`), 'UTC');
  if (plainYear(p)) return longDate(p, lang);
  return dateTimeFormat(LOCALES[lang], { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${date.slice(0, 10)}T12:00:00Z`));
}

/** A share (0.42) as a whole percentage: "42%" / "42%". */
export function formatPercent(rate: number, lang: Lang): string {
  return numberFormat(LOCALES[lang], { style: 'percent', maximumFractionDigits: 0 }).format(rate);
}

/** Items joined as the language lists them: "a, b and c" / "a, b en c". */
export function formatList(items: string[], lang: Lang): string {
  return new Intl.ListFormat(lang, { type: 'conjunction' }).format(items);
}

/** A VAT rate in basis points as a percentage: 2100 → "21%" / "21%", 0 → "0%". */
export function formatVatRate(basisPoints: number, lang: Lang): string {
  return numberFormat(LOCALES[lang], { style: 'percent', maximumFractionDigits: 2 }).format(basisPoints / 10_000);
}

/** The month before the one `now` is in, as "YYYY-MM" in Amsterdam time (where the agency bills). */
export function previousMonth(now: Date = new Date()): string {
  const [y, m] = amsterdamMonth(now).split('-').map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/** The month `now` is in, "YYYY-MM", in Amsterdam time. */
export function amsterdamMonth(now: Date = new Date()): string {
  const parts = dateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam', year: 'numeric', month: '2-digit' }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}`;
}

/** Today as "YYYY-MM-DD" in Amsterdam time. */
export function amsterdamToday(now: Date = new Date()): string {
  return dateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
