import type { DashboardStats } from '../../api/types';
import { formatMoney } from '../../format';
import { useLanguage } from '../../i18n/LanguageContext';
import type { TKey } from '../../i18n/types';

/**
 * The four numbers of spec §2, as the server computed them from the same orders it sent (one source:
 * the app derives nothing): a row of label/value lines on a phone, cards from `sm` up. Money is never
 * added across currencies: the invested total is one line per currency, as the server sums them.
 */
export function StatCards({ stats }: { stats: DashboardStats }) {
  const { lang, t } = useLanguage();
  const totals = stats.totalInvested.length > 0 ? stats.totalInvested : [{ currency: 'EUR', amountCents: 0 }];
  const items: [TKey, string[]][] = [
    ['dashboard.stats.active', [String(stats.active)]],
    ['dashboard.stats.settingUp', [String(stats.settingUp)]],
    ['dashboard.stats.total', [String(stats.totalPurchases)]],
    ['dashboard.stats.invested', totals.map((m) => formatMoney(m.amountCents, m.currency, lang))],
  ];
  return (
    <dl className="grid gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-4">
      {items.map(([label, values]) => (
        <div key={label} className="stat-card">
          <dt>{t(label)}</dt>
          {values.map((value) => (
            <dd key={value}>{value}</dd>
          ))}
        </div>
      ))}
    </dl>
  );
}
