import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { getOrder } from '../../shared/api/client';
import type { Order } from '../../shared/api/types';
import { Deferred, deferred, requestLang } from '../../shared/data/Deferred';
import { addDays, formatDate, formatDateTime } from '../../shared/format';
import { softHyphens } from '../../shared/i18n/hyphenate';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { localePath } from '../../shared/paths';
import { Fact } from '../../shared/ui/Fact';
import { Amount } from './Amount';
import { Loading, LoadError } from './LoadState';
import { StatusBadge } from './StatusBadge';
import { NotFoundBlock } from '../../shared/ui/NotFoundBlock';

/** The order; not awaited (<Deferred>). The API answers 404 for someone else's order as for a missing one. */
export function loader({ params, request }: LoaderFunctionArgs) {
  return { order: deferred(getOrder(params.id ?? '', requestLang(request), request.signal)) };
}

/** The first render of a fresh page, before the loader has handed over its promise. */
export function HydrateFallback() {
  const { t } = useLanguage();
  return <Loading text={t('dashboard.order.loading')} />;
}

/** /dashboard/orders/:id. A new id is a new page: nothing of the previous order's state carries over. */
export function Component() {
  const { t } = useLanguage();
  const { order } = useLoaderData<typeof loader>();
  return (
    <Deferred
      resolve={order}
      loading={<Loading text={t('dashboard.order.loading')} />}
      failed={(error, retry) => <LoadError error={error} onRetry={retry} />}
      // 400: an id that is not even a valid one, which is just as missing.
      notFound={<NotFoundBlock back={<BackLink />} title={t('dashboard.order.notFoundTitle')} text={t('dashboard.order.notFoundText')} />}
    >
      {(data) => <OrderView order={data.order} />}
    </Deferred>
  );
}

function BackLink() {
  const { lang, t } = useLanguage();
  return (
    <Link to={localePath(lang, '/dashboard?tab=history')} className="link-button gap-1.5">
      <span aria-hidden="true">←</span>
      {t('dashboard.order.back')}
    </Link>
  );
}

function OrderView({ order }: { order: Order }) {
  const { lang, t } = useLanguage();
  const { agent } = order;
  const expected = addDays(order.createdAt, agent.deliveryDays);
  return (
    <>
      <BackLink />
      <div className="mt-6 flex flex-wrap items-center gap-x-4 gap-y-3">
        <h1 className="display text-4xl sm:text-5xl">{t('dashboard.order.title', { number: order.number })}</h1>
        <StatusBadge status={order.status} />
      </div>
      <div className="mt-8 grid gap-4 lg:grid-cols-[3fr_2fr] lg:gap-6">
        <section aria-labelledby="order-agent" className="panel">
          <p className="fact-label">{t('dashboard.order.agent')}</p>
          <h2 id="order-agent" className="mt-1 text-2xl font-bold tracking-tight">
            {softHyphens(agent.name, lang)}
          </h2>
          <p className="mt-1 font-medium text-signal-ink">{agent.title}</p>
          <p className="mt-4 leading-relaxed text-ink-soft">{agent.description}</p>
        </section>
        <dl className="panel space-y-4">
          <Fact label={t('dashboard.order.amount')}>
            <span className="text-xl font-bold tabular-nums">
              <Amount cents={order.amountCents} currency={order.currency} />
            </span>
          </Fact>
          <Fact label={t('dashboard.order.ordered')}>
            <time dateTime={order.createdAt}>{formatDateTime(order.createdAt, lang)}</time>
          </Fact>
          <Fact label={t('dashboard.order.deliveryTime')}>
            {agent.deliveryDays === 1 ? t('dashboard.order.day') : t('dashboard.order.days', { days: agent.deliveryDays })}
          </Fact>
          {order.status === 'pending' && (
            <Fact label={t('dashboard.order.expected')}>
              <time dateTime={expected}>{formatDate(expected, lang)}</time>
            </Fact>
          )}
        </dl>
      </div>
    </>
  );
}
