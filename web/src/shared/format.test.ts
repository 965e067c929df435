import { describe, expect, it } from 'vitest';
import { addDays, formatDate, formatDateTime, formatMoney, weekdayName } from './format';

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
