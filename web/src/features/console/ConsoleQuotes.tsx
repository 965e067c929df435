import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Deferred, deferred } from '../../shared/data/Deferred';
import { formatDateTime } from '../../shared/format';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { localePath } from '../../shared/paths';
import { listQuotes, QUOTE_STATUSES, type Page, type QuoteSummary } from './api';
import { ConsoleError, ConsoleLoading, FilterBar, ListBody, QuoteStatusBadge, useQuery } from './parts';
import { usePages } from './usePages';

/** The first page for the URL's filters; not awaited (<Deferred>). */
export function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  return { first: deferred(listQuotes({ status: params.get('status') ?? '', q: params.get('q') ?? '' }, request.signal)) };
}

/** The first render of a fresh page, before the loader has handed over its promise. */
export function HydrateFallback() {
  const { t } = useLanguage();
  return <ConsoleLoading title={t('console.quotes.title')} text={t('console.loading')} />;
}

/** /console: the quote inbox, newest first, by status and a search of name, email or company. */
export function Component() {
  const { t } = useLanguage();
  const { first } = useLoaderData<typeof loader>();
  const title = t('console.quotes.title');
  return (
    <Deferred
      resolve={first}
      loading={<ConsoleLoading title={title} text={t('console.loading')} />}
      failed={(error, retry) => <ConsoleError title={title} error={error} onRetry={retry} />}
    >
      {(page) => <Quotes first={page} />}
    </Deferred>
  );
}

function Quotes({ first }: { first: Page<QuoteSummary> }) {
  const { t } = useLanguage();
  const [params] = useQuery();
  const status = params.get('status') ?? '';
  const q = params.get('q') ?? '';
  const list = usePages(first, (cursor) => listQuotes({ status, q, cursor }));
  const title = t('console.quotes.title');
  return (
    <>
      <h1 className="display text-4xl sm:text-5xl">{title}</h1>
      <FilterBar
        idPrefix="quotes"
        statuses={QUOTE_STATUSES.map((s) => [s, t(`console.quoteStatus.${s}`)])}
        searchHint={t('console.quotes.searchHint')}
      />
      <ListBody
        count={list.items.length}
        filtered={!!(status || q)}
        next={list.next}
        busy={list.busy}
        problem={list.problem}
        onMore={list.loadMore}
      >
        <ul className="mt-6 space-y-3">
          {list.items.map((quote) => (
            <QuoteRow key={quote.id} quote={quote} />
          ))}
        </ul>
      </ListBody>
    </>
  );
}

function QuoteRow({ quote }: { quote: QuoteSummary }) {
  const { lang, t } = useLanguage();
  const name = quote.fullName.trim() || quote.email;
  return (
    <li className="console-row md:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_auto] md:items-center md:gap-6">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-lg font-bold tracking-tight [overflow-wrap:anywhere]">{name}</h2>
          <QuoteStatusBadge status={quote.status} />
        </div>
        <p className="mt-0.5 text-sm text-ink-soft [overflow-wrap:anywhere]">{quote.email}</p>
      </div>
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <div className="min-w-0">
          <dt className="fact-label">{t('console.quotes.company')}</dt>
          <dd className="mt-0.5 [overflow-wrap:anywhere]">{quote.companyName || '—'}</dd>
        </div>
        <div>
          <dt className="fact-label">{t('console.quotes.received')}</dt>
          <dd className="mt-0.5">
            <time dateTime={quote.createdAt}>{formatDateTime(quote.createdAt, lang)}</time>
          </dd>
        </div>
        <div className="col-span-2">
          <dt className="fact-label">{t('console.quotes.source')}</dt>
          <dd className="mt-0.5">{t(`console.source.${quote.source}`)}</dd>
        </div>
      </dl>
      <Link
        to={localePath(lang, `/console/quotes/${encodeURIComponent(quote.id)}`)}
        aria-label={t('console.quotes.openFor', { name })}
        className="btn btn-ghost"
      >
        {t('console.quotes.open')}
      </Link>
    </li>
  );
}
