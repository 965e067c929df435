// The agent page's period, filters and search (issue 20 §2), kept in the page's URL with the API's own names
// (?period=&from=&to=&outcome=&direction=&goal=&q=), so a reload, "back" or a shared link shows the same calls.
// A value the page does not know is left out, so a hand-edited URL shows this month rather than an error.

export const PERIODS = ['month', 'last-month', '7d', '30d', '90d', 'custom'] as const;
export type PeriodKind = (typeof PERIODS)[number];
export const OUTCOMES = ['answered', 'missed', 'failed'] as const;
export const DIRECTIONS = ['inbound', 'outbound', 'web'] as const;
export const GOALS = ['yes', 'no'] as const;

/** The longest search the API takes (characters). */
export const MAX_SEARCH = 200;
/** The longest custom period the API takes (days, both ends included). */
export const MAX_DAYS = 366;

export interface CallFilters {
  period: PeriodKind;
  /** A custom period's first and last day (YYYY-MM-DD); "" otherwise. */
  from: string;
  to: string;
  outcome: (typeof OUTCOMES)[number] | '';
  direction: (typeof DIRECTIONS)[number] | '';
  goal: (typeof GOALS)[number] | '';
  q: string;
  /** The call data filters (issue 20 §2): `data.<name>` → value, as the URL and the API name them. */
  data: Record<string, string>;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whole days from `from` to `to` (YYYY-MM-DD), both included; NaN for a day that is not one. */
export function daysBetween(from: string, to: string): number {
  if (!DAY.test(from) || !DAY.test(to)) return Number.NaN;
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

const pick = <T extends string>(values: readonly T[], raw: string | null): T | '' => (values.includes(raw as T) ? (raw as T) : '');

/** The filters in a URL's query. */
export function filtersOf(params: URLSearchParams): CallFilters {
  let period: PeriodKind = pick(PERIODS, params.get('period')) || 'month';
  let from = '';
  let to = '';
  if (period === 'custom') {
    from = params.get('from') ?? '';
    to = params.get('to') ?? '';
    const days = daysBetween(from, to);
    if (!(days >= 1 && days <= MAX_DAYS)) [period, from, to] = ['month', '', ''];
  }
  return {
    period,
    from,
    to,
    outcome: pick(OUTCOMES, params.get('outcome')),
    direction: pick(DIRECTIONS, params.get('direction')),
    goal: pick(GOALS, params.get('goal')),
    q: (params.get('q') ?? '').trim().slice(0, MAX_SEARCH),
    data: dataFilters(params),
  };
}

/** The call data filters in a URL's query: each non-empty `data.<name>=<value>`. */
export function dataFilters(params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of params) if (key.startsWith('data.') && value.trim()) out[key] = value.trim().slice(0, MAX_SEARCH);
  return out;
}

/** The period's query parameters, as the API and the URL take them; none for this month. */
export function periodQuery(f: CallFilters): { period?: PeriodKind; from?: string; to?: string } {
  if (f.period === 'month') return {};
  return f.period === 'custom' ? { period: f.period, from: f.from, to: f.to } : { period: f.period };
}

/** Every filter's query parameters, leaving out the ones that select everything. */
export function filtersQuery(f: CallFilters) {
  return {
    ...periodQuery(f),
    ...(f.outcome ? { outcome: f.outcome } : {}),
    ...(f.direction ? { direction: f.direction } : {}),
    ...(f.goal ? { goal: f.goal } : {}),
    ...(f.q ? { q: f.q } : {}),
    ...f.data,
  };
}

/** Whether the list is narrowed by more than the period. */
export const narrowed = (f: CallFilters) => Boolean(f.outcome || f.direction || f.goal || f.q || Object.keys(f.data).length);

/** The filters as a URL query string ("" when everything is the default). */
export function filtersSearch(f: CallFilters): string {
  const query = new URLSearchParams(filtersQuery(f)).toString();
  return query ? `?${query}` : '';
}
