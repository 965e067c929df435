// The comparison behind format.test.ts (Node's Intl) and e2e/tests/format.spec.ts (Chromium's Intl):
// format.ts writes euros, numbers and dates without Intl, and what it writes must be what Intl writes, for
// every kind of value, in English and Dutch, in the visitor's zone and in UTC. Self-contained (the e2e test
// runs this file in the browser), so it takes the formatters as an argument and imports nothing.

type Lang = 'en' | 'nl';
export interface Formatters {
  formatNumber(value: number, lang: Lang, fractionDigits?: number): string;
  formatMoney(cents: number, currency: string, lang: Lang): string;
  formatDateTime(iso: string, lang: Lang, timeZone?: string): string;
  formatDate(iso: string, lang: Lang, timeZone?: string): string;
  formatDay(date: string, lang: Lang, weekday?: boolean): string;
  formatCalendarDate(date: string, lang: Lang): string;
  formatMonth(month: string, lang: Lang): string;
}

/**
 * Each value on which `f` and Intl differ, as "what: ours ≠ Intl theirs"; none when they agree. `intl` maps
 * what Intl writes before comparing (Node's ICU puts a narrow no-break space before AM/PM where Chromium keeps
 * a plain one).
 */
export function differencesFromIntl(f: Formatters, intl: (s: string) => string = (s) => s): string[] {
  // Values around every rounding and grouping edge, and a spread of others (a fixed seed).
  let seed = 7;
  const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
  const numbers = [0, -0, 1, -1, 0.5, 0.05, 0.005, 0.125, 1.005, 2.5, 9.995, 99.995, 999.5, 999.9999, 1000, 1234.5, -1234567.891];
  numbers.push(1e15, 1e21, 1e-7, -0.004, 123456789.987);
  for (let i = 0; i < 300; i++) numbers.push((random() - 0.3) * 10 ** Math.floor(random() * 9));
  const cents = [0, 1, 5, 99, 100, 249900, -249900, 123456789, -1];
  for (let i = 0; i < 200; i++) cents.push(Math.round((random() - 0.2) * 1e9));
  // Instants across the years, both sides of midnight and noon, and both of Amsterdam's daylight-saving changes.
  const instants = ['2026-11-27T13:07:00Z', '2026-03-29T00:59:00Z', '2026-03-29T01:00:00Z', '2026-10-25T00:30:00Z'];
  instants.push('2026-10-25T01:30:00Z', '2026-01-01T00:00:00Z', '2025-12-31T23:59:59Z', '2026-06-15T12:00:00Z', '2026-06-15T11:59:00Z');
  for (let i = 0; i < 200; i++) instants.push(new Date(Date.UTC(2000, 0, 1) + random() * 40 * 365 * 86_400_000).toISOString());

  const out: string[] = [];
  const same = (what: string, ours: string, theirs: string) => {
    if (ours !== intl(theirs)) out.push(`${what}: ${JSON.stringify(ours)} ≠ Intl ${JSON.stringify(intl(theirs))}`);
  };
  const locales: [Lang, string][] = [
    ['en', 'en-US'],
    ['nl', 'nl-NL'],
  ];
  for (const [lang, locale] of locales) {
    for (const n of numbers)
      for (const digits of [0, 1, 2])
        same(
          `${locale} ${n} to ${digits}`,
          f.formatNumber(n, lang, digits),
          new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(n),
        );
    for (const c of cents)
      same(
        `${locale} ${c} cents`,
        f.formatMoney(c, 'EUR', lang),
        new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(c / 100),
      );
    for (const iso of instants) {
      const at = new Date(iso);
      for (const timeZone of [undefined, 'UTC']) {
        const medium = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(at);
        same(`${locale} ${iso} in ${timeZone ?? 'the visitor’s zone'}`, f.formatDateTime(iso, lang, timeZone), medium);
        const long = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone }).format(at);
        same(`${locale} ${iso} in ${timeZone ?? 'the visitor’s zone'}`, f.formatDate(iso, lang, timeZone), long);
      }
      const day = iso.slice(0, 10);
      const noon = new Date(`${day}T12:00:00Z`);
      for (const weekday of [false, true]) {
        const options = { month: 'short', day: 'numeric', weekday: weekday ? 'short' : undefined, timeZone: 'UTC' } as const;
        same(`${locale} ${day}`, f.formatDay(day, lang, weekday), new Intl.DateTimeFormat(locale, options).format(noon));
      }
      same(
        `${locale} ${day}`,
        f.formatCalendarDate(day, lang),
        new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(noon),
      );
      const month = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(noon);
      same(`${locale} ${day.slice(0, 7)}`, f.formatMonth(day.slice(0, 7), lang), month);
    }
  }
  return out;
}
