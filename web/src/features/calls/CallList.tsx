import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigation } from 'react-router';
import type { ApiError } from '../../shared/api/client';
import type { CallPage, CallSummary } from '../../shared/api/types';
import { Deferred, toApiError } from '../../shared/data/Deferred';
import { messageFor } from '../../shared/form/errors';
import { formatDateTime } from '../../shared/format';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { localePath } from '../../shared/paths';
import { browserTimeZone, callsCsvUrl, getCalls } from './api';
import { CallDataColumns, CallDataFilters, type CallDataField } from './CallData';
import { CallFilterForm, useCallFilters } from './CallFilters';
import { narrowed, type CallFilters } from './filters';
import { OutcomeBadge } from './OutcomeBadge';
import { durationText, directionText } from './words';

/**
 * The order's calls the URL's filters select, newest first, a page at a time, under the filters and search;
 * each opens its detail as a new document. The first page comes from the route's loader (`firstPage`, null
 * when there is none to show); "load more" appends the next by cursor.
 */
export function CallList({
  orderId,
  firstPage,
  fields = [],
}: {
  orderId: string;
  firstPage: Promise<CallPage | null>;
  /** The order's call data fields: the first three are columns, the yes/no and choice ones filters. */
  fields?: readonly CallDataField[];
}) {
  const { t } = useLanguage();
  const [filters] = useCallFilters();
  // A new period or filter keeps this list up until the new one is in; meanwhile a line says it is coming.
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const pending = navigation.state === 'loading' && navigation.location.pathname === pathname;
  return (
    <section aria-labelledby="agent-calls" aria-busy={pending || undefined} className="mt-10">
      <h2 id="agent-calls" className="text-2xl font-bold tracking-tight">
        {t('calls.list.title')} <span className="text-base font-medium text-ink-soft">· {t('calls.list.newestFirst')}</span>
      </h2>
      <CallFilterForm />
      <CallDataFilters fields={fields} />
      {pending && (
        <p role="status" className="status-line mt-6">
          <span aria-hidden="true" className="pulse-dot" />
          {t('calls.list.loading')}
        </p>
      )}
      <Deferred
        resolve={firstPage}
        loading={
          <p role="status" className="status-line mt-6">
            <span aria-hidden="true" className="pulse-dot" />
            {t('calls.list.loading')}
          </p>
        }
        failed={(error, retry) => (
          <div className="mt-6">
            <p role="alert" className="notice notice-error max-w-2xl">
              {t('calls.list.error')} {t(messageFor(error.code))}
            </p>
            <button type="button" className="btn btn-ink mt-4" onClick={retry}>
              {t('dashboard.error.retry')}
            </button>
          </div>
        )}
      >
        {(page) => page && <Calls orderId={orderId} filters={filters} first={page} columns={fields.slice(0, 3)} />}
      </Deferred>
    </section>
  );
}

function Calls({
  orderId,
  filters,
  first,
  columns,
}: {
  orderId: string;
  filters: CallFilters;
  first: CallPage;
  columns: readonly CallDataField[];
}) {
  const { lang, t } = useLanguage();
  const pages = useMorePages(orderId, filters, first);
  const listRef = useRef<HTMLUListElement>(null);
  // After "load more", focus moves to the first call that came in (the button may be gone).
  const focusFrom = useRef<number | null>(null);
  const count = pages.items.length;
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || count <= from) return;
    focusFrom.current = null;
    listRef.current?.children[from]?.querySelector('a')?.focus();
  }, [count]);

  return (
    <>
      {count === 0 ? (
        <NoCalls filters={filters} />
      ) : (
        <>
          <p className="mt-6">
            <a href={callsCsvUrl(orderId, lang, browserTimeZone(), filters)} download className="link-button">
              {t('calls.list.csv')}
            </a>
          </p>
          <ul ref={listRef} className="mt-3 space-y-3">
            {pages.items.map((call) => (
              <CallRow key={call.id} orderId={orderId} call={call} columns={columns} />
            ))}
          </ul>
        </>
      )}
      {pages.moreError && (
        <p role="alert" className="notice notice-error mt-4 max-w-2xl">
          {t('calls.list.moreError')} {t(messageFor(pages.moreError.code))}
        </p>
      )}
      {pages.hasMore && (
        <button
          type="button"
          className="btn btn-ghost mt-5"
          disabled={pages.loadingMore}
          data-busy={pages.loadingMore || undefined}
          onClick={() => {
            focusFrom.current = count;
            void pages.loadMore();
          }}
        >
          {pages.loadingMore ? t('calls.list.loadingMore') : t('calls.list.loadMore')}
        </button>
      )}
    </>
  );
}

/** An empty list says why: a search or filters that match nothing, a quiet period, or no calls yet. */
function NoCalls({ filters }: { filters: CallFilters }) {
  const { t } = useLanguage();
  const [title, text] = filters.q
    ? [t('calls.empty.noMatchSearchTitle', { q: filters.q }), t('calls.empty.noMatchText')]
    : narrowed(filters)
      ? [t('calls.empty.noMatchFiltersTitle'), t('calls.empty.noMatchText')]
      : filters.period !== 'month'
        ? [t('calls.empty.noPeriodTitle'), t('calls.empty.noPeriodText')]
        : [t('calls.empty.noCallsTitle'), t('calls.empty.noCallsText')];
  return (
    <div className="panel mt-6 text-center">
      <h3 className="text-xl font-bold tracking-tight [overflow-wrap:anywhere]">{title}</h3>
      <p className="mx-auto mt-2 max-w-md text-ink-soft">{text}</p>
    </div>
  );
}

/** One call in a list: its time (a link to its page, as a whole document), outcome, direction, number, duration, summary and the first call data fields (`columns`). */
export function CallRow({ orderId, call, columns = [] }: { orderId: string; call: CallSummary; columns?: readonly CallDataField[] }) {
  const { lang, t } = useLanguage();
  const href = localePath(lang, `/dashboard/agents/${encodeURIComponent(orderId)}/calls/${encodeURIComponent(call.id)}`);
  return (
    <li className="rounded-2xl border border-line bg-card p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <h3 className="font-semibold">
          {/* A whole document (a plain link, not the router's): the server widens the page's CSP for the
              recording's origin there. */}
          <a href={href} className="underline decoration-1 underline-offset-4 hover:text-signal-ink">
            <time dateTime={call.startedAt}>{formatDateTime(call.startedAt, lang)}</time>
          </a>
        </h3>
        <OutcomeBadge outcome={call.outcome} />
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
        <div>
          <dt className="fact-label">{t('calls.list.direction')}</dt>
          <dd className="mt-0.5 text-sm">{directionText(call.direction, t)}</dd>
        </div>
        <div>
          <dt className="fact-label">{t('calls.list.number')}</dt>
          <dd className="mt-0.5 font-mono text-sm whitespace-nowrap">
            {call.numberDisplay || <span className="font-sans text-ink-soft">{t('calls.list.noNumber')}</span>}
          </dd>
        </div>
        <div>
          <dt className="fact-label">{t('calls.list.duration')}</dt>
          <dd className="mt-0.5 text-sm tabular-nums">{durationText(call.durationSeconds, t)}</dd>
        </div>
        <CallDataColumns fields={columns} data={call.data} />
      </dl>
      <p className={`mt-3 leading-relaxed ${call.summary ? '' : 'text-ink-soft italic'}`}>{call.summary || t('calls.list.noSummary')}</p>
    </li>
  );
}

/** The loader's first page and the pages "load more" has appended to it, in the page's language. */
function useMorePages(orderId: string, filters: CallFilters, first: CallPage) {
  const { lang } = useLanguage();
  // Pages loaded after the first, and the cursor after the last of them.
  const [more, setMore] = useState<CallPage | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<ApiError | null>(null);

  const items = [...first.items, ...(more?.items ?? [])];
  const cursor = more ? more.nextCursor : first.nextCursor;

  async function loadMore() {
    if (!cursor || loadingMore) return;
    setLoadingMore(true);
    setMoreError(null);
    try {
      const page = await getCalls(orderId, lang, filters, cursor);
      // Keyset pages do not overlap; this only makes sure no call is ever listed twice.
      setMore((prev) => {
        const seen = new Set([...first.items, ...(prev?.items ?? [])].map((c) => c.id));
        return { items: [...(prev?.items ?? []), ...page.items.filter((c) => !seen.has(c.id))], nextCursor: page.nextCursor || null };
      });
    } catch (err) {
      setMoreError(toApiError(err));
    } finally {
      setLoadingMore(false);
    }
  }

  return { items, hasMore: Boolean(cursor), loadMore, loadingMore, moreError };
}
