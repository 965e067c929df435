import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useAuth } from '../auth/AuthContext';
import { useLanguage } from '../i18n/LanguageContext';
import { localePath, stripLang } from '../paths';
import { SITE } from '../site';
import { prefersDutch } from './prefersDutch';
import { useClientValue } from './useClientValue';
import { LanguageSelect } from './LanguageSelect';
import { LogoMark } from './LogoMark';

// Radix's menu is far too big for the entry bundle: it is only fetched once someone is signed in.
const AccountMenu = lazy(() => import('./AccountMenu'));
// Only fetched for the few visitors it is for.
const DutchSuggestion = lazy(() => import('./DutchSuggestion'));

const NAV = [
  ['features', '/features'],
  ['pricing', '/pricing'],
  ['personalized', '/personalized'],
] as const;

export function Header() {
  const { lang, t } = useLanguage();
  const auth = useAuth();
  const { pathname } = useLocation();
  // On narrow screens the nav is a disclosure (a button that shows and hides the list); it closes on
  // every navigation and on Escape. Wide screens always show the list (styles/shell.css).
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (on: boolean) => setOpenOn(on ? pathname : null);
  const suggestDutch = useClientValue(prefersDutch, false) && lang === 'en' && pathname === '/';

  return (
    <header className="site-header">
      {suggestDutch && (
        <Suspense>
          <DutchSuggestion />
        </Suspense>
      )}
      <div>
        <Link to={localePath(lang, '/')} aria-label={t('header.homeLink')} className="brand">
          <LogoMark />
          {SITE.brand}
        </Link>
        <nav
          aria-label={t('header.nav')}
          className="site-nav"
          data-open={open}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && open) {
              setOpen(false);
              (e.currentTarget.querySelector('button') as HTMLButtonElement | null)?.focus();
            }
          }}
        >
          <button type="button" className="nav-toggle" aria-expanded={open} aria-controls="site-nav-list" onClick={() => setOpen(!open)}>
            {t('header.menu')}
          </button>
          <ul id="site-nav-list">
            {NAV.map(([id, path]) => (
              <li key={id}>
                <Link to={localePath(lang, path)} aria-current={stripLang(pathname) === path ? 'page' : undefined}>
                  {t(`header.navLinks.${id}`)}
                </Link>
              </li>
            ))}
            <li>
              <LanguageSelect />
            </li>
          </ul>
        </nav>
        <div className="header-actions">
          {/* Fixed-size slot: swapping "Sign in" for the account menu moves nothing else. */}
          <div className="account-slot">
            {auth.status === 'signedIn' ? (
              <Suspense fallback={<span className="btn btn-ghost"><span className="truncate">{auth.user.fullName || auth.user.email}</span></span>}>
                <AccountMenu user={auth.user} />
              </Suspense>
            ) : (
              <Link to={localePath(lang, '/auth')} className="btn btn-ghost">
                {t('header.signIn')}
              </Link>
            )}
          </div>
          <Link to={localePath(lang, '/quote')} className="btn btn-signal">
            {t('header.askQuote')}
          </Link>
        </div>
      </div>
    </header>
  );
}
