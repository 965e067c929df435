import type { ReactNode } from 'react';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { ApiError } from '../../shared/api/client';
import type { MonthlyReport } from '../../shared/api/types';
import { Deferred, deferred, requestLang } from '../../shared/data/Deferred';
import { formatMoney, formatMonth, formatNumber, formatPercent, weekdayName } from '../../shared/format';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { localePath, type Lang } from '../../shared/paths';
import { getReport } from '../calls';
import { Loading, LoadError } from './LoadState';
import { currentMonth, level, shiftMonth } from './reportMonths';

// /dashboard/agents/:orderId/reports/:month — an agent's monthly report (issue 21 §2): the month's figures,
// the busiest hours as a weekday × hour table in the buyer's time zone, and the top call reasons (the call
// data field named `reason`). Printable: the print stylesheet (styles/account.css) fits it on A4 and leaves
// the workspace's header, links and buttons out.

export function loader({ params, request }: LoaderFunctionArgs) {
  const lang = requestLang(request);
  return { report: deferred(getReport(params.orderId ?? '', params.month ?? '', lang, request.signal)) };
}

export function HydrateFallback() {
  const { t } = useLanguage();
  return <Loading text={t('calls.report.loading')} />;
}

export function Component() {
  const { t } = useLanguage();
  const { report } = useLoaderData<typeof loader>();
  return (
    <Deferred
      resolve={report}
      loading={<Loading text={t('calls.report.loading')} />}
      failed={(error, retry) => <ReportFailed error={error} retry={retry} />}
    >
      {(r) => <ReportView report={r} />}
    </Deferred>
  );
}

function ReportFailed({ error, retry }: { error: ApiError; retry: () => void }) {
  const { t } = useLanguage();
  if (error.status !== 404 && error.status !== 400) return <LoadError error={error} onRetry={retry} />;
  return (
    <>
      <h1 className="display mt-6 text-4xl sm:text-5xl">{t('calls.report.notFoundTitle')}</h1>
      <p className="mt-4 text-lg text-ink-soft">{t('calls.report.notFoundText')}</p>
    </>
  );
}

const percent = (rate: number, lang: Lang) => formatPercent(rate, lang);

function ReportView({ report: r }: { report: MonthlyReport }) {
  const { lang, t } = useLanguage();
  const agentPath = `/dashboard/agents/${encodeURIComponent(r.orderId)}`;
  const month = formatMonth(r.month, lang);
  const next = shiftMonth(r.month, 1);
  return (
    <article className="report">
      <Link to={localePath(lang, agentPath)} className="link-button gap-1.5 print:hidden">
        <span aria-hidden="true">←</span>
        {t('calls.report.back')}
      </Link>
      <h1 className="display mt-6 text-4xl sm:text-5xl">{t('calls.report.title')}</h1>
      <p className="mt-2 text-lg font-medium text-signal-ink [overflow-wrap:anywhere]">
        {t('calls.report.subtitle', { agent: r.agentName, month })}
      </p>
      <p className="mt-1 text-sm text-ink-soft">{t('calls.report.timeZone', { zone: r.timeZone })}</p>
      {!r.complete && <p className="notice mt-4 max-w-2xl">{t('calls.report.running')}</p>}
      <div className="mt-5 flex flex-wrap items-center gap-3 print:hidden">
        <button type="button" className="btn btn-ink" onClick={() => window.print()}>
          {t('calls.report.print')}
        </button>
        <Link to={localePath(lang, `${agentPath}/reports/${shiftMonth(r.month, -1)}`)} className="link-button gap-1.5">
          <span aria-hidden="true">←</span>
          {t('calls.report.previous')}
        </Link>
        {next <= currentMonth() && (
          <Link to={localePath(lang, `${agentPath}/reports/${next}`)} className="link-button gap-1.5">
            {t('calls.report.next')}
            <span aria-hidden="true">→</span>
          </Link>
        )}
      </div>

      <section aria-labelledby="report-figures" className="report-section mt-8">
        <h2 id="report-figures" className="text-2xl font-bold tracking-tight">
          {t('calls.report.figuresLabel')}
        </h2>
        <dl className="report-figures mt-4 grid gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-3">
          <Figure label={t('calls.report.calls')}>{formatNumber(r.calls, lang)}</Figure>
          <Figure label={t('calls.report.answeredRate')} note={t('calls.report.answeredOf', { answered: r.answered, calls: r.calls })}>
            {percent(r.answeredRate, lang)}
          </Figure>
          <Figure label={t('calls.report.goalRate')} note={t('calls.report.goalOf', { reached: r.goalReached, calls: r.reportedCalls })}>
            {percent(r.goalReachedRate, lang)}
          </Figure>
          <Figure label={t('calls.report.minutes')}>{formatNumber(r.seconds / 60, lang, 1)}</Figure>
          <Figure label={t('calls.report.cost')}>{formatMoney(r.costCents, r.currency, lang)}</Figure>
        </dl>
      </section>

      <HoursTable report={r} />
      <Reasons report={r} />
    </article>
  );
}

function Figure({ label, note, children }: { label: string; note?: string; children: ReactNode }) {
  return (
    <div className="stat-card">
      <dt>{label}</dt>
      <dd className={`text-right sm:text-left ${note ? 'min-w-0 flex-1' : ''}`}>
        {children}
        {note && <span className="mt-1 block text-sm font-medium tracking-normal text-ink-soft">{note}</span>}
      </dd>
    </div>
  );
}

const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

function HoursTable({ report: r }: { report: MonthlyReport }) {
  const { lang, t } = useLanguage();
  const max = Math.max(0, ...r.hours.flat());
  return (
    <section className="report-section mt-10">
      <h2 id="report-hours" className="text-2xl font-bold tracking-tight">
        {t('calls.report.hoursTitle')}
      </h2>
      {max === 0 ? (
        <p className="mt-3 text-ink-soft">{t('calls.report.hoursEmpty')}</p>
      ) : (
        <>
          {/* A phone scrolls the table sideways: its caption is written above it there, to stay in view. */}
          <p aria-hidden="true" className="mt-3 text-sm text-ink-soft sm:hidden">
            {t('calls.report.hoursCaption', { zone: r.timeZone })}
          </p>
          <div className="report-hours-scroll mt-3 sm:mt-4" tabIndex={0} role="region" aria-labelledby="report-hours">
            <table className="report-hours">
              <caption className="max-sm:sr-only">{t('calls.report.hoursCaption', { zone: r.timeZone })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('calls.report.weekday')}</th>
                  {Array.from({ length: 24 }, (_, h) => (
                    <th key={h} scope="col">
                      {String(h).padStart(2, '0')}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {DAYS.map((d, i) => (
                  <tr key={d}>
                    <th scope="row">
                      <abbr title={weekdayName(i, lang, 'long')}>{weekdayName(i, lang)}</abbr>
                    </th>
                    {r.hours[i].map((n, h) => (
                      <td key={h} data-level={level(n, max)}>
                        {n > 0 ? formatNumber(n, lang) : <span className="text-ink-soft">·</span>}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

function Reasons({ report: r }: { report: MonthlyReport }) {
  const { lang, t } = useLanguage();
  return (
    <section aria-labelledby="report-reasons" className="report-section mt-10">
      <h2 id="report-reasons" className="text-2xl font-bold tracking-tight">
        {t('calls.report.reasonsTitle')}
      </h2>
      {r.reasons.length > 0 ? (
        <table className="report-reasons mt-4">
          <caption>{t('calls.report.reasonsCaption', { field: r.reasonLabel || 'reason' })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('calls.report.reason')}</th>
              <th scope="col">{t('calls.report.count')}</th>
            </tr>
          </thead>
          <tbody>
            {r.reasons.map((x) => (
              <tr key={x.reason}>
                <td className="[overflow-wrap:anywhere]">{x.reason}</td>
                <td>{formatNumber(x.count, lang)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="mt-3 max-w-2xl text-ink-soft">{r.reasonLabel ? t('calls.report.reasonsNone') : t('calls.report.reasonsNoField')}</p>
      )}
    </section>
  );
}
