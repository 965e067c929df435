import { Link, useLocation } from 'react-router';
import { useAuth } from '../../shared/auth/AuthContext';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { localePath, stripLang } from '../../shared/paths';
import { SITE } from '../../shared/site';
import { AccountButton } from './AccountButton';
import { LanguageSelect } from './LanguageSelect';
import { LogoMark } from './LogoMark';
import { useNavDisclosure } from './useNavDisclosure';

// Each is the screen of the same name: /features, /pricing, /personalized.
const NAV = ['features', 'pricing', 'personalized'] as const;

export function Header() {
  const { lang, t } = useLanguage();
  const auth = useAuth();
  const { pathname } = useLocation();
  const { open, toggle, onToggle } = useNavDisclosure(pathname);

  return (
    <header className="site-header">
      <div>
        <Link to={localePath(lang, '/')} aria-label={t('header.homeLink')} className="brand">
          <LogoMark />
          {SITE.brand}
        </Link>
        <nav className="site-nav">
          <button ref={toggle} type="button" className="nav-toggle" aria-expanded={open} aria-controls="site-nav-list" onClick={onToggle}>
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
