import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useAuth } from '../../shared/auth/AuthContext';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { localePath, stripLang } from '../../shared/paths';
import { SITE } from '../../shared/site';
import { AccountButton } from './AccountButton';
import { LanguageSelect } from './LanguageSelect';
import { LogoMark } from './LogoMark';

// Each is the screen of the same name: /features, /pricing, /personalized.
const NAV = ['features', 'pricing', 'personalized'] as const;

/** While hydrating: the boot script left the menu open. */
const earlyOpen = () =>
  typeof document !== 'undefined' &&
  !document.documentElement.hasAttribute('data-hydrated') &&
  document.querySelector('.site-nav .nav-toggle')?.getAttribute('aria-expanded') === 'true';

export function Header() {
  const { lang, t } = useLanguage();
  const auth = useAuth();
  const { pathname } = useLocation();
  // On narrow screens the nav is a disclosure (a button that shows and hides the list); it closes on
  // every navigation, and on Escape, wherever the focus is, which then goes back to the button. Wide
  // screens always show the list (styles/shell.css).
  // Before the app has loaded, the page's boot script opens and closes the list itself, Escape included
  // (prerender.mjs): on a page to read the app may never load. Hydrating, the state starts from what
  // the button shows.
  const [openOn, setOpenOn] = useState(() => (earlyOpen() ? pathname : ''));
  const open = openOn === pathname;
  const toggle = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpenOn('');
      toggle.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <header className="site-header">
      <div>
        <Link to={localePath(lang, '/')} aria-label={t('header.homeLink')} className="brand">
          <LogoMark />
          {SITE.brand}
        </Link>
        <nav className="site-nav">
          <button
            ref={toggle}
            type="button"
            className="nav-toggle"
            aria-expanded={open}
            aria-controls="site-nav-list"
            onClick={() => setOpenOn(open ? '' : pathname)}
          >
            {t('header.menu')}
          </button>
          <ul id="site-nav-list">
            {NAV.map((id) => (
              <li key={id}>
                <Link to={localePath(lang, '/' + id)} aria-current={stripLang(pathname) == '/' + id ? 'page' : undefined}>
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
              // Radix's menu is far too big for the entry bundle: it is fetched when it is wanted.
              <AccountButton user={auth.user} />
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
