import { Link } from 'react-router';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { localePath } from '../../shared/paths';
import type { ConsoleCall } from './api';

/**
 * The order a call belongs to, as staff see it in the calls list and on a call's page: a link to the
 * order's page and the buyer's email address, or "Unassigned" when
 * no order claims the call's assistant. `labelled` names the field first, for the list, whose row has
 * no label of its own.
 */
export function CallOrder({ order, labelled = false }: { order: ConsoleCall['order']; labelled?: boolean }) {
  const { lang, t } = useLanguage();
  if (!order) return <span className="badge border-amber-300 bg-amber-50 text-amber-900">{t('console.calls.unassigned')}</span>;
  return (
    <>
      {labelled && <span className="fact-label">{t('console.calls.order')}: </span>}
      <Link to={localePath(lang, `/console/orders/${encodeURIComponent(order.id)}`)} className="link-button">
        {t('console.calls.orderLink', { number: order.number })}
      </Link>
      <span className="block text-ink-soft [overflow-wrap:anywhere]">{order.buyerEmail}</span>
    </>
  );
}
