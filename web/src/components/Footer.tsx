import { useLanguage } from '../i18n/LanguageContext';
import { Link } from 'react-router';
import { localePath } from '../paths';
import { SITE } from '../site';
import { LogoMark } from './LogoMark';
import { useClientValue } from './useClientValue';

const SERVICES = ['customerService', 'appointments', 'coldCalling', 'reminders'] as const;
// Documentation is the help center too: the site has no separate documentation.
const SUPPORT = [
  ['contact', '/contact'],
  ['docs', '/help'],
  ['help', '/help'],
  ['privacy', '/privacy'],
] as const;

export function Footer() {
  const { lang, t } = useLanguage();
  // The prerendered HTML carries the build year; correcting it after hydration avoids a mismatch.
  const year = useClientValue(() => new Date().getFullYear(), __BUILD_YEAR__);

  return (
    <footer className="site-footer">
      <div>
        <div className="footer-about">
          <p className="footer-brand">
            <LogoMark />
            {SITE.brand}
          </p>
          <p>{t('footer.description')}</p>
        </div>
        <div>
          <h2>{t('footer.servicesTitle')}</h2>
          <ul>
            {SERVICES.map((item) => (
              <li key={item}>{t(`footer.services.${item}`)}</li>
            ))}
          </ul>
        </div>
        <nav aria-label={t('footer.supportTitle')}>
          <h2>{t('footer.supportTitle')}</h2>
          <ul>
            {SUPPORT.map(([item, path]) => (
              <li key={item}>
                <Link to={localePath(lang, path)}>{t(`footer.support.${item}`)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="copyright">{t('footer.copyright', { year })}</p>
      </div>
    </footer>
  );
}
