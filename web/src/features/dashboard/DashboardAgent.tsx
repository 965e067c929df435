import { Link, useParams } from 'react-router';
import type { AgentPage } from '../../shared/api/types';
import { useApiResource } from '../../shared/auth/useApiResource';
import { softHyphens } from '../../shared/i18n/hyphenate';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { localePath } from '../../shared/paths';
import { browserTimeZone, CallList, DailyChart, getAgentPage, MonthStats } from '../calls';
import { Loading, LoadError } from './LoadState';

/** /dashboard/agents/:orderId: one live agent at work. A new order is a new page. */
export function Component() {
  const { orderId = '' } = useParams();
  return <AgentPage key={orderId} orderId={orderId} />;
}

function AgentPage({ orderId }: { orderId: string }) {
  const { lang, t } = useLanguage();
  // The month and the 30 days are counted in the buyer's own time zone, as the list's times are shown.
  const { state, retry } = useApiResource((signal) => getAgentPage(orderId, lang, browserTimeZone(), signal), `agent:${orderId}:${lang}`);

  if (state.status === 'loading') return <Loading text={t('calls.loading')} />;
  if (state.status === 'error') {
    // 404 for another buyer's order as for a missing one; 400 for an id that is not even one.
    if (state.error.status !== 404 && state.error.status !== 400) return <LoadError error={state.error} onRetry={retry} />;
    return (
      <>
        <BackLink />
        <h1 className="display mt-6 text-4xl sm:text-5xl">{t('calls.notFoundTitle')}</h1>
        <p className="mt-4 text-lg text-ink-soft">{t('calls.notFoundText')}</p>
      </>
    );
  }
  return <AgentView overview={state.data} />;
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

function AgentView({ overview }: { overview: AgentPage }) {
  const { lang, t } = useLanguage();
  const { agent } = overview;
  return (
    <>
      <BackLink />
      <h1 className="display mt-6 text-4xl [overflow-wrap:anywhere] sm:text-5xl">{softHyphens(agent.name, lang)}</h1>
      <p className="mt-2 text-lg font-medium text-signal-ink">{agent.title}</p>
      <p className="mt-1 font-mono text-sm text-ink-soft">{t('calls.order', { number: agent.orderNumber })}</p>
      {agent.linked ? (
        <>
          <MonthStats overview={overview} />
          <DailyChart daily={overview.daily} />
          <CallList orderId={agent.orderId} />
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
