import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { CallSummary } from '../../shared/api/types';
import { messageFor } from '../../shared/form/errors';
import { formatDateTime } from '../../shared/format';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { localePath } from '../../shared/paths';
import { browserTimeZone, callsCsvUrl } from './api';
import { OutcomeBadge } from './OutcomeBadge';
import { useCallPages } from './useCallPages';
import { durationText, directionText } from './words';

/** The order's calls, newest first, a page at a time; each opens its detail as a new document. */
export function CallList({ orderId }: { orderId: string }) {
  const { lang } = useLanguage();
  return <Calls key={lang} orderId={orderId} />;
}

function Calls({ orderId }: { orderId: string }) {
  const { lang, t } = useLanguage();
  const pages = useCallPages(orderId, lang);
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

  if (pages.state.status === 'loading') {
    return (
      <p role="status" className="status-line mt-10">
        <span aria-hidden="true" className="pulse-dot" />
        {t('calls.list.loading')}
      </p>
    );
  }
  if (pages.state.status === 'error') {
    return (
      <div className="mt-10">
        <p role="alert" className="notice notice-error max-w-2xl">
          {t('calls.list.error')} {t(messageFor(pages.state.error.code))}
        </p>
        <button type="button" className="btn btn-ink mt-4" onClick={pages.retry}>
          {t('dashboard.error.retry')}
        </button>
      </div>
    );
  }

  return (
    <section aria-labelledby="agent-calls" className="mt-10">
      <div className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-2">
        <h2 id="agent-calls" className="text-2xl font-bold tracking-tight">
          {t('calls.list.title')} <span className="text-base font-medium text-ink-soft">· {t('calls.list.newestFirst')}</span>
        </h2>
        {count > 0 && (
          <a href={callsCsvUrl(orderId, lang, browserTimeZone())} download className="link-button">
            {t('calls.list.csv')}
          </a>
        )}
      </div>
      {count === 0 ? (
        <div className="panel mt-4 text-center">
          <h3 className="text-xl font-bold tracking-tight">{t('calls.empty.noCallsTitle')}</h3>
          <p className="mx-auto mt-2 max-w-md text-ink-soft">{t('calls.empty.noCallsText')}</p>
        </div>
      ) : (
        <ul ref={listRef} className="mt-4 space-y-3">
          {pages.items.map((call) => (
            <CallRow key={call.id} orderId={orderId} call={call} />
          ))}
        </ul>
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
    </section>
  );
}

function CallRow({ orderId, call }: { orderId: string; call: CallSummary }) {
  const { lang, t } = useLanguage();
  const href = localePath(lang, `/dashboard/agents/${encodeURIComponent(orderId)}/calls/${encodeURIComponent(call.id)}`);
  return (
    <li className="rounded-2xl border border-line bg-card p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <h3 className="font-semibold">
          {/* A whole document: the server widens the page's CSP for the recording's origin there. */}
          <Link reloadDocument to={href} className="underline decoration-1 underline-offset-4 hover:text-signal-ink">
            <time dateTime={call.startedAt}>{formatDateTime(call.startedAt, lang)}</time>
          </Link>
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
      </dl>
      <p className={`mt-3 leading-relaxed ${call.summary ? '' : 'text-ink-soft italic'}`}>{call.summary || t('calls.list.noSummary')}</p>
    </li>
  );
}
