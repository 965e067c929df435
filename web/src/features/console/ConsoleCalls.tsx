import { useState, type FormEvent } from 'react';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { ApiError } from '../../shared/api/client';
import { Deferred, deferred } from '../../shared/data/Deferred';
import { Field, SelectField } from '../../shared/form/Field';
import { formatDateTime } from '../../shared/format';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import type { TKey } from '../../shared/i18n/types';
import { localePath } from '../../shared/paths';
import { browserTimeZone, directionText, durationText, OutcomeBadge } from '../calls';
import { listCallOrders, listCalls, type CallsFilter, type ConsoleCall, type ConsoleOrder, type Page } from './api';
import { ConsoleError, ConsoleLoading, ListBody, useQuery } from './parts';
import { usePages } from './usePages';

// The filters' values as the API takes them (README, GET /api/console/calls); the URL keeps the same names.
const SHOW = ['', 'false', 'true'] as const;
const SHOW_LABELS = { '': 'console.calls.showAll', false: 'console.calls.showUnassigned', true: 'console.calls.showAssigned' } as const;
const OUTCOMES = ['answered', 'missed', 'failed', 'pending'] as const;
const PERIODS = ['all', 'month', 'last-month', '7d', '30d', '90d', 'custom'] as const;
type Period = (typeof PERIODS)[number];
const PERIOD_LABELS: Record<Period, TKey> = {
  all: 'console.calls.period.all',
  month: 'console.calls.period.month',
  'last-month': 'console.calls.period.lastMonth',
  '7d': 'console.calls.period.7d',
  '30d': 'console.calls.period.30d',
  '90d': 'console.calls.period.90d',
  custom: 'console.calls.period.custom',
};
const OUTCOME_LABELS: Record<(typeof OUTCOMES)[number], TKey> = {
  answered: 'calls.outcome.answered',
  missed: 'calls.outcome.missed',
  failed: 'calls.outcome.failed',
  pending: 'calls.outcome.pending',
};

/** The URL's filters, as they go to the API: unknown values are dropped, `all` is no period. */
export function filterOf(params: URLSearchParams): CallsFilter {
  const pick = <T extends string>(name: string, values: readonly T[]) => {
    const raw = params.get(name) ?? '';
    return (values as readonly string[]).includes(raw) ? raw : '';
  };
  const period = pick('period', PERIODS);
  const custom = period === 'custom';
  const f: CallsFilter = {
    assigned: pick('assigned', SHOW),
    order: (params.get('order') ?? '').trim(),
    outcome: pick('outcome', OUTCOMES),
    period: period === 'all' ? '' : period,
    from: custom ? (params.get('from') ?? '') : '',
    to: custom ? (params.get('to') ?? '') : '',
    q: (params.get('q') ?? '').trim(),
  };
  // A period is counted in the browser's time zone.
  if (f.period) f.tz = browserTimeZone();
  return f;
}

const filtered = (f: CallsFilter) => Object.entries(f).some(([k, v]) => k !== 'tz' && !!v);

/** The first page for the URL's filters and the orders to filter by; neither awaited (<Deferred>). */
export function loader({ request }: LoaderFunctionArgs) {
  const filter = filterOf(new URL(request.url).searchParams);
  // The order picker is a help, not the list: without it, the list still shows.
  const orders = listCallOrders(request.signal).then(
    (page) => page.items.filter((o) => o.assistantId),
    () => [] as ConsoleOrder[],
  );
  return { calls: deferred(listCalls(filter, request.signal)), orders };
}

/** The first render of a fresh page, before the loader has handed over its promise. */
export function HydrateFallback() {
  const { t } = useLanguage();
  return <ConsoleLoading title={t('console.calls.title')} text={t('console.loading')} />;
}

/**
 * /console/calls: every call the agents made or took, newest first, 50 a page, as a table naming each
 * call's agent and buyer; filtered by outcome, order, period and assignment and searched, all kept in
 * the URL (?outcome=&order=&period=&from=&to=&assigned=&q=) so a reload or a link keeps them. Filters the
 * server refuses (a custom range the wrong way round, a link edited by hand) are shown at the filters.
 */
export function Component() {
  const { t } = useLanguage();
  const { calls, orders } = useLoaderData<typeof loader>();
  const [params] = useQuery();
  const title = t('console.calls.title');
  const loading = <ConsoleLoading title={title} text={t('console.loading')} />;
  return (
    <Deferred resolve={orders} loading={loading} failed={() => null}>
      {(orders) => (
        <Deferred
          resolve={calls}
          loading={loading}
          failed={(error, retry) =>
            error.status === 400 ? (
              <>
                <Heading />
                <Filters key={params.toString()} orders={orders} refused={error} />
              </>
            ) : (
              <ConsoleError title={title} error={error} onRetry={retry} />
            )
          }
        >
          {(page) => <Calls first={page} orders={orders} />}
        </Deferred>
      )}
    </Deferred>
  );
}

function Heading() {
  const { t } = useLanguage();
  return (
    <>
      <h1 className="display text-4xl sm:text-5xl">{t('console.calls.title')}</h1>
      <p className="mt-4 max-w-2xl text-ink-soft">{t('console.calls.intro')}</p>
    </>
  );
}

function Calls({ first, orders }: { first: Page<ConsoleCall>; orders: ConsoleOrder[] }) {
  const [params] = useQuery();
  const filter = filterOf(params);
  const list = usePages(first, (cursor) => listCalls({ ...filter, cursor }));

  return (
    <>
      <Heading />
      {/* Keyed by the URL, so "back" shows the filters of the page it lands on. */}
      <Filters key={params.toString()} orders={orders} />
      <ListBody
        count={list.items.length}
        filtered={filtered(filter)}
        next={list.next}
        busy={list.busy}
        problem={list.problem}
        onMore={list.loadMore}
      >
        <CallsTable calls={list.items} />
      </ListBody>
    </>
  );
}

// The filter a refused parameter belongs to (its field's id), and the words for it.
const REFUSED: Record<string, [string, TKey]> = {
  q: ['calls-q', 'console.calls.refused.q'],
  outcome: ['calls-outcome', 'console.calls.refused.other'],
  order: ['calls-order', 'console.calls.refused.other'],
  assigned: ['calls-assigned', 'console.calls.refused.other'],
  period: ['calls-period', 'console.calls.refused.other'],
  from: ['calls-from', 'console.calls.refused.range'],
  to: ['calls-to', 'console.calls.refused.range'],
};

/** How an order is named in the picker: its agent, its buyer and its number. */
function orderLabel(o: ConsoleOrder, lang: string) {
  const agent = lang === 'nl' ? o.agent.nameNl || o.agent.name : o.agent.name;
  const buyer = o.buyer?.fullName.trim() || o.buyer?.email || '';
  return [agent, buyer, `#${o.number}`].filter(Boolean).join(' · ');
}

function Filters({ orders, refused }: { orders: ConsoleOrder[]; refused?: ApiError }) {
  const { lang, t } = useLanguage();
  const [fieldId, problem] = REFUSED[refused?.field ?? ''] ?? ['', 'console.calls.refused.other'];
  const [params, setParams] = useQuery();
  const current = filterOf(params);
  const [period, setPeriod] = useState<string>(current.period || 'all');
  // An order in the URL that the picker does not list (beyond its first 100) still shows as chosen.
  const known = !current.order || orders.some((o) => o.id === current.order);

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const next = new URLSearchParams(params);
    for (const name of ['outcome', 'order', 'period', 'from', 'to', 'assigned', 'q']) {
      let value = String(form.get(name) ?? '').trim();
      if (name === 'period' && value === 'all') value = '';
      if ((name === 'from' || name === 'to') && period !== 'custom') value = '';
      if (value) next.set(name, value);
      else next.delete(name);
    }
    setParams(next);
  }

  return (
    <form role="search" aria-label={t('console.calls.filter')} onSubmit={onSubmit} className="calls-filters mt-8">
      {refused && (
        <p role="alert" className="notice notice-error sm:col-span-2 lg:col-span-3">
          {fieldId ? <a href={`#${fieldId}`}>{t(problem)}</a> : t(problem)}
        </p>
      )}
      <Field
        id="calls-q"
        name="q"
        type="search"
        maxLength={200}
        label={t('console.calls.search')}
        hint={t('console.calls.searchHint')}
        defaultValue={current.q}
        className="sm:col-span-2 lg:col-span-3"
      />
      <SelectField id="calls-outcome" name="outcome" label={t('console.calls.outcome')} defaultValue={current.outcome}>
        <option value="">{t('console.calls.allOutcomes')}</option>
        {OUTCOMES.map((o) => (
          <option key={o} value={o}>
            {t(OUTCOME_LABELS[o])}
          </option>
        ))}
      </SelectField>
      <SelectField id="calls-order" name="order" label={t('console.calls.agentOrder')} defaultValue={current.order}>
        <option value="">{t('console.calls.allOrders')}</option>
        {!known && <option value={current.order}>{`#${(current.order ?? '').slice(0, 8)}`}</option>}
        {orders.map((o) => (
          <option key={o.id} value={o.id}>
            {orderLabel(o, lang)}
          </option>
        ))}
      </SelectField>
      <SelectField id="calls-assigned" name="assigned" label={t('console.calls.show')} defaultValue={current.assigned}>
        {SHOW.map((value) => (
          <option key={value} value={value}>
            {t(SHOW_LABELS[value])}
          </option>
        ))}
      </SelectField>
      <SelectField
        id="calls-period"
        name="period"
        label={t('console.calls.periodLabel')}
        value={period}
        onChange={(e) => setPeriod(e.target.value)}
      >
        {PERIODS.map((p) => (
          <option key={p} value={p}>
            {t(PERIOD_LABELS[p])}
          </option>
        ))}
      </SelectField>
      {period === 'custom' && (
        <>
          <Field id="calls-from" name="from" type="date" label={t('console.calls.from')} defaultValue={current.from} />
          <Field id="calls-to" name="to" type="date" label={t('console.calls.to')} defaultValue={current.to} />
        </>
      )}
      <div className="flex flex-wrap items-end gap-3 sm:col-span-2 lg:col-span-3">
        <button type="submit" className="btn btn-ink">
          {t('console.list.apply')}
        </button>
        {filtered(current) && (
          <Link to={{ search: '' }} className="link-button">
            {t('console.calls.clear')}
          </Link>
        )}
      </div>
    </form>
  );
}

/**
 * The calls as a table. From lg up each fact has its column; below, a row keeps two columns (the call,
 * then its agent and buyer) and the call's cell also says its direction, number and duration, so a
 * phone reads every fact without scrolling sideways.
 */
function CallsTable({ calls }: { calls: ConsoleCall[] }) {
  const { t } = useLanguage();
  return (
    <div className="mt-6 rounded-2xl border border-line bg-card">
      <table className="calls-table">
        <caption className="sr-only">{t('console.calls.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('console.calls.started')}</th>
            <th scope="col">{t('console.calls.agentBuyer')}</th>
            <th scope="col" className="wide">
              {t('calls.list.direction')}
            </th>
            <th scope="col" className="wide">
              {t('calls.list.number')}
            </th>
            <th scope="col" className="wide">
              {t('calls.list.duration')}
            </th>
            <th scope="col" className="wide">
              {t('console.calls.outcome')}
            </th>
          </tr>
        </thead>
        <tbody>
          {calls.map((call) => (
            <CallRow key={call.id} call={call} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CallRow({ call }: { call: ConsoleCall }) {
  const { lang, t } = useLanguage();
  const started = call.startedAt && !call.startedAt.startsWith('0001-') ? call.startedAt : '';
  const number = call.numberDisplay || t('calls.list.noNumber');
  const order = call.order;
  const agent = order ? (lang === 'nl' ? order.agentNameNl || order.agentName : order.agentName) : '';
  return (
    <tr>
      <td>
        {/* A whole document (a plain link, not the router's): the server widens the page's CSP for the
            recording's origin there. */}
        <a
          href={localePath(lang, `/console/calls/${encodeURIComponent(call.id)}`)}
          className="font-semibold underline decoration-1 underline-offset-4 hover:text-signal-ink"
        >
          {started ? <time dateTime={started}>{formatDateTime(started, lang)}</time> : t('console.calls.notStarted')}
        </a>
        <div className="narrow mt-1.5 space-y-1 text-sm text-ink-soft">
          <OutcomeBadge outcome={call.outcome} />
          <p>{directionText(call.direction, t)}</p>
          <p className="tabular-nums whitespace-nowrap">{durationText(call.durationSeconds, t)}</p>
          <p className="tabular-nums whitespace-nowrap">{number}</p>
        </div>
      </td>
      <td>
        {order ? (
          <>
            <span className="block font-semibold [overflow-wrap:anywhere]">{agent}</span>
            <span className="block text-sm [overflow-wrap:anywhere]">{order.buyerName.trim() || order.buyerEmail}</span>
            <span className="block text-sm text-ink-soft">{t('console.calls.orderLink', { number: order.number })}</span>
          </>
        ) : (
          <span className="badge border-amber-300 bg-amber-50 text-amber-900">{t('console.calls.unassigned')}</span>
        )}
      </td>
      <td className="wide">{directionText(call.direction, t)}</td>
      <td className="wide tabular-nums whitespace-nowrap">{number}</td>
      <td className="wide tabular-nums whitespace-nowrap">{durationText(call.durationSeconds, t)}</td>
      <td className="wide">
        <OutcomeBadge outcome={call.outcome} />
      </td>
    </tr>
  );
}
