import { useState, type ReactNode } from 'react';
import { Link, useLoaderData, useParams, type LoaderFunctionArgs } from 'react-router';
import { Deferred, deferred } from '../../shared/data/Deferred';
import { formatDateTime, formatMoney, formatMonth, formatNumber } from '../../shared/format';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { localePath } from '../../shared/paths';
import { directionText, durationText, OutcomeBadge } from '../calls';
import { getConsoleOrder, listCalls, type ConsoleCall, type ConsoleOrder, type OrderDetail, type Page, type UsageMonth } from './api';
import { AgreementStanding } from '../agreement';
import { OrderFeesForm, OrderLinkForm, OrderStatusForm } from './OrderForms';
import { ConsoleError, ConsoleLoading, ListBody, OrderStatusBadge, orderStatusLabel, personName } from './parts';
import { usePages } from './usePages';
import { ConsoleAlertDefault } from '../alerts';
import { CallFieldsEditor } from './CallFieldsEditor';
import { NotFoundBlock } from '../../shared/ui/NotFoundBlock';
import { ConsoleOrderSettings } from '../settings';

/** The order (with its history and usage by month) and the first page of its calls; neither awaited (<Deferred>). */
export function loader({ params, request }: LoaderFunctionArgs) {
  const id = params.id ?? '';
  return {
    order: deferred(getConsoleOrder(id, request.signal)),
    calls: deferred(listCalls({ order: id }, request.signal)),
  };
}

/** The first render of a fresh page, before the loader has handed over its promise. */
export function HydrateFallback() {
  const { t } = useLanguage();
  return <ConsoleLoading title={t('console.orders.title')} text={t('console.order.loading')} />;
}

/** /console/orders/:id. A new id is a new page: nothing of the previous order's state carries over. */
export function Component() {
  const { id = '' } = useParams();
  return <OrderScreen key={id} />;
}

function OrderScreen() {
  const { t } = useLanguage();
  const { order, calls } = useLoaderData<typeof loader>();
  const title = t('console.orders.title');
  return (
    <Deferred
      resolve={order}
      loading={<ConsoleLoading title={title} text={t('console.order.loading')} />}
      failed={(error, retry) => <ConsoleError title={title} error={error} onRetry={retry} />}
      notFound={<NotFoundBlock back={<BackLink />} title={title} text={t('console.order.notFound')} />}
    >
      {(detail) => <OrderView loaded={detail} calls={calls} />}
    </Deferred>
  );
}

function BackLink() {
  const { lang, t } = useLanguage();
  return (
    <Link to={localePath(lang, '/console/orders')} className="link-button gap-1.5">
      <span aria-hidden="true">←</span>
      {t('console.order.back')}
    </Link>
  );
}

/**
 * The order's page: its facts, its status, its fees (setup, monthly, per minute) and its assistant (each
 * saved with the version shown), its call data fields, its usage by month, its calls and the history of its status.
 */
function OrderView({ loaded, calls }: { loaded: OrderDetail; calls: Promise<Page<ConsoleCall>> }) {
  const { lang, t } = useLanguage();
  const [detail, setDetail] = useState(loaded);
  const order = detail.order;

  /** A form saved (or met someone else's change): show the order as answered, then bring its history up to date. */
  function onChange(next: ConsoleOrder) {
    setDetail((d) => ({ ...d, order: next }));
    getConsoleOrder(next.id).then(
      (fresh) => setDetail((d) => (d.order.version <= fresh.order.version ? fresh : d)),
      () => {},
    );
  }

  const agent = lang === 'nl' ? order.agent.nameNl : order.agent.name;
  return (
    <>
      <BackLink />
      <div className="mt-6 flex flex-wrap items-center gap-x-4 gap-y-3">
        <h1 className="display font-mono text-4xl sm:text-5xl">{t('console.order.title', { number: order.number })}</h1>
        <OrderStatusBadge status={order.status} />
      </div>
      <div className="mt-8 grid gap-4 lg:grid-cols-[3fr_2fr] lg:gap-6">
        <div className="min-w-0 space-y-4 lg:space-y-6">
          <section aria-labelledby="order-details" className="panel">
            <h2 id="order-details" className="text-2xl font-bold tracking-tight">
              {t('console.order.details')}
            </h2>
            <dl className="mt-5 grid gap-4 sm:grid-cols-2">
              <Fact label={t('console.order.buyer')}>
                <Link to={localePath(lang, `/console/buyers/${encodeURIComponent(order.buyer.id)}`)} className="link-button">
                  {personName(order.buyer, t)}
                </Link>
                <span className="block text-sm text-ink-soft">{order.buyer.email}</span>
              </Fact>
              <Fact label={t('console.order.agent')}>{agent}</Fact>
              <Fact label={t('console.order.amount')}>
                <span className="font-semibold tabular-nums">{formatMoney(order.amountCents, order.currency, lang)}</span>
              </Fact>
              <Fact label={t('console.order.created')}>
                <time dateTime={order.createdAt}>{formatDateTime(order.createdAt, lang)}</time>
              </Fact>
              <Fact label={t('console.order.assistant')}>
                <span className="font-mono text-sm">{order.assistantId ?? t('console.orders.noAssistant')}</span>
              </Fact>
              <Fact label={t('console.order.rate')}>
                <span className="tabular-nums">{formatMoney(order.perMinuteCents, order.currency, lang)}</span>
              </Fact>
              <Fact label={t('console.order.callsThisMonth')}>
                <span className="tabular-nums">{order.callsThisMonth}</span>
              </Fact>
              {order.quoteId && (
                <Fact label={t('console.order.fromQuote')}>
                  <Link to={localePath(lang, `/console/quotes/${encodeURIComponent(order.quoteId)}`)} className="link-button">
                    {t('console.order.openQuote')}
                  </Link>
                </Fact>
              )}
            </dl>
          </section>
          <div className="panel">
            <CallFieldsEditor orderId={order.id} />
          </div>
          <div className="panel">
            <ConsoleAlertDefault orderId={order.id} />
          </div>
          <UsageTable usage={detail.usage} />
          <OrderCalls calls={calls} />
        </div>
        <div className="min-w-0 space-y-4 lg:space-y-6">
          {/* The order goes live (completed) only once its buyer accepted the processor agreement. */}
          {detail.agreement && <AgreementStanding standing={detail.agreement} />}
          <section aria-labelledby="order-status" className="panel">
            <h2 id="order-status" className="text-2xl font-bold tracking-tight">
              {t('console.order.status')}
            </h2>
            <div className="mt-5">
              <OrderStatusForm order={order} onChange={onChange} />
            </div>
          </section>
          <section aria-labelledby="order-fees" className="panel">
            <h2 id="order-fees" className="text-2xl font-bold tracking-tight">
              {t('billing.fees.title')}
            </h2>
            <p className="mt-2 text-sm text-ink-soft">{t('billing.fees.intro')}</p>
            <div className="mt-5">
              <OrderFeesForm order={order} onChange={onChange} />
            </div>
          </section>
          <section aria-labelledby="order-link" className="panel">
            <h2 id="order-link" className="text-2xl font-bold tracking-tight">
              {t('console.order.link')}
            </h2>
            <div className="mt-5">
              <OrderLinkForm order={order} onChange={onChange} />
            </div>
          </section>
          <History history={detail.history} />
        </div>
      </div>
      <div className="mt-4 max-w-4xl lg:mt-6">
        <ConsoleOrderSettings orderId={order.id} />
      </div>
    </>
  );
}

function UsageTable({ usage }: { usage: UsageMonth[] }) {
  const { lang, t } = useLanguage();
  // Plain-case headers and narrow gaps: four columns fit a phone without scrolling sideways.
  const th = 'px-2 py-2 align-bottom text-xs font-bold text-ink-soft sm:px-3';
  return (
    <section aria-labelledby="order-usage" className="panel">
      <h2 id="order-usage" className="text-2xl font-bold tracking-tight">
        {t('console.order.usage.title')}
      </h2>
      {usage.length === 0 ? (
        <p className="mt-4 text-ink-soft">{t('console.order.usage.empty')}</p>
      ) : (
        <table className="mt-4 w-full border-collapse text-sm">
          <caption className="mb-2 text-left text-sm text-ink-soft">{t('console.order.usage.caption')}</caption>
          <thead>
            <tr className="border-b border-line">
              <th scope="col" className={`${th} pl-0 text-left`}>
                {t('console.order.usage.month')}
              </th>
              <th scope="col" className={`${th} text-right`}>
                {t('console.order.usage.calls')}
              </th>
              <th scope="col" className={`${th} text-right`}>
                {t('console.order.usage.minutes')}
              </th>
              <th scope="col" className={`${th} pr-0 text-right`}>
                {t('console.order.usage.cost')}
              </th>
            </tr>
          </thead>
          <tbody>
            {usage.map((m) => (
              <tr key={`${m.month}-${m.currency}`} className="border-b border-line last:border-b-0">
                <th scope="row" className="py-2 pr-2 text-left font-semibold sm:pr-3">
                  {formatMonth(m.month, lang)}
                </th>
                <td className="px-2 py-2 text-right tabular-nums sm:px-3">{m.calls}</td>
                <td className="px-2 py-2 text-right tabular-nums sm:px-3">{formatNumber(m.seconds / 60, lang, 1)}</td>
                <td className="py-2 pl-2 text-right font-semibold whitespace-nowrap tabular-nums sm:pl-3">
                  {formatMoney(m.costCents, m.currency, lang)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function OrderCalls({ calls }: { calls: Promise<Page<ConsoleCall>> }) {
  const { t } = useLanguage();
  return (
    <section aria-labelledby="order-calls" className="panel">
      <h2 id="order-calls" className="text-2xl font-bold tracking-tight">
        {t('console.order.calls.title')}
      </h2>
      <p className="mt-2 text-sm text-ink-soft">{t('console.order.calls.intro')}</p>
      <Deferred
        resolve={calls}
        loading={
          <p role="status" className="status-line mt-4">
            <span aria-hidden="true" className="pulse-dot" />
            {t('console.loading')}
          </p>
        }
        failed={(error, retry) => <ConsoleError title={t('console.order.calls.title')} error={error} onRetry={retry} />}
      >
        {(first) => <CallList first={first} />}
      </Deferred>
    </section>
  );
}

function CallList({ first }: { first: Page<ConsoleCall> }) {
  const { lang, t } = useLanguage();
  const { id = '' } = useParams();
  const list = usePages(first, (cursor) => listCalls({ order: id, cursor }));
  if (list.items.length === 0) return <p className="mt-4 text-ink-soft">{t('console.order.calls.empty')}</p>;
  return (
    <ListBody count={list.items.length} filtered={false} next={list.next} busy={list.busy} problem={list.problem} onMore={list.loadMore}>
      <ul className="mt-4 divide-y divide-line">
        {list.items.map((call) => {
          const started = call.startedAt && !call.startedAt.startsWith('0001-') ? call.startedAt : '';
          return (
            <li key={call.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-3">
              <Link
                to={localePath(lang, `/console/calls/${encodeURIComponent(call.id)}`)}
                className="font-semibold underline decoration-1 underline-offset-4 hover:text-signal-ink"
              >
                {started ? <time dateTime={started}>{formatDateTime(started, lang)}</time> : t('console.calls.notStarted')}
              </Link>
              <OutcomeBadge outcome={call.outcome} />
              <span className="text-sm text-ink-soft">
                {directionText(call.direction, t)} · <span className="tabular-nums">{call.numberDisplay || t('calls.list.noNumber')}</span>{' '}
                · <span className="tabular-nums">{durationText(call.durationSeconds, t)}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </ListBody>
  );
}

function History({ history }: { history: OrderDetail['history'] }) {
  const { lang, t } = useLanguage();
  return (
    <section aria-labelledby="order-history" className="panel">
      <h2 id="order-history" className="text-2xl font-bold tracking-tight">
        {t('console.order.history.title')}
      </h2>
      {history.length === 0 ? (
        <p className="mt-4 text-ink-soft">{t('console.order.history.empty')}</p>
      ) : (
        <ol className="mt-5 space-y-4">
          {history.map((change, i) => {
            const to = orderStatusLabel(change.to ?? '', t);
            return (
              <li key={i} className="border-l-2 border-line pl-4">
                <p className="font-semibold">
                  {change.from === null
                    ? t('console.order.history.created', { to })
                    : t('console.order.history.change', { from: orderStatusLabel(change.from, t), to })}
                </p>
                <p className="mt-0.5 text-sm text-ink-soft">
                  {change.actor && `${t('console.order.history.by', { name: personName(change.actor, t) })} · `}
                  <time dateTime={change.at}>{formatDateTime(change.at, lang)}</time>
                </p>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="fact-label">{label}</dt>
      <dd className="mt-1 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}
