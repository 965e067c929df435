import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { LazyToaster } from '../components/LazyToaster';
import { useLanguage } from '../i18n/LanguageContext';
import { localePath, stripLang } from '../paths';
import { OrderDetails } from './dashboard/OrderDetails';
import { Overview } from './dashboard/Overview';

// What lies below /dashboard: '' is the overview, 'orders/<id>' one order. Matched by hand rather than
// with descendant <Routes>: those pull code into the shared entry bundle that every public page loads.
const ORDER = /^orders\/([^/]+)$/;

/** The screen for the part of the path after /dashboard: the overview, one order, or null (unknown). */
export function dashboardScreen(pathname: string): { kind: 'overview' } | { kind: 'order'; id: string } | null {
  const rest = stripLang(pathname).replace(/^\/dashboard\/?/, '').replace(/\/$/, '');
  if (rest === '') return { kind: 'overview' };
  const order = ORDER.exec(rest);
  return order ? { kind: 'order', id: decodeURIComponent(order[1]) } : null;
}

// Client-only screen: the Go server answers every /dashboard… path with the app shell, prerendered
// from this component in its loading state. The route is `dashboard/*`.
export function Component() {
  const { lang, t } = useLanguage();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const screen = dashboardScreen(pathname);

  useEffect(() => {
    if (!screen) navigate(localePath(lang, '/dashboard'), { replace: true });
  }, [screen, lang, navigate]);

  return (
    <div className="mx-auto max-w-6xl px-4 pt-12 pb-28 sm:px-6 md:pt-16 lg:px-8">
      {screen?.kind === 'order' ? <OrderDetails key={screen.id} id={screen.id} /> : screen && <Overview />}
      {/* Shows the "Email verified" toast raised on /auth just before coming here. */}
      <LazyToaster label={t('account.notifications')} />
    </div>
  );
}
