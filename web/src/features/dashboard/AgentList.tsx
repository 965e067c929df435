import { Link } from 'react-router';
import type { Order } from '../../shared/api/types';
import { formatDate } from '../../shared/format';
import { softHyphens } from '../../shared/i18n/hyphenate';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { localePath } from '../../shared/paths';
import { EmptyState } from './EmptyState';

/** The buyer's live agents (completed orders); each name opens the agent's page with its calls. */
export function AgentList({ orders }: { orders: readonly Order[] }) {
  const { lang, t } = useLanguage();
  if (orders.length === 0) {
    return <EmptyState title={t('dashboard.agents.emptyTitle')} text={t('dashboard.agents.emptyText')} cta={t('dashboard.agents.cta')} />;
  }
  return (
    <ul className="mt-6 grid gap-4 md:grid-cols-2">
      {orders.map((order) => (
        <li key={order.id} className="panel">
          <h3 className="text-xl font-bold tracking-tight">
            <Link
              to={localePath(lang, `/dashboard/agents/${encodeURIComponent(order.id)}`)}
              className="underline decoration-1 underline-offset-4 hover:text-signal-ink"
            >
              {softHyphens(order.agent.name, lang)}
            </Link>
          </h3>
          <p className="mt-1 font-medium text-signal-ink">{order.agent.title}</p>
          <p className="mt-3 leading-relaxed text-ink-soft">{order.agent.description}</p>
          <p className="mt-4 text-sm text-ink-soft">
            {t('dashboard.agents.since')} <time dateTime={order.createdAt}>{formatDate(order.createdAt, lang)}</time>
          </p>
        </li>
      ))}
    </ul>
  );
}
