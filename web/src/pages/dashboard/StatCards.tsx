import type { DashboardStats } from '../../api/types';
import { formatMoney } from '../../format';
import { useLanguage } from '../../i18n/LanguageContext';
import type { TKey } from '../../i18n/types';

/**
 * The four numbers of spec §2, as the server computed them from the same orders it sent (one source:
 * the app derives nothing): a row of label/value lines on a phone, cards from `sm` up.
 */
export function StatCards({ stats }: { stats: DashboardStats }) {
  const { lang, t } = useLanguage();
  const items: [TKey, string][] = [
    ['dashboard.stats.active', String(stats.active)],
    ['dashboard.stats.settingUp', String(stats.settingUp)],
    ['dashboard.stats.total', String(stats.totalPurchases)],
    ['dashboard.stats.invested', formatMoney(stats.totalInvestedCents, lang)],
  ];
  return (
    <dl className="grid gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-4">
      {items.map(([label, value]) => (
        <div key={label} className="stat-card">
          <dt>{t(label)}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
