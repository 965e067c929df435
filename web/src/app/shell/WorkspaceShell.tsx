import { useEffect } from 'react';
import { Link, Outlet, useLocation, useRevalidator } from 'react-router';
import { useAuth } from '../../shared/auth/AuthContext';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import type { TKey } from '../../shared/i18n/types';
import { localePath, stripLang } from '../../shared/paths';
import { SITE } from '../../shared/site';
import { afterFirstPaint, rememberTimeZone } from '../../shared/timeZone';
import { AccountButton } from './AccountButton';
import { LanguageSelect } from './LanguageSelect';
import { LogoMark } from './LogoMark';
import { useNavDisclosure } from './useNavDisclosure';

// The shell of the workspaces, the buyer's dashboard and the agency's console (route module: routes.tsx
// loads it with the `account` strings): the brand, the app's sections, the language link and the account
// menu. No marketing navigation, footer, "Get a quote" or voice button: the screen is for work.

export type Workspace = 'dashboard' | 'console';

interface Section {
  /** Unprefixed path of the section's own page. */
  path: string;
  label: TKey;
  /** The paths (unprefixed) it is the current section on; screens added below a section belong to it. */
  owns: RegExp;
}

/** Each workspace's sections, in the order of its navigation. */
export const SECTIONS: Record<Workspace, readonly Section[]> = {
  dashboard: [
    // The overview, with everything below it: an order, an agent and its calls and contacts.
    {
      path: '/dashboard',
      label: 'workspace.sections.overview',
      owns: /^\/dashboard(?!\/(profile|integrations|invoices|company|agreement)(\/|$))(\/.*)?$/,
    },
    // Invoices and credit notes, and this month's usage so far.
    { path: '/dashboard/invoices', label: 'workspace.sections.invoices', owns: /^\/dashboard\/invoices(\/.*)?$/ },
    // Webhooks to the buyer's own tools.
    { path: '/dashboard/integrations', label: 'workspace.sections.integrations', owns: /^\/dashboard\/integrations\/?$/ },
    // The company details invoices are addressed to.
    { path: '/dashboard/company', label: 'workspace.sections.company', owns: /^\/dashboard\/company\/?$/ },
    // The processor agreement the buyer accepts before an agent goes live.
    { path: '/dashboard/agreement', label: 'workspace.sections.agreement', owns: /^\/dashboard\/agreement\/?$/ },
    { path: '/dashboard/profile', label: 'workspace.sections.profile', owns: /^\/dashboard\/profile\/?$/ },
  ],
  console: [
    { path: '/console', label: 'workspace.sections.quotes', owns: /^\/console(\/quotes(\/.*)?)?\/?$/ },
    { path: '/console/orders', label: 'workspace.sections.orders', owns: /^\/console\/orders(\/.*)?$/ },
    { path: '/console/calls', label: 'workspace.sections.calls', owns: /^\/console\/calls(\/.*)?$/ },
    { path: '/console/agents', label: 'workspace.sections.agents', owns: /^\/console\/agents(\/.*)?$/ },
    { path: '/console/buyers', label: 'workspace.sections.buyers', owns: /^\/console\/buyers(\/.*)?$/ },
    { path: '/console/changes', label: 'workspace.sections.changes', owns: /^\/console\/changes(\/.*)?$/ },
    { path: '/console/billing', label: 'workspace.sections.billing', owns: /^\/console\/billing(\/.*)?$/ },
    { path: '/console/jobs', label: 'workspace.sections.jobs', owns: /^\/console\/jobs(\/.*)?$/ },
  ],
};

/** The workspace an unprefixed path belongs to. */
export const workspaceOf = (path: string): Workspace => (/^\/console(\/|$)/.test(path) ? 'console' : 'dashboard');

export function Component() {
  const { t } = useLanguage();
  const revalidator = useRevalidator();
  // After the first paint: the screen rendered in the zone the cookie remembers; when the phone has since
  // moved to another zone, the screen asks again for what it counts in days.
  useEffect(
    () =>
      afterFirstPaint(() => {
        if (rememberTimeZone()) void revalidator.revalidate();
      }),
    [revalidator],
  );
  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="skip-link">
        {t('header.skipToContent')}
      </a>
      <WorkspaceHeader />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
    </div>
  );
}

export function WorkspaceHeader() {
  const { lang, t } = useLanguage();
  const auth = useAuth();
  const { pathname } = useLocation();
  const path = stripLang(pathname);
  const workspace = workspaceOf(path);
  // A buyer who opened the console is on the way to their dashboard (Console.tsx): no staff sections meanwhile.
  const sections = workspace === 'console' && auth.status === 'signedIn' && auth.user.role !== 'staff' ? [] : SECTIONS[workspace];

  // Below `lg` the sections are a disclosure, as the site's menu is.
  const { open, toggle, onToggle } = useNavDisclosure(pathname);

  const appName = t(`workspace.${workspace}`);
  return (
    <header className="app-header">
      <div>
        <Link to={localePath(lang, '/' + workspace)} className="app-brand" aria-label={`${SITE.brand} ${appName}`}>
          <LogoMark />
          <span className="app-name">{SITE.brand}</span>
          <span className="app-badge">{appName}</span>
        </Link>
        <nav className="site-nav app-nav" aria-label={t('workspace.sectionsLabel')}>
          <button ref={toggle} type="button" className="nav-toggle" aria-expanded={open} aria-controls="app-nav-list" onClick={onToggle}>
            {t('workspace.menu')}
          </button>
          <ul id="app-nav-list">
            {sections.map((s) => (
              <li key={s.path}>
                <Link to={localePath(lang, s.path)} aria-current={s.owns.test(path) ? 'page' : undefined}>
                  {t(s.label)}
                </Link>
              </li>
            ))}
            <li>
              <LanguageSelect />
            </li>
          </ul>
        </nav>
        <div className="app-account">
          {auth.status === 'signedIn' ? (
            <AccountButton user={auth.user} workspace={workspace} />
          ) : (
            // The session is being checked (or is gone, and the screen is on its way to sign in).
            <span className="btn btn-ghost invisible" aria-hidden="true" />
          )}
        </div>
      </div>
    </header>
  );
}
