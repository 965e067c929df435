import { Link } from 'react-router';
import { useLanguage } from '../i18n/LanguageContext';
import { localePath } from '../paths';
import { SITE } from '../site';
import { LanguageSelect } from './LanguageSelect';
import { LogoMark } from './LogoMark';

export function Header() {
  const { lang, t } = useLanguage();
  return (
    <header className="site-header">
      <div>
        <Link to={localePath(lang, '/')} aria-label={t('header.homeLink')} className="brand">
          <LogoMark />
          {SITE.brand}
        </Link>
        <LanguageSelect />
        <div className="header-actions">
          <Link to={localePath(lang, '/auth')} className="btn btn-ghost">
            {t('header.signIn')}
          </Link>
          <Link to={localePath(lang, '/quote')} className="btn btn-signal">
            {t('header.askQuote')}
          </Link>
        </div>
      </div>
    </header>
  );
}
