import { Link } from 'react-router';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { localePath } from '../../shared/paths';
import type { ConsoleCall } from './api';

/**
 * The order a call belongs to, as staff see it on a call's page: its agent (in the page's language), its
 * buyer (name and email) and a link to the order's own page, or "Unassigned" when no order claims the
 * call's assistant.
 */
export function CallOrder({ order }: { order: ConsoleCall['order'] }) {
  const { lang, t } = useLanguage();
  if (!order) return <span className="badge border-amber-300 bg-amber-50 text-amber-900">{t('console.calls.unassigned')}</span>;
  const agent = lang === 'nl' ? order.agentNameNl || order.agentName : order.agentName;
  return (
    <>
      <Link to={localePath(lang, `/console/orders/${encodeURIComponent(order.id)}`)} className="link-button">
        {t('console.call.openOrder', { number: order.number })}
      </Link>
      <span className="mt-1 block [overflow-wrap:anywhere]">
        <span className="sr-only">{t('console.call.agent')}: </span>
        {agent}
      </span>
      <span className="block [overflow-wrap:anywhere]">
        <span className="sr-only">{t('console.call.buyer')}: </span>
        {order.buyerName.trim() ? `${order.buyerName.trim()} · ${order.buyerEmail}` : order.buyerEmail}
      </span>
    </>
  );
}
