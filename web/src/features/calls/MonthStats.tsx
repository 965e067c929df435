import type { ReactNode } from 'react';
import type { AgentPage } from '../../shared/api/types';
import { formatList, formatMoney, formatNumber } from '../../shared/format';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { durationText, periodText } from './words';

/**
 * The period's figures as the server counted them from the usage lines (days in the buyer's time zone); the
 * app derives only units. Deleted calls still count, and the page says how many do.
 */
export function MonthStats({ overview }: { overview: AgentPage }) {
  const { lang, t } = useLanguage();
  const { figures, agent } = overview;
  const minutes = formatNumber(figures.seconds / 60, lang, 1);
  const money = (cents: number) => formatMoney(cents, agent.currency, lang);
  // Each call costs the rate it was recorded at: a period the rate changed in names every rate it used.
  const rates = figures.rates.length > 0 ? figures.rates : [agent.perMinuteCents];
  const rateText =
    rates.length === 1
      ? t('calls.month.rate', { minutes, rate: money(rates[0]) })
      : t('calls.month.rates', { minutes, rates: formatList(rates.map(money), lang) });
  return (
    <section aria-labelledby="agent-month" className="mt-10">
      <h2 id="agent-month" className="text-2xl font-bold tracking-tight">
        {periodText(overview.period, lang, t)}
      </h2>
      <dl className="mt-4 grid gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-4">
        <Stat label={t('calls.month.calls')}>{formatNumber(figures.calls, lang)}</Stat>
        <Stat label={t('calls.month.answered')}>{formatNumber(figures.answered, lang)}</Stat>
        <Stat label={t('calls.month.missed')}>{formatNumber(figures.missed, lang)}</Stat>
        <Stat label={t('calls.month.failed')}>{formatNumber(figures.failed, lang)}</Stat>
        <Stat label={t('calls.month.minutes')}>{minutes}</Stat>
        <Stat label={t('calls.month.average')}>{durationText(figures.averageSeconds, t)}</Stat>
        <Stat label={t('calls.month.cost')} wide>
          {money(figures.costCents)}
          <span className="mt-1 block text-sm font-medium tracking-normal text-ink-soft">{rateText}</span>
        </Stat>
      </dl>
      {figures.deletedCalls > 0 && (
        <p className="mt-3 text-sm text-ink-soft">
          {figures.deletedCalls === 1
            ? t('calls.month.deletedOne')
            : t('calls.month.deletedMany', { count: formatNumber(figures.deletedCalls, lang) })}{' '}
          {t('calls.month.deletedWhy')}
        </p>
      )}
    </section>
  );
}

function Stat({ label, wide, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={`stat-card ${wide ? 'sm:col-span-2 lg:col-span-2' : ''}`}>
      <dt>{label}</dt>
      {/* A wide card's dd holds a sentence too: it may shrink and wrap, so a phone never scrolls sideways. */}
      <dd className={`text-right sm:text-left ${wide ? 'min-w-0 flex-1' : ''}`}>{children}</dd>
    </div>
  );
}
