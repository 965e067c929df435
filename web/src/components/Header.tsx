import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../auth/AuthContext';
import { useLanguage } from '../i18n/LanguageContext';
import { localePath } from '../paths';
import { SITE } from '../site';
import { LanguageSelect } from './LanguageSelect';
import { LogoMark } from './LogoMark';

// Radix's menu is far too big for the entry bundle: it is only fetched once someone is signed in.
const AccountMenu = lazy(() => import('./AccountMenu'));

export function Header() {
  const { lang, t } = useLanguage();
  const auth = useAuth();
  return (
    <header className="site-header">
      <div>
        <Link to={localePath(lang, '/')} aria-label={t('header.homeLink')} className="brand">
          <LogoMark />
          {SITE.brand}
        </Link>
        <LanguageSelect />
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
