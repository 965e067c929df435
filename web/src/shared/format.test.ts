import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  amsterdamMonth,
  amsterdamToday,
  formatCalendarDate,
  formatDate,
  formatDateTime,
  formatDay,
  formatMoney,
  formatMonth,
  formatNumber,
  formatVatRate,
  moneyInput,
  parseMoney,
  previousMonth,
  weekdayName,
} from './format';
import { differencesFromIntl } from './formatVsIntl';

// Intl separates "€" from the amount with a no-break space (U+00A0) in Dutch.
const NBSP = '\u00a0';

describe('formatMoney', () => {
  it('writes euros in each language’s notation', () => {
    expect(formatMoney(249_900, 'EUR', 'en')).toBe('€2,499.00');
    expect(formatMoney(249_900, 'EUR', 'nl')).toBe(`€${NBSP}2.499,00`);
  });

  it('writes each amount in its own currency', () => {
    expect(formatMoney(249_900, 'USD', 'en')).toBe('$2,499.00');
    expect(formatMoney(249_900, 'USD', 'nl')).toBe(`US$${NBSP}2.499,00`);
    expect(formatMoney(5_000, 'GBP', 'nl')).toBe(`£${NBSP}50,00`);
  });

  it('handles zero and cents', () => {
    expect(formatMoney(0, 'EUR', 'en')).toBe('€0.00');
    expect(formatMoney(1_050, 'EUR', 'nl')).toBe(`€${NBSP}10,50`);
    expect(formatMoney(123_456_789, 'EUR', 'en')).toBe('€1,234,567.89');
  });
});

describe('dates', () => {
  const at = '2025-03-05T14:07:00Z';

  it('formats date and time per language', () => {
    expect(formatDateTime(at, 'en', 'UTC')).toBe('Mar 5, 2025, 2:07 PM');
    expect(formatDateTime(at, 'nl', 'UTC')).toBe('5 mrt 2025, 14:07');
  });

  it('formats a date per language', () => {
    expect(formatDate(at, 'en', 'UTC')).toBe('March 5, 2025');
    expect(formatDate(at, 'nl', 'UTC')).toBe('5 maart 2025');
  });

  it('adds whole days, across a month end', () => {
    expect(addDays('2025-02-26T10:00:00Z', 5)).toBe('2025-03-03T10:00:00.000Z');
    expect(addDays(at, 0)).toBe('2025-03-05T14:07:00.000Z');
  });
});

describe('weekdayName', () => {
  it('names Monday to Sunday in both languages, short and long', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((d) => weekdayName(d, 'en'))).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect([0, 6].map((d) => weekdayName(d, 'nl', 'long'))).toEqual(['maandag', 'zondag']);
    expect(weekdayName(0, 'nl')).toBe('ma');
  });
});

describe('parseMoney', () => {
  it('reads euros with cents as a Dutch bookkeeper types them', () => {
    expect(parseMoney('49,00', 'nl')).toBe(4_900);
    expect(parseMoney('0,10', 'nl')).toBe(10);
    expect(parseMoney('0,1', 'nl')).toBe(10);
    expect(parseMoney('49', 'nl')).toBe(4_900);
    expect(parseMoney('1.234,56', 'nl')).toBe(123_456);
    expect(parseMoney('1.234', 'nl')).toBe(123_400);
    expect(parseMoney('€ 49,00', 'nl')).toBe(4_900);
    expect(parseMoney(' 12 ', 'nl')).toBe(1_200);
    expect(parseMoney('0', 'nl')).toBe(0);
  });

  it('reads euros with cents as an English speaker types them', () => {
    expect(parseMoney('49.00', 'en')).toBe(4_900);
    expect(parseMoney('0.10', 'en')).toBe(10);
    expect(parseMoney('2499.5', 'en')).toBe(249_950);
    expect(parseMoney('1,234.56', 'en')).toBe(123_456);
    expect(parseMoney('1,234', 'en')).toBe(123_400);
    expect(parseMoney('€49.00', 'en')).toBe(4_900);
  });

  it('takes the other language’s decimal mark before one or two digits', () => {
    expect(parseMoney('49.00', 'nl')).toBe(4_900);
    expect(parseMoney('0.1', 'nl')).toBe(10);
    expect(parseMoney('49,00', 'en')).toBe(4_900);
    expect(parseMoney('49,5', 'en')).toBe(4_950);
  });

  it('refuses what is not an amount of zero or more with at most two decimals', () => {
    for (const [text, lang] of [
      ['', 'nl'],
      ['twelve', 'en'],
      ['-5,00', 'nl'],
      ['-5.00', 'en'],
      ['1,234', 'nl'],
      ['1.234', 'en'],
      ['4,999', 'nl'],
      ['0.105', 'en'],
      ['1.234.56', 'nl'],
      ['1,23,45', 'en'],
      ['12,34.56', 'nl'],
      ['1e3', 'en'],
      [',50', 'nl'],
      ['5.', 'en'],
    ] as const) {
      expect(parseMoney(text, lang), `${text} (${lang})`).toBeNull();
    }
  });

  it('reads back what moneyInput writes', () => {
    for (const cents of [0, 10, 4_900, 123_456, 99]) {
      expect(parseMoney(moneyInput(cents, 'nl'), 'nl')).toBe(cents);
      expect(parseMoney(moneyInput(cents, 'en'), 'en')).toBe(cents);
    }
    expect(moneyInput(4_900, 'nl')).toBe('49,00');
    expect(moneyInput(4_900, 'en')).toBe('49.00');
  });
});

describe('billing formats', () => {
  it('names a month, a calendar day and a VAT rate per language', () => {
    expect(formatMonth('2026-10', 'en')).toBe('October 2026');
    expect(formatMonth('2026-10', 'nl')).toBe('oktober 2026');
    expect(formatCalendarDate('2026-11-27', 'en')).toBe('November 27, 2026');
    expect(formatCalendarDate('2026-11-27', 'nl')).toBe('27 november 2026');
    expect(formatVatRate(2100, 'en')).toBe('21%');
    expect(formatVatRate(2100, 'nl')).toBe('21%');
    expect(formatVatRate(0, 'nl')).toBe('0%');
  });

  it('finds this and last month and today in Amsterdam time', () => {
    // 23:30 UTC on 31 December is already 1 January in Amsterdam.
    const newYear = new Date('2026-12-31T23:30:00Z');
    expect(amsterdamMonth(newYear)).toBe('2027-01');
    expect(amsterdamToday(newYear)).toBe('2027-01-01');
    expect(previousMonth(newYear)).toBe('2026-12');
    expect(previousMonth(new Date('2026-01-15T12:00:00Z'))).toBe('2025-12');
    expect(previousMonth(new Date('2026-11-28T12:00:00Z'))).toBe('2026-10');
  });
});

// The notations format.ts writes without Intl (the first Intl formatter is slow to make) must be Intl's own;
// e2e/tests/format.spec.ts holds the same comparison (formatVsIntl.ts) against Chromium's Intl.
describe('written without Intl, exactly as Intl writes them', () => {
  // The visitor's zone: Amsterdam, with its daylight-saving changes.
  const zone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'Europe/Amsterdam';
  });
  afterAll(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it('writes numbers, euros and dates as Intl does, in English and Dutch, in the visitor’s zone and in UTC', () => {
    expect(new Date('2026-06-15T12:00:00Z').getHours(), 'the visitor is in Amsterdam').toBe(14);
    // Node's ICU puts a narrow no-break space before AM/PM where Chromium (what visitors see) keeps a plain one.
    const differences = differencesFromIntl(
      { formatNumber, formatMoney, formatDateTime, formatDate, formatDay, formatCalendarDate, formatMonth },
      (s) => s.replace(/\u202f/g, ' '),
    );
    expect(differences).toEqual([]);
  });

  for (const [lang, locale] of [
    ['en', 'en-US'],
    ['nl', 'nl-NL'],
  ] as const) {
    it(`hands other zones, currencies and years to Intl (${locale})`, () => {
      const iso = '2026-11-27T23:30:00Z';
      expect(formatDateTime(iso, lang, 'Asia/Tokyo')).toBe(
        new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Tokyo' }).format(new Date(iso)),
      );
      expect(formatMoney(249900, 'USD', lang)).toBe(new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(2499));
      expect(formatDate('0999-03-05T12:00:00Z', lang, 'UTC')).toBe(
        new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date('0999-03-05T12:00:00Z')),
      );
    });
  }
});
