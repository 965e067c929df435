import { useMemo, type FormEvent, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { ApiError } from '../../shared/api/client';
import type { Problem } from '../../shared/form/errors';
import { describeError } from '../../shared/form/errors';
import { SelectField, Field } from '../../shared/form/Field';
import { FormAlert } from '../../shared/form/FormAlert';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import type { TKey } from '../../shared/i18n/types';
import type { ConsoleOrderStatus, Person, QuoteStatus } from './api';

// What the console's screens share: headings with their loading and error states, status badges,
// the filter bar of a list, "load more", and reading an amount typed by staff.

/** A screen's heading while its data is on the way. */
export function ConsoleLoading({ title, text }: { title: string; text: string }) {
  return (
    <>
      <h1 className="display text-4xl sm:text-5xl">{title}</h1>
      <p role="status" className="status-line mt-6 text-lg">
        <span aria-hidden="true" className="pulse-dot" />
        {text}
      </p>
    </>
  );
}

/** A screen whose data could not be loaded (network, 5xx, 503, 403): what went wrong and "Try again". */
export function ConsoleError({ title, error, onRetry }: { title: string; error: ApiError; onRetry: () => void }) {
  const { t } = useLanguage();
  const problem = describeError(error);
  return (
    <>
      <h1 className="display text-4xl sm:text-5xl">{title}</h1>
      <div role="alert" className="notice notice-error mt-6 max-w-2xl">
        <p className="font-semibold">{t('console.error.title')}</p>
        <p className="mt-1">{t(problem.key, problem.vars)}</p>
      </div>
      <button type="button" className="btn btn-ink mt-5" onClick={onRetry}>
        {t('console.error.retry')}
      </button>
    </>
  );
}

const QUOTE_TONES: Record<QuoteStatus, string> = {
  new: 'border-sky-300 bg-sky-100 text-sky-900',
  contacted: 'border-amber-300 bg-amber-100 text-amber-900',
  proposal_sent: 'border-violet-300 bg-violet-100 text-violet-900',
  won: 'border-green-300 bg-green-100 text-green-900',
  lost: 'border-stone-300 bg-stone-100 text-stone-800',
};

const ORDER_TONES: Record<ConsoleOrderStatus, string> = {
  pending: 'border-amber-300 bg-amber-100 text-amber-900',
  completed: 'border-green-300 bg-green-100 text-green-900',
  cancelled: 'border-red-300 bg-red-100 text-red-900',
  refunded: 'border-stone-300 bg-stone-100 text-stone-800',
};

const TONE_FALLBACK = 'border-stone-300 bg-stone-100 text-stone-800';

export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  const { t } = useLanguage();
  return (
    <span className={`badge ${QUOTE_TONES[status] ?? TONE_FALLBACK}`}>
      <span className="sr-only">{t('console.list.status')}: </span>
      {quoteStatusLabel(status, t)}
    </span>
  );
}

export function OrderStatusBadge({ status }: { status: ConsoleOrderStatus }) {
  const { t } = useLanguage();
  return (
    <span className={`badge ${ORDER_TONES[status] ?? TONE_FALLBACK}`}>
      <span className="sr-only">{t('console.list.status')}: </span>
      {orderStatusLabel(status, t)}
    </span>
  );
}

type T = (key: TKey, vars?: Record<string, string | number>) => string;

/** A status's words; one this build does not know is shown as it came. */
export const quoteStatusLabel = (status: string, t: T) =>
  Object.hasOwn(QUOTE_TONES, status) ? t(`console.quoteStatus.${status as QuoteStatus}`) : status;
export const orderStatusLabel = (status: string, t: T) =>
  Object.hasOwn(ORDER_TONES, status) ? t(`console.orderStatus.${status as ConsoleOrderStatus}`) : status;

/** How the console names a person: their name, else their email; null is the system (or a gone account). */
export const personName = (p: Person | null, t: T) => (p ? p.fullName.trim() || p.email : t('console.nobody'));

/**
 * The URL's query and a way to replace it. (React Router's useSearchParams would pull code into the
 * entry bundle that every public page loads, which is at its budget; this uses what is there.)
 */
export function useQuery() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = (next: URLSearchParams) => {
    const query = next.toString();
    navigate({ search: query ? `?${query}` : '' });
  };
  return [params, setParams] as const;
}

/**
 * Status and search of a list, kept in the URL (?status=&q=) so a reload, "back" or a link keeps them.
 * Applying replaces them (other parameters, such as ?buyer=, stay) and goes back to the first page.
 */
export function FilterBar({
  statuses,
  searchHint,
  idPrefix,
}: {
  statuses?: readonly [string, string][];
  searchHint: string;
  idPrefix: string;
}) {
  const { t } = useLanguage();
  const [params, setParams] = useQuery();

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const next = new URLSearchParams(params);
    for (const name of ['status', 'q']) {
      const value = String(form.get(name) ?? '').trim();
      if (value) next.set(name, value);
      else next.delete(name);
    }
    setParams(next);
  }

  return (
    // Keyed by the URL's filters, so "back" shows the filters of the page it lands on. Enter submits.
    <form
      key={params.toString()}
      role="search"
      onSubmit={onSubmit}
      className={statuses ? 'filter-bar mt-8' : 'filter-bar mt-8 sm:grid-cols-[minmax(0,1fr)_auto]'}
    >
      {statuses && (
        <SelectField id={`${idPrefix}-status`} name="status" label={t('console.list.status')} defaultValue={params.get('status') ?? ''}>
          <option value="">{t('console.list.allStatuses')}</option>
          {statuses.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
      )}
      <Field
        id={`${idPrefix}-q`}
        name="q"
        type="search"
        label={t('console.list.search')}
        hint={searchHint}
        defaultValue={params.get('q') ?? ''}
      />
      <div className="sm:pb-[1.875rem]">
        <button type="submit" className="btn btn-ink w-full sm:w-auto">
          {t('console.list.apply')}
        </button>
      </div>
    </form>
  );
}

/** The rows of a list, its empty state, and "Load more" while there is a next page. */
export function ListBody({
  count,
  filtered,
  next,
  busy,
  problem,
  onMore,
  children,
}: {
  count: number;
  filtered: boolean;
  next: string | null;
  busy: boolean;
  problem: Problem | null;
  onMore: () => void;
  children: ReactNode;
}) {
  const { t } = useLanguage();
  if (count === 0)
    return <p className="panel mt-6 text-center text-ink-soft">{filtered ? t('console.list.noMatch') : t('console.list.empty')}</p>;
  return (
    <>
      {children}
      <div className="mt-6 space-y-4">
        {next ? (
          <button type="button" className="btn btn-ghost" onClick={onMore} disabled={busy} data-busy={busy || undefined}>
            {busy ? t('console.list.loadingMore') : t('console.list.loadMore')}
          </button>
        ) : (
          <p className="text-sm text-ink-soft">{t('console.list.end')}</p>
        )}
        <FormAlert problem={problem} />
      </div>
    </>
  );
}

/**
 * Reads an amount as staff type it ("2499", "2499.5", "2.499,00", "2,499.00") into integer cents; null
 * when it is not one. The last separator followed by one or two digits is the decimal one.
 */
export function parseAmount(text: string): number | null {
  const s = text.trim().replace(/\s/g, '');
  const m = /^(\d{1,3}(?:([.,])\d{3})*|\d+)(?:([.,])(\d{1,2}))?$/.exec(s);
  if (!m) return null;
  // A thousands separator and the decimal one must differ ("2.499.00" is no amount).
  if (m[2] && m[3] && m[2] === m[3]) return null;
  const whole = Number(m[1].replace(/[.,]/g, ''));
  const cents = m[4] ? Number(m[4].padEnd(2, '0')) : 0;
  const value = whole * 100 + cents;
  return Number.isSafeInteger(value) ? value : null;
}

/** Integer cents as staff would type them back in the page's language: 2499.00 / 2499,00. */
export const amountText = (cents: number, lang: 'en' | 'nl') => {
  const s = (cents / 100).toFixed(2);
  return lang === 'nl' ? s.replace('.', ',') : s;
};

/** The currencies the console offers; EUR first, as the agency prices in euros. */
const CURRENCIES = ['EUR', 'USD', 'GBP'] as const;

/** The currencies an order or a catalogue price can be in. */
export function CurrencySelect({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (currency: string) => void;
}) {
  return (
    <SelectField id={id} label={label} value={value} onChange={(e) => onChange(e.target.value)}>
      {CURRENCIES.map((c) => (
        <option key={c} value={c}>
          {c}
        </option>
      ))}
    </SelectField>
  );
}
