import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Deferred, deferred } from '../../shared/data/Deferred';
import { formatDate, formatMoney } from '../../shared/format';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { localePath } from '../../shared/paths';
import { listOrders, ORDER_STATUSES, type ConsoleOrder, type Page } from './api';
import { ConsoleError, ConsoleLoading, FilterBar, ListBody, OrderStatusBadge, personName, useQuery } from './parts';
import { usePages } from './usePages';

/** The URL's filters. */
function filtersOf(params: URLSearchParams) {
  return { status: params.get('status') ?? '', q: params.get('q') ?? '', buyer: params.get('buyer') ?? '' };
}

/** The first page for the URL's filters; not awaited (<Deferred>). */
export function loader({ request }: LoaderFunctionArgs) {
  return { first: deferred(listOrders(filtersOf(new URL(request.url).searchParams), request.signal)) };
}

/** The first render of a fresh page, before the loader has handed over its promise. */
export function HydrateFallback() {
  const { t } = useLanguage();
  return <ConsoleLoading title={t('console.orders.title')} text={t('console.loading')} />;
}

/**
 * /console/orders: every order, newest first, by status and buyer (?buyer=id, or a search of email and name), as a
 * table; each order is edited on its own page.
 */
export function Component() {
  const { t } = useLanguage();
  const { first } = useLoaderData<typeof loader>();
  const title = t('console.orders.title');
  return (
    <Deferred
      resolve={first}
      loading={<ConsoleLoading title={title} text={t('console.loading')} />}
      failed={(error, retry) => <ConsoleError title={title} error={error} onRetry={retry} />}
    >
      {(page) => <Orders first={page} />}
    </Deferred>
  );
}

function Orders({ first }: { first: Page<ConsoleOrder> }) {
  const { t } = useLanguage();
  const [params, setParams] = useQuery();
  const { status, q, buyer } = filtersOf(params);
  const list = usePages(first, (cursor) => listOrders({ status, q, buyer, cursor }));
  const title = t('console.orders.title');
  const buyerName = buyer && list.items[0] ? personName(list.items[0].buyer, t) : buyer;

  function clearBuyer() {
    const next = new URLSearchParams(params);
    next.delete('buyer');
    setParams(next);
  }

  return (
    <>
      <h1 className="display text-4xl sm:text-5xl">{title}</h1>
      {buyer && (
        <p className="mt-6 flex flex-wrap items-center gap-3">
          <span className="badge border-ink bg-paper text-sm text-ink">{t('console.orders.buyerFilter', { name: buyerName })}</span>
          <button type="button" className="link-button" onClick={clearBuyer}>
            {t('console.list.clear')}
          </button>
        </p>
      )}
      <FilterBar
        idPrefix="orders"
        statuses={ORDER_STATUSES.map((s) => [s, t(`console.orderStatus.${s}`)])}
        searchHint={t('console.orders.searchHint')}
      />
      <ListBody
        count={list.items.length}
        filtered={!!(status || q || buyer)}
        next={list.next}
        busy={list.busy}
        problem={list.problem}
        onMore={list.loadMore}
      >
        <OrderTable orders={list.items} />
      </ListBody>
    </>
  );
}

/**
 * The orders as a table: on a phone the first column carries the buyer, agent, amount and calls beneath
 * the number and the columns with them are dropped (only the status stays beside it), so nothing scrolls
 * sideways; each number opens the order's page, where it is edited.
 */
function OrderTable({ orders }: { orders: ConsoleOrder[] }) {
  const { lang, t } = useLanguage();
  const th = 'px-3 py-3 text-left text-xs font-bold tracking-wide text-ink-soft uppercase';
  const wide = 'hidden md:table-cell';
  return (
    <div className="panel mt-6 p-0">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{t('console.orders.table')}</caption>
        <thead>
          <tr className="border-b border-line">
            <th scope="col" className={th}>
              {t('console.orders.number')}
            </th>
            <th scope="col" className={`${th} ${wide}`}>
              {t('console.orders.buyer')}
            </th>
            <th scope="col" className={`${th} hidden lg:table-cell`}>
              {t('console.orders.agent')}
            </th>
            <th scope="col" className={th}>
              {t('console.orders.status')}
            </th>
            <th scope="col" className={`${th} ${wide} text-right`}>
              {t('console.orders.amount')}
            </th>
            <th scope="col" className={`${th} ${wide}`}>
              {t('console.orders.assistantLinked')}
            </th>
            <th scope="col" className={`${th} hidden text-right sm:table-cell`}>
              {t('console.orders.callsThisMonth')}
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => {
            const agent = lang === 'nl' ? order.agent.nameNl : order.agent.name;
            const amount = formatMoney(order.amountCents, order.currency, lang);
            return (
              <tr key={order.id} className="border-b border-line align-top last:border-b-0">
                <td className="min-w-0 px-3 py-3">
                  <Link
                    to={localePath(lang, `/console/orders/${encodeURIComponent(order.id)}`)}
                    className="font-mono text-base font-semibold underline decoration-1 underline-offset-4 hover:text-signal-ink"
                  >
                    #{order.number}
                  </Link>
                  <span className="mt-1 block text-xs text-ink-soft">
                    <time dateTime={order.createdAt}>{formatDate(order.createdAt, lang)}</time>
                  </span>
                  {/* The dropped columns, under the number on a phone. */}
                  <span className="mt-1 block [overflow-wrap:anywhere] md:hidden">{personName(order.buyer, t)}</span>
                  <span className="block text-ink-soft md:hidden">
                    {agent} · <span className="tabular-nums">{amount}</span>
                  </span>
                  <span className="block text-ink-soft sm:hidden">{t('console.orders.callsShort', { count: order.callsThisMonth })}</span>
                </td>
                <td className={`${wide} max-w-56 px-3 py-3`}>
                  <span className="block font-semibold [overflow-wrap:anywhere]">{personName(order.buyer, t)}</span>
                  <span className="block text-ink-soft [overflow-wrap:anywhere]">{order.buyer.email}</span>
                  <span className="block text-ink-soft lg:hidden">{agent}</span>
                </td>
                <td className="hidden px-3 py-3 lg:table-cell">{agent}</td>
                <td className="px-3 py-3">
                  <OrderStatusBadge status={order.status} />
                </td>
                <td className={`${wide} px-3 py-3 text-right font-semibold whitespace-nowrap tabular-nums`}>{amount}</td>
                <td className={`${wide} px-3 py-3`}>
                  {order.assistantId ? t('console.orders.linked') : <span className="text-ink-soft">{t('console.orders.notLinked')}</span>}
                </td>
                <td className="hidden px-3 py-3 text-right font-semibold tabular-nums sm:table-cell">{order.callsThisMonth}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
