import { describe, expect, it } from 'vitest';
import { weekTicks } from './DailyChart';

const shown = (days: number, on: 'wide' | 'narrow') =>
  weekTicks(days)
    .filter((t) => t[on])
    .map((t) => t.index);

describe('weekTicks', () => {
  it('names the first day of every week of a month, but one too near the end for its label on a phone', () => {
    expect(shown(31, 'wide')).toEqual([0, 7, 14, 21, 28]);
    expect(shown(31, 'narrow')).toEqual([0, 7, 14, 21]);
    expect(shown(30, 'wide')).toEqual([0, 7, 14, 21]);
    expect(shown(7, 'wide')).toEqual([0]);
  });

  it('names every week of 90 days from sm up, and every third on a phone', () => {
    expect(shown(90, 'wide')).toEqual([0, 7, 14, 21, 28, 35, 42, 49, 56, 63, 70, 77]);
    expect(shown(90, 'narrow')).toEqual([0, 21, 42, 63]);
  });

  it('names every few weeks of a long custom period, at most 13 and 5', () => {
    expect(shown(366, 'wide').length).toBeLessThanOrEqual(13);
    expect(shown(366, 'narrow').length).toBeLessThanOrEqual(5);
    expect(shown(366, 'wide').every((i) => i % 7 === 0)).toBe(true);
  });
});
