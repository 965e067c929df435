import type { AgentPage } from '../../shared/api/types';
import { formatDay, formatNumber } from '../../shared/format';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { periodText } from './words';

/**
 * Calls per day over the period: one ink bar per day on a light card, each labelled with its count from
 * `sm` up (while the bars are wide enough), so nothing is said by colour. The axis names the first day of
 * every week (every few weeks for a long period, fewer on a phone). The bars are a picture (hidden from
 * screen readers); the caption says what they show, and a table behind a disclosure gives every day's number.
 */
export function DailyChart({ overview }: { overview: AgentPage }) {
  const { lang, t } = useLanguage();
  const { daily, period } = overview;
  const total = daily.reduce((sum, d) => sum + d.calls, 0);
  const busiest = daily.reduce<AgentPage['daily'][number] | null>((best, d) => (d.calls > (best?.calls ?? 0) ? d : best), null);
  const max = Math.max(1, busiest?.calls ?? 0);
  const summary =
    total === 0 || !busiest
      ? t('calls.chart.summaryNone')
      : total === 1
        ? t('calls.chart.summaryOne', { day: formatDay(busiest.date, lang, true) })
        : t('calls.chart.summary', {
            total: formatNumber(total, lang),
            day: formatDay(busiest.date, lang, true),
            count: formatNumber(busiest.calls, lang),
          });
  const ticks = weekTicks(daily.length);
  const counted = daily.length <= 45; // a count over each bar while there is room for it

  return (
    <section aria-labelledby="agent-chart" className="panel mt-10">
      <h2 id="agent-chart" className="text-2xl font-bold tracking-tight">
        {t('calls.chart.title')}
      </h2>
      <figure className="mt-1">
        <figcaption className="text-ink-soft">
          {periodText(period, lang, t)}. {summary}
        </figcaption>
        <div aria-hidden="true" className="mt-6">
          <div className="relative flex h-40 items-end gap-[2px] border-b-[1.5px] border-ink sm:gap-1">
            <span className="absolute inset-x-0 top-0 border-t border-dashed border-line" />
            <span className="absolute top-0 right-0 -translate-y-full pb-0.5 font-mono text-[0.6875rem] text-ink-soft">
              {formatNumber(max, lang)}
            </span>
            {daily.map((d) => (
              <div key={d.date} className="flex h-full min-w-0 flex-1 flex-col items-center justify-end">
                {counted && d.calls > 0 && (
                  <span className="mb-0.5 hidden font-mono text-[0.625rem] leading-none text-ink-soft tabular-nums sm:block">
                    {d.calls}
                  </span>
                )}
                <span
                  className={`block w-full rounded-t-sm ${d.calls > 0 ? 'bg-ink' : 'bg-transparent'}`}
                  style={{ height: `${(d.calls / max) * 100}%` }}
                />
              </div>
            ))}
          </div>
          <div className="relative mt-1.5 h-4 font-mono text-[0.6875rem] leading-4 whitespace-nowrap text-ink-soft">
            {ticks.map(({ index, wide, narrow }) => {
              const shown = wide && narrow ? 'block' : narrow ? 'block sm:hidden' : 'hidden sm:block';
              return (
                <span key={daily[index].date} className={`absolute top-0 ${shown}`} style={{ left: `${(index / daily.length) * 100}%` }}>
                  {formatDay(daily[index].date, lang)}
                </span>
              );
            })}
          </div>
        </div>
      </figure>
      <details className="mt-5">
        <summary className="link-button">{t('calls.chart.table')}</summary>
        <table className="mt-3 w-full max-w-sm text-sm">
          <caption className="sr-only">{t('calls.chart.title')}</caption>
          <thead>
            <tr className="border-b border-line text-left">
              <th scope="col" className="py-1.5 font-semibold">
                {t('calls.chart.day')}
              </th>
              <th scope="col" className="py-1.5 text-right font-semibold">
                {t('calls.chart.calls')}
              </th>
            </tr>
          </thead>
          <tbody>
            {daily.map((d) => (
              <tr key={d.date} className="border-b border-line/60">
                <th scope="row" className="py-1 text-left font-normal">
                  <time dateTime={d.date}>{formatDay(d.date, lang, true)}</time>
                </th>
                <td className="py-1 text-right tabular-nums">{formatNumber(d.calls, lang)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}

/**
 * The days the axis names, each under its bar's left edge: the first of every week from the period's first day; on
 * a phone (narrow) at most five, from `sm` up (wide) at most thirteen, every few weeks for a long period. A day too
 * near the right end for its label to fit is left out, so no label runs off the chart or into another.
 */
export function weekTicks(days: number): { index: number; wide: boolean; narrow: boolean }[] {
  const weeks = Math.ceil(days / 7);
  const wideStep = 7 * Math.max(1, Math.ceil(weeks / 13));
  const narrowStep = 7 * Math.max(1, Math.ceil(weeks / 5));
  const out = [];
  for (let index = 0; index < days; index += 7) {
    const wide = index % wideStep === 0 && index / days <= 0.92;
    const narrow = index % narrowStep === 0 && index / days <= 0.85;
    if (wide || narrow) out.push({ index, wide, narrow });
  }
  return out;
}
