import type { ReactNode } from 'react';
import type { DashboardStats } from '../../shared/api/types';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import type { TKey } from '../../shared/i18n/types';
import { Amount } from './Amount';

/**
 * The four numbers of spec §2, as the server computed them from the same orders it sent (one source:
 * the app derives nothing): a row of label/value lines on a phone, cards from `sm` up. Money is never
 * added across currencies: the invested total is one line per currency, as the server sums them, each
 * excluding VAT like every amount the buyer reads.
 */
export function StatCards({ stats }: { stats: DashboardStats }) {
  const { t } = useLanguage();
  const totals = stats.totalInvested.length > 0 ? stats.totalInvested : [{ currency: 'EUR', amountCents: 0 }];
  const items: [TKey, [string, ReactNode][]][] = [
    ['dashboard.stats.active', [['n', String(stats.active)]]],
    ['dashboard.stats.settingUp', [['n', String(stats.settingUp)]]],
    ['dashboard.stats.total', [['n', String(stats.totalPurchases)]]],
    ['dashboard.stats.invested', totals.map((m) => [m.currency, <Amount cents={m.amountCents} currency={m.currency} />])],
  ];
  return (
    <dl className="grid gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-4">
      {items.map(([label, values]) => (
        <div key={label} className="stat-card">
          <dt>{t(label)}</dt>
          {values.map(([key, value]) => (
            <dd key={key}>{value}</dd>
          ))}
        </div>
      ))}
    </dl>
  );
}
