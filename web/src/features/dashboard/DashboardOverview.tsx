import * as Tabs from '@radix-ui/react-tabs';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { getDashboard } from '../../shared/api/client';
import type { DashboardData } from '../../shared/api/types';
import { useAuth } from '../../shared/auth/AuthContext';
import { useApiResource } from '../../shared/auth/useApiResource';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { AgentList } from './AgentList';
import { Loading, LoadError } from './LoadState';
import { OrderList } from './OrderList';
import { StatCards } from './StatCards';
import { activeOrders } from './status';

/** /dashboard: greeting, then the My Agents and Purchase History tabs. */
export function Component() {
  const { lang, t } = useLanguage();
  const auth = useAuth();
  const { state, retry } = useApiResource((signal) => getDashboard(lang, signal), `dashboard:${lang}`);

  // If /api/me failed but the dashboard loaded, the header can still show who is signed in.
  const meFailed = auth.status === 'signedOut' && auth.failed;
  const { setUser } = auth;
  useEffect(() => {
    if (meFailed && state.status === 'ready') setUser(state.data.user);
  }, [meFailed, state, setUser]);

  if (state.status === 'loading') return <Loading text={t('dashboard.loading')} />;
  if (state.status === 'error') return <LoadError error={state.error} onRetry={retry} />;
  return <DashboardTabs data={state.data} />;
}

type Tab = 'agents' | 'history';

function DashboardTabs({ data }: { data: DashboardData }) {
  const { t } = useLanguage();
  // The tab lives in the URL (?tab=history) so a reload, a shared link or "back" from an order keeps it.
  const { search } = useLocation();
  const navigate = useNavigate();
  const tab: Tab = new URLSearchParams(search).get('tab') === 'history' ? 'history' : 'agents';
  const name = data.user.fullName.trim() || data.user.email;

  function onTabChange(next: string) {
    // Replace, not push: "back" should leave the dashboard, not step through tab clicks.
    navigate({ search: next === 'history' ? '?tab=history' : '' }, { replace: true, preventScrollReset: true });
  }

  return (
    <>
      <h1 className="display text-4xl [overflow-wrap:anywhere] sm:text-5xl">{t('dashboard.greeting', { name })}</h1>
      <Tabs.Root value={tab} onValueChange={onTabChange} className="mt-10">
        <Tabs.List aria-label={t('dashboard.tabsLabel')} className="tab-list grid grid-cols-2 sm:inline-grid">
          <Tabs.Trigger value="agents" className="tab">
            {t('dashboard.tabs.agents')}
          </Tabs.Trigger>
          <Tabs.Trigger value="history" className="tab">
            {t('dashboard.tabs.history')}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="agents" className="tab-panel">
          <h2 className="sr-only">{t('dashboard.tabs.agents')}</h2>
          <StatCards stats={data.stats} />
          <AgentList orders={activeOrders(data.orders)} />
        </Tabs.Content>
        <Tabs.Content value="history" className="tab-panel">
          <h2 className="sr-only">{t('dashboard.tabs.history')}</h2>
          <OrderList orders={data.orders} />
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
}
