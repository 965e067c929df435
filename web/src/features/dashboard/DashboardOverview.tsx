import * as Tabs from '@radix-ui/react-tabs';
import { useEffect, useRef } from 'react';
import { useLoaderData, useLocation, useNavigate, type LoaderFunctionArgs, type ShouldRevalidateFunctionArgs } from 'react-router';
import { getDashboard } from '../../shared/api/client';
import type { DashboardData } from '../../shared/api/types';
import { useAuth } from '../../shared/auth/AuthContext';
import { Deferred, deferred, requestLang } from '../../shared/data/Deferred';
import { AgreementNotice, agreementDue, type AgreementDue } from '../agreement';
import { CompanyNotice, companyMissing } from '../company';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { AgentList } from './AgentList';
import { Loading, LoadError } from './LoadState';
import { OrderList } from './OrderList';
import { StatCards } from './StatCards';
import { SetupProgress } from './SetupProgress';
import { activeOrders } from './status';
import { prerendering } from '../../shared/api/firstData';

/**
 * The dashboard's data; not awaited (<Deferred>). The app shell is prerendered with this screen in its
 * loading state: there, with no API to ask, the promise never settles.
 */
export function loader({ request }: LoaderFunctionArgs) {
  if (prerendering())
    return {
      dashboard: new Promise<DashboardData>(() => {}),
      companyMissing: Promise.resolve(false),
      agreementDue: Promise.resolve<AgreementDue>('none'),
    };
  return {
    dashboard: deferred(getDashboard(requestLang(request), request.signal)),
    companyMissing: companyMissing(request.signal),
    agreementDue: agreementDue(requestLang(request), request.signal),
  };
}

/** The tabs live in the query (?tab=history): switching them asks the API nothing. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search) return false;
  return defaultShouldRevalidate;
}

/** The first render of a fresh page, before the loader has handed over its promise. */
export function HydrateFallback() {
  const { t } = useLanguage();
  return <Loading text={t('dashboard.loading')} />;
}

/** /dashboard: greeting, then the My Agents and Purchase History tabs. */
export function Component() {
  const { t } = useLanguage();
  const { dashboard, companyMissing, agreementDue } = useLoaderData<typeof loader>();
  return (
    <Deferred
      resolve={dashboard}
      loading={<Loading text={t('dashboard.loading')} />}
      failed={(error, retry) => <LoadError error={error} onRetry={retry} />}
    >
      {(data) => <DashboardTabs data={data} companyMissing={companyMissing} agreementDue={agreementDue} />}
    </Deferred>
  );
}

/**
 * The live agents; while none is live but some are being set up, each of those orders' setup progress
 * instead of "No active agents yet".
 */
function AgentsOrProgress({ orders }: { orders: DashboardData['orders'] }) {
  const active = activeOrders(orders);
  const pending = orders.filter((order) => order.status === 'pending');
  if (active.length === 0 && pending.length > 0) return <SetupProgress orders={pending} />;
  return <AgentList orders={active} />;
}

type Tab = 'agents' | 'history';

function DashboardTabs({
  data,
  companyMissing,
  agreementDue,
}: {
  data: DashboardData;
  companyMissing: Promise<boolean>;
  agreementDue: Promise<AgreementDue>;
}) {
  const { t } = useLanguage();
  const auth = useAuth();
  // If /api/me failed but the dashboard loaded, the header can still show who is signed in.
  const meFailed = auth.status === 'signedOut' && auth.failed;
  const { setUser } = auth;
  useEffect(() => {
    if (meFailed) setUser(data.user);
  }, [meFailed, data, setUser]);
  // The tab lives in the URL (?tab=history) so a reload, a shared link or "back" from an order keeps it.
  const { search } = useLocation();
  const navigate = useNavigate();
  const tab: Tab = new URLSearchParams(search).get('tab') === 'history' ? 'history' : 'agents';
  const name = data.user.fullName.trim() || data.user.email;

  // The tab last asked for: Radix reports a click twice (press, then focus), and a second navigation to
  // the same URL would run the loader again.
  const asked = useRef<string>(tab);
  useEffect(() => {
    asked.current = tab;
  }, [tab]);

  function onTabChange(next: string) {
    if (next === asked.current) return;
    asked.current = next;
    // Replace, not push: "back" should leave the dashboard, not step through tab clicks.
    navigate({ search: next === 'history' ? '?tab=history' : '' }, { replace: true, preventScrollReset: true });
  }

  return (
    <>
      <h1 className="display text-4xl [overflow-wrap:anywhere] sm:text-5xl">{t('dashboard.greeting', { name })}</h1>
      {/* Invoices need the buyer's company details: a reminder until they are in. */}
      <CompanyNotice missing={companyMissing} />
      {/* No agent goes live before the processor agreement is accepted; a new version asks again. */}
      <AgreementNotice due={agreementDue} />
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
          <AgentsOrProgress orders={data.orders} />
        </Tabs.Content>
        <Tabs.Content value="history" className="tab-panel">
          <h2 className="sr-only">{t('dashboard.tabs.history')}</h2>
          <OrderList orders={data.orders} />
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
}
