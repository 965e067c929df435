import { Link } from 'react-router';
import type { Order } from '../../shared/api/types';
import { formatDateTime } from '../../shared/format';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { localePath } from '../../shared/paths';
import { Amount } from './Amount';
import { EmptyState } from './EmptyState';
import { StatusBadge } from './StatusBadge';

/** Purchase history, newest first as the API sends it. One row per order from `md` up, a card below. */
export function OrderList({ orders }: { orders: readonly Order[] }) {
  const { lang, t } = useLanguage();
  if (orders.length === 0) {
    return (
      <EmptyState title={t('dashboard.history.emptyTitle')} text={t('dashboard.history.emptyText')} cta={t('dashboard.history.cta')} />
    );
  }
  return (
    <ul className="mt-6 space-y-3">
      {orders.map((order) => (
        <li key={order.id} className="order-row">
          <div className="flex flex-wrap items-center justify-between gap-2 md:block">
            <h3>
              <span className="fact-label block">{t('dashboard.history.order')}</span>{' '}
              <span className="font-mono text-lg font-semibold">#{order.number}</span>
            </h3>
            <div className="md:mt-1.5">
              <StatusBadge status={order.status} />
            </div>
          </div>
          <div className="min-w-0">
            <p className="font-semibold">{order.agent.name}</p>
            <p className="text-sm text-ink-soft">{order.agent.title}</p>
          </div>
          <dl className="grid grid-cols-2 gap-4">
            <div>
              <dt className="fact-label">{t('dashboard.history.purchased')}</dt>
              <dd className="mt-0.5 text-sm">
                <time dateTime={order.createdAt}>{formatDateTime(order.createdAt, lang)}</time>
              </dd>
            </div>
            <div>
              <dt className="fact-label">{t('dashboard.history.amount')}</dt>
              <dd className="mt-0.5 font-semibold tabular-nums">
                <Amount cents={order.amountCents} currency={order.currency} />
              </dd>
            </div>
          </dl>
          <Link
            to={localePath(lang, `/dashboard/orders/${encodeURIComponent(order.id)}`)}
            aria-label={t('dashboard.history.detailsFor', { number: order.number })}
            className="btn btn-ghost"
          >
            {t('dashboard.history.details')}
          </Link>
        </li>
      ))}
    </ul>
  );
}
