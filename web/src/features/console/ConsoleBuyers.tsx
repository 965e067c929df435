import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Deferred, deferred } from '../../shared/data/Deferred';
import { formatDate } from '../../shared/format';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { localePath } from '../../shared/paths';
import { listBuyers, type Account, type Page } from './api';
import { ConsoleError, ConsoleLoading, FilterBar, ListBody, personName, useQuery } from './parts';
import { usePages } from './usePages';

/** The first page for the URL's search; not awaited (<Deferred>). */
export function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  return { first: deferred(listBuyers({ q: params.get('q') ?? '' }, request.signal)) };
}

/** The first render of a fresh page, before the loader has handed over its promise. */
export function HydrateFallback() {
  const { t } = useLanguage();
  return <ConsoleLoading title={t('console.buyers.title')} text={t('console.loading')} />;
}

/** /console/buyers: every account (staff included), newest first, with a search of email and name; a name opens the account. */
export function Component() {
  const { t } = useLanguage();
  const { first } = useLoaderData<typeof loader>();
  const title = t('console.buyers.title');
  return (
    <Deferred
      resolve={first}
      loading={<ConsoleLoading title={title} text={t('console.loading')} />}
      failed={(error, retry) => <ConsoleError title={title} error={error} onRetry={retry} />}
    >
      {(page) => <Buyers first={page} />}
    </Deferred>
  );
}

function Buyers({ first }: { first: Page<Account> }) {
  const { lang, t } = useLanguage();
  const [params] = useQuery();
  const q = params.get('q') ?? '';
  const list = usePages(first, (cursor) => listBuyers({ q, cursor }));
  const title = t('console.buyers.title');
  return (
    <>
      <h1 className="display text-4xl sm:text-5xl">{title}</h1>
      <FilterBar idPrefix="buyers" searchHint={t('console.buyers.searchHint')} />
      <ListBody count={list.items.length} filtered={!!q} next={list.next} busy={list.busy} problem={list.problem} onMore={list.loadMore}>
        <ul className="mt-6 space-y-3">
          {list.items.map((account) => {
            const name = personName(account, t);
            return (
              <li key={account.id} className="console-row md:grid-cols-[minmax(0,1.3fr)_minmax(0,1.6fr)_auto] md:items-center md:gap-6">
                <div className="min-w-0">
                  <h2 className="text-lg font-bold tracking-tight [overflow-wrap:anywhere]">
                    <Link
                      to={localePath(lang, `/console/buyers/${encodeURIComponent(account.id)}`)}
                      aria-label={t('console.buyers.open', { name })}
                      className="underline decoration-1 underline-offset-4 hover:text-signal-ink"
                    >
                      {name}
                    </Link>
                  </h2>
                  <p className="text-sm text-ink-soft [overflow-wrap:anywhere]">{account.email}</p>
                </div>
                <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
                  <div>
                    <dt className="fact-label">{t('console.buyers.role')}</dt>
                    <dd className="mt-0.5">{t(`console.buyers.roles.${account.role}`)}</dd>
                  </div>
                  <div>
                    <dt className="fact-label">{t('console.buyers.locale')}</dt>
                    <dd className="mt-0.5">{t(`console.language.${account.locale}`)}</dd>
                  </div>
                  <div>
                    <dt className="fact-label">{t('console.buyers.joined')}</dt>
                    <dd className="mt-0.5">
                      <time dateTime={account.createdAt}>{formatDate(account.createdAt, lang)}</time>
                    </dd>
                  </div>
                  <div>
                    <dt className="fact-label">{t('console.buyers.orders')}</dt>
                    <dd className="mt-0.5 tabular-nums">{account.orderCount}</dd>
                  </div>
                  <div className="col-span-2 sm:col-span-4">
                    <dt className="sr-only">{t('console.buyers.verified')}</dt>
                    <dd className={account.verified ? 'text-green-900' : 'text-amber-900'}>
                      {account.verified ? t('console.buyers.verified') : t('console.buyers.notVerified')}
                    </dd>
                  </div>
                </dl>
                <Link
                  to={localePath(lang, `/console/orders?buyer=${encodeURIComponent(account.id)}`)}
                  aria-label={t('console.buyers.ordersOf', { name })}
                  className="btn btn-ghost"
                >
                  {t('console.buyers.orders')}
                </Link>
              </li>
            );
          })}
        </ul>
      </ListBody>
    </>
  );
}
