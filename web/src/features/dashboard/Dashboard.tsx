import { Outlet } from 'react-router';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { LazyToaster } from '../../shared/ui/LazyToaster';

// Client-only screen: the Go server answers every /dashboard… path with the app shell, prerendered
// from this frame and the overview in its loading state. What shows inside is a nested route of the
// registry (app/registry.ts): the overview, or one order.
export function Component() {
  const { t } = useLanguage();
  return (
    <div className="mx-auto max-w-6xl px-4 pt-12 pb-16 sm:px-6 md:pt-16 lg:px-8 print:max-w-none print:p-0">
      <Outlet />
      {/* Shows the "Email verified" toast raised on /auth just before coming here. */}
      <LazyToaster label={t('account.notifications')} />
    </div>
  );
}
