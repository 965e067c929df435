import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { AgentPage, CallPage } from '../../shared/api/types';
import { settles } from '../../shared/api/firstData';
import { Deferred, deferred, requestLang } from '../../shared/data/Deferred';
import { formatMonth } from '../../shared/format';
import { softHyphens } from '../../shared/i18n/hyphenate';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { localePath } from '../../shared/paths';
import { AgentAlerts, agentAlerts, type AgentAlertsOutcome } from '../alerts';
import { browserTimeZone, CallList, DailyChart, filtersOf, getAgentPage, getCalls, MonthStats, PeriodPicker } from '../calls';
import { currentMonth, shiftMonth } from './reportMonths';
import { Loading, LoadError } from './LoadState';
import { NotFoundBlock } from '../../shared/ui/NotFoundBlock';

/**
 * The agent's page for the URL's period and, for a linked agent, the first page of the calls its filters
 * select; neither awaited (<Deferred>). A new period or filter is a new URL, so this runs again.
 */
export function loader({ params, request }: LoaderFunctionArgs) {
  const orderId = params.orderId ?? '';
  const lang = requestLang(request);
  const filters = filtersOf(new URL(request.url).searchParams);
  // The period's days are the buyer's own, as the list's times are shown.
  const overview = deferred(getAgentPage(orderId, lang, browserTimeZone(), filters, request.signal));
  const calls = deferred(overview.then((o) => (o.agent.linked ? getCalls(orderId, lang, filters, null, request.signal) : null)));
  // A linked agent's alerts choice, a control of its own: its failure is its own, never the page's.
  const alerts = settles(overview.then((o) => (o.agent.linked ? agentAlerts(orderId, lang, request.signal) : null)).catch(() => null));
  return { overview, calls, alerts };
}

/** The first render of a fresh page, before the loader has handed over its promises. */
export function HydrateFallback() {
  const { t } = useLanguage();
  return <Loading text={t('calls.loading')} />;
}

/** /dashboard/agents/:orderId: one live agent at work. A new order is a new page. */
export function Component() {
  const { t } = useLanguage();
  const { overview, calls, alerts } = useLoaderData<typeof loader>();
  return (
    <Deferred
      resolve={overview}
      loading={<Loading text={t('calls.loading')} />}
      failed={(error, retry) => <LoadError error={error} onRetry={retry} />}
      // 404 for another buyer's order as for a missing one; 400 for an id that is not even one.
      notFound={<NotFoundBlock back={<BackLink />} title={t('calls.notFoundTitle')} text={t('calls.notFoundText')} />}
    >
      {(data) => <AgentView overview={data} calls={calls} alerts={alerts} />}
    </Deferred>
  );
}

function BackLink() {
  const { lang, t } = useLanguage();
  return (
    <Link to={localePath(lang, '/dashboard')} className="link-button gap-1.5">
      <span aria-hidden="true">←</span>
      {t('calls.back')}
    </Link>
  );
}

function AgentView({
  overview,
  calls,
  alerts,
}: {
  overview: AgentPage;
  calls: Promise<CallPage | null>;
  alerts: Promise<AgentAlertsOutcome | null>;
}) {
  const { lang, t } = useLanguage();
  const { agent } = overview;
  return (
    <>
      <BackLink />
      <h1 className="display mt-6 text-4xl [overflow-wrap:anywhere] sm:text-5xl">{softHyphens(agent.name, lang)}</h1>
      <p className="mt-2 text-lg font-medium text-signal-ink">{agent.title}</p>
      <p className="mt-1 font-mono text-sm text-ink-soft">{t('calls.order', { number: agent.orderNumber })}</p>
      <p className="mt-4">
        <Link to={localePath(lang, `/dashboard/agents/${encodeURIComponent(agent.orderId)}/settings`)} className="link-button gap-1.5">
          {t('settings.link')}
          <span className="font-normal text-ink-soft">· {t('settings.linkText')}</span>
          <span aria-hidden="true">→</span>
        </Link>
      </p>
      {agent.linked ? (
        <>
          <p className="mt-2">
            <Link to={localePath(lang, `/dashboard/agents/${encodeURIComponent(agent.orderId)}/contacts`)} className="link-button gap-1.5">
              {t('calls.contacts.link')}
              <span className="font-normal text-ink-soft">· {t('calls.contacts.linkText')}</span>
              <span aria-hidden="true">→</span>
            </Link>
          </p>
          <ReportLink orderId={agent.orderId} />
          <div className="mt-4">
            <AgentAlerts orderId={agent.orderId} outcome={alerts} />
          </div>
          <PeriodPicker />
          <MonthStats overview={overview} />
          <DailyChart overview={overview} />
          <CallList orderId={agent.orderId} firstPage={calls} fields={overview.fields} />
        </>
      ) : (
        <div className="panel mt-10 text-center">
          <h2 className="text-xl font-bold tracking-tight">{t('calls.empty.notLinkedTitle')}</h2>
          <p className="mx-auto mt-2 max-w-lg text-ink-soft">{t('calls.empty.notLinkedText')}</p>
        </div>
      )}
    </>
  );
}

/** The last full month's report; the report page leads to the other months. */
function ReportLink({ orderId }: { orderId: string }) {
  const { lang, t } = useLanguage();
  const month = shiftMonth(currentMonth(), -1);
  return (
    <p className="mt-2">
      <Link to={localePath(lang, `/dashboard/agents/${encodeURIComponent(orderId)}/reports/${month}`)} className="link-button gap-1.5">
        {t('calls.report.link')}
        <span className="font-normal text-ink-soft">· {t('calls.report.linkText', { month: formatMonth(month, lang) })}</span>
        <span aria-hidden="true">→</span>
      </Link>
    </p>
  );
}
