import type { ReactNode } from 'react';
import type { AgentOverview } from '../../api/types';
import { formatMoney, formatNumber } from '../../format';
import { useLanguage } from '../../i18n/LanguageContext';
import { durationText } from './words';

/** This month's figures as the server counted them (in the buyer's time zone); the app derives only units. */
export function MonthStats({ overview }: { overview: AgentOverview }) {
  const { lang, t } = useLanguage();
  const { month, agent } = overview;
  const minutes = formatNumber(month.seconds / 60, lang, 1);
  const money = (cents: number) => formatMoney(cents, agent.currency, lang);
  return (
    <section aria-labelledby="agent-month" className="mt-10">
      <h2 id="agent-month" className="text-2xl font-bold tracking-tight">
        {t('calls.month.title')}
      </h2>
      <dl className="mt-4 grid gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-4">
        <Stat label={t('calls.month.calls')}>{formatNumber(month.calls, lang)}</Stat>
        <Stat label={t('calls.month.answered')}>{formatNumber(month.answered, lang)}</Stat>
        <Stat label={t('calls.month.missed')}>{formatNumber(month.missed, lang)}</Stat>
        <Stat label={t('calls.month.failed')}>{formatNumber(month.failed, lang)}</Stat>
        <Stat label={t('calls.month.minutes')}>{minutes}</Stat>
        <Stat label={t('calls.month.average')}>{durationText(month.averageSeconds, t)}</Stat>
        <Stat label={t('calls.month.cost')} wide>
          {money(month.costCents)}
          <span className="mt-1 block text-sm font-medium tracking-normal text-ink-soft">
            {t('calls.month.rate', { minutes, rate: money(agent.perMinuteCents) })}
          </span>
        </Stat>
      </dl>
    </section>
  );
}

function Stat({ label, wide, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={`stat-card ${wide ? 'sm:col-span-2 lg:col-span-2' : ''}`}>
      <dt>{label}</dt>
      <dd className="text-right sm:text-left">{children}</dd>
    </div>
  );
}
