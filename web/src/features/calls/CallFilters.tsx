import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Field, SelectField } from '../../shared/form/Field';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import type { TKey } from '../../shared/i18n/types';
import { daysBetween, filtersOf, filtersSearch, MAX_DAYS, MAX_SEARCH, narrowed, type CallFilters, type PeriodKind } from './filters';

// The agent page's period picker and its filters and search (issue 20 §2). Both only change the URL; the
// route's loader reads it again, so the figures, the chart and the list follow, and a reload keeps them.

/** The URL's filters and a way to show others (a new history entry, so "back" returns to the last ones). */
export function useCallFilters() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const filters = filtersOf(new URLSearchParams(search));
  const show = (next: CallFilters) => navigate({ pathname, search: filtersSearch(next) });
  return [filters, show] as const;
}

const PERIOD_KEYS: Record<PeriodKind, TKey> = {
  month: 'calls.period.month',
  'last-month': 'calls.period.lastMonth',
  '7d': 'calls.period.d7',
  '30d': 'calls.period.d30',
  '90d': 'calls.period.d90',
  custom: 'calls.period.custom',
};

/** The period: a choice of month or last days, or two days of a custom range; "Show" applies it. */
export function PeriodPicker() {
  const [filters] = useCallFilters();
  // Keyed by the URL's period, so "back" shows the period of the page it lands on; a change of the filters alone
  // leaves it be, so a period chosen while they load is not thrown away.
  return <PeriodForm key={`${filters.period}|${filters.from}|${filters.to}`} />;
}

function PeriodForm() {
  const { t } = useLanguage();
  const [filters, show] = useCallFilters();
  const [kind, setKind] = useState<PeriodKind>(filters.period);
  const [error, setError] = useState<{ field: 'from' | 'to'; key: TKey } | null>(null);

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    if (kind !== 'custom') return show({ ...filters, period: kind, from: '', to: '' });
    const from = String(form.get('from') ?? '');
    const to = String(form.get('to') ?? '');
    const days = daysBetween(from, to);
    if (Number.isNaN(days)) return setError({ field: from ? 'to' : 'from', key: 'calls.period.needDays' });
    if (days < 1) return setError({ field: 'to', key: 'calls.period.order' });
    if (days > MAX_DAYS) return setError({ field: 'to', key: 'calls.period.tooLong' });
    setError(null);
    show({ ...filters, period: 'custom', from, to });
  }

  const message = (field: 'from' | 'to') => (error?.field === field ? t(error.key) : undefined);
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="mt-8 grid gap-4 rounded-2xl border border-line bg-card p-4 sm:flex sm:flex-wrap sm:items-start sm:p-5"
    >
      <SelectField
        id="period"
        name="period"
        label={t('calls.period.label')}
        value={kind}
        onChange={(e) => {
          setKind(e.currentTarget.value as PeriodKind);
          setError(null);
        }}
        className="sm:w-56"
      >
        {Object.entries(PERIOD_KEYS).map(([value, key]) => (
          <option key={value} value={value}>
            {t(key)}
          </option>
        ))}
      </SelectField>
      {kind === 'custom' && (
        <>
          <Field
            id="period-from"
            name="from"
            type="date"
            label={t('calls.period.from')}
            defaultValue={filters.from}
            error={message('from')}
            className="sm:w-48"
          />
          <Field
            id="period-to"
            name="to"
            type="date"
            label={t('calls.period.to')}
            defaultValue={filters.to}
            error={message('to')}
            className="sm:w-48"
          />
        </>
      )}
      <div className="sm:pt-[1.875rem]">
        <button type="submit" className="btn btn-ink w-full sm:w-auto">
          {t('calls.period.show')}
        </button>
      </div>
    </form>
  );
}

/** Outcome, direction, goal reached and the search; "Apply" applies them, "Clear filters" drops them. */
export function CallFilterForm() {
  const [filters] = useCallFilters();
  // Keyed by the URL's filters alone, so a new period does not reset what is being typed in the search.
  const { outcome, direction, goal, q, data } = filters;
  return <FilterForm key={JSON.stringify([outcome, direction, goal, q, data])} />;
}

function FilterForm() {
  const { t } = useLanguage();
  const [filters, show] = useCallFilters();

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '').trim();
    const next = filtersOf(
      new URLSearchParams({ outcome: value('outcome'), direction: value('direction'), goal: value('goal'), q: value('q') }),
    );
    show({ ...filters, outcome: next.outcome, direction: next.direction, goal: next.goal, q: next.q });
  }

  return (
    <form
      role="search"
      aria-label={t('calls.filters.title')}
      onSubmit={onSubmit}
      className="mt-4 grid gap-4 rounded-2xl border border-line bg-card p-4 sm:grid-cols-3 sm:p-5"
    >
      <SelectField id="filter-outcome" name="outcome" label={t('calls.filters.outcome')} defaultValue={filters.outcome}>
        <option value="">{t('calls.filters.anyOutcome')}</option>
        <option value="answered">{t('calls.outcome.answered')}</option>
        <option value="missed">{t('calls.outcome.missed')}</option>
        <option value="failed">{t('calls.outcome.failed')}</option>
      </SelectField>
      <SelectField id="filter-direction" name="direction" label={t('calls.filters.direction')} defaultValue={filters.direction}>
        <option value="">{t('calls.filters.anyDirection')}</option>
        <option value="inbound">{t('calls.direction.inbound')}</option>
        <option value="outbound">{t('calls.direction.outbound')}</option>
        <option value="web">{t('calls.direction.web')}</option>
      </SelectField>
      <SelectField id="filter-goal" name="goal" label={t('calls.filters.goal')} defaultValue={filters.goal}>
        <option value="">{t('calls.filters.anyGoal')}</option>
        <option value="yes">{t('calls.filters.goalYes')}</option>
        <option value="no">{t('calls.filters.goalNo')}</option>
      </SelectField>
      <Field
        id="filter-q"
        name="q"
        type="search"
        label={t('calls.filters.search')}
        hint={t('calls.filters.searchHint')}
        defaultValue={filters.q}
        maxLength={MAX_SEARCH}
        className="sm:col-span-3"
      />
      <div className="flex flex-wrap items-center gap-x-5 gap-y-3 sm:col-span-3">
        <button type="submit" className="btn btn-ink w-full sm:w-auto">
          {t('calls.filters.apply')}
        </button>
        {narrowed(filters) && (
          <button
            type="button"
            className="link-button"
            onClick={() => show({ ...filters, outcome: '', direction: '', goal: '', q: '', data: {} })}
          >
            {t('calls.filters.clear')}
          </button>
        )}
      </div>
    </form>
  );
}
