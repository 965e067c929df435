import type { FormEvent } from 'react';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Deferred, deferred } from '../../shared/data/Deferred';
import { SelectField } from '../../shared/form/Field';
import { formatDateTime } from '../../shared/format';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { localePath } from '../../shared/paths';
import { directionText, durationText, OutcomeBadge } from '../calls';
import { listCalls, type ConsoleCall, type Page } from './api';
import { CallOrder } from './CallOrder';
import { ConsoleError, ConsoleLoading, ListBody, useQuery } from './parts';
import { usePages } from './usePages';

const SHOW = ['', 'false', 'true'] as const;
const SHOW_LABELS = { '': 'console.calls.showAll', false: 'console.calls.showUnassigned', true: 'console.calls.showAssigned' } as const;

/** ?assigned=true or false; anything else shows every call. */
function assignedOf(params: URLSearchParams) {
  const raw = params.get('assigned') ?? '';
  return raw === 'true' || raw === 'false' ? raw : '';
}

/** The first page for the URL's filter; not awaited (<Deferred>). */
export function loader({ request }: LoaderFunctionArgs) {
  return { first: deferred(listCalls({ assigned: assignedOf(new URL(request.url).searchParams) }, request.signal)) };
}

/** The first render of a fresh page, before the loader has handed over its promise. */
export function HydrateFallback() {
  const { t } = useLanguage();
  return <ConsoleLoading title={t('console.calls.title')} text={t('console.loading')} />;
}

/**
 * /console/calls: every call the agents made or took, newest first, or only those of no order
 * (?assigned=false: an assistant no order claims yet) or only assigned ones (?assigned=true).
 */
export function Component() {
  const { t } = useLanguage();
  const { first } = useLoaderData<typeof loader>();
  const title = t('console.calls.title');
  return (
    <Deferred
      resolve={first}
      loading={<ConsoleLoading title={title} text={t('console.loading')} />}
      failed={(error, retry) => <ConsoleError title={title} error={error} onRetry={retry} />}
    >
      {(page) => <Calls first={page} />}
    </Deferred>
  );
}

function Calls({ first }: { first: Page<ConsoleCall> }) {
  const { t } = useLanguage();
  const [params, setParams] = useQuery();
  const assigned = assignedOf(params);
  const list = usePages(first, (cursor) => listCalls({ assigned, cursor }));
  const title = t('console.calls.title');

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const value = String(new FormData(e.currentTarget).get('assigned') ?? '');
    const next = new URLSearchParams(params);
    if (value) next.set('assigned', value);
    else next.delete('assigned');
    setParams(next);
  }

  return (
    <>
      <h1 className="display text-4xl sm:text-5xl">{title}</h1>
      <p className="mt-4 max-w-2xl text-ink-soft">{t('console.calls.intro')}</p>
      {/* Keyed by the URL, so "back" shows the filter of the page it lands on. */}
      <form
        key={assigned}
        role="search"
        aria-label={t('console.calls.filter')}
        onSubmit={onSubmit}
        className="filter-bar mt-8 sm:grid-cols-[minmax(0,1fr)_auto]"
      >
        <SelectField id="calls-assigned" name="assigned" label={t('console.calls.show')} defaultValue={assigned}>
          {SHOW.map((value) => (
            <option key={value} value={value}>
              {t(SHOW_LABELS[value])}
            </option>
          ))}
        </SelectField>
        <div className="sm:self-end">
          <button type="submit" className="btn btn-ink w-full sm:w-auto">
            {t('console.list.apply')}
          </button>
        </div>
      </form>
      <ListBody
        count={list.items.length}
        filtered={!!assigned}
        next={list.next}
        busy={list.busy}
        problem={list.problem}
        onMore={list.loadMore}
      >
        <ul className="mt-6 space-y-3">
          {list.items.map((call) => (
            <CallRow key={call.id} call={call} />
          ))}
        </ul>
      </ListBody>
    </>
  );
}

function CallRow({ call }: { call: ConsoleCall }) {
  const { lang, t } = useLanguage();
  const started = call.startedAt && !call.startedAt.startsWith('0001-') ? call.startedAt : '';
  return (
    <li className="console-row lg:grid-cols-[minmax(0,1fr)_minmax(0,1.6fr)] lg:items-start lg:gap-6">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-lg font-bold tracking-tight">
            {/* The call's own page shows the full number; this list keeps it masked. */}
            <Link
              to={localePath(lang, `/console/calls/${encodeURIComponent(call.id)}`)}
              className="underline decoration-1 underline-offset-4 hover:text-signal-ink"
            >
              {started ? <time dateTime={started}>{formatDateTime(started, lang)}</time> : t('console.calls.notStarted')}
            </Link>
          </h2>
          <OutcomeBadge outcome={call.outcome} />
        </div>
        <p className="mt-1 text-sm">
          <CallOrder order={call.order} labelled />
        </p>
      </div>
      <div className="min-w-0">
        <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
          <div className="col-span-2 min-w-0 sm:col-span-4">
            <dt className="fact-label">{t('console.calls.assistant')}</dt>
            <dd className="mt-0.5 font-mono [overflow-wrap:anywhere]">{call.assistantId || '—'}</dd>
          </div>
          <div>
            <dt className="fact-label">{t('calls.list.direction')}</dt>
            <dd className="mt-0.5">{directionText(call.direction, t)}</dd>
          </div>
          <div className="min-w-0">
            <dt className="fact-label">{t('calls.list.number')}</dt>
            <dd className="mt-0.5 tabular-nums whitespace-nowrap">{call.numberDisplay || t('calls.list.noNumber')}</dd>
          </div>
          <div>
            <dt className="fact-label">{t('calls.list.duration')}</dt>
            <dd className="mt-0.5 tabular-nums">{durationText(call.durationSeconds, t)}</dd>
          </div>
        </dl>
        <p className={call.summary ? 'mt-3 text-sm' : 'mt-3 text-sm text-ink-soft'}>{call.summary || t('calls.list.noSummary')}</p>
      </div>
    </li>
  );
}
