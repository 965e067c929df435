import { useLanguage } from '../../shared/i18n/LanguageContext';
import type { TKey } from '../../shared/i18n/types';
import { Link } from 'react-router';
import { localePath } from '../../shared/paths';
import { SITE } from '../../shared/site';
import { LogoMark } from './LogoMark';
import { useClientValue } from '../../shared/ui/useClientValue';

const LISTS = {
  services: ['customerService', 'appointments', 'coldCalling', 'reminders'],
  support: ['contact', 'docs', 'help', 'privacy', 'subprocessors'],
} as const;
// The support items are pages (Documentation is the help center: there is no other documentation).
const PAGES: Record<string, string> = {
  contact: '/contact',
  docs: '/help',
  help: '/help',
  privacy: '/privacy',
  subprocessors: '/subprocessors',
};

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
        {(['services', 'support'] as const).map((list) => (
          <div key={list}>
            <h2>{t(`footer.${list}Title`)}</h2>
            <ul>
              {LISTS[list].map((item) => {
                const text = t(`footer.${list}.${item}` as TKey);
                return <li key={item}>{PAGES[item] ? <Link to={localePath(lang, PAGES[item])}>{text}</Link> : text}</li>;
              })}
            </ul>
          </div>
        ))}
        <p className="copyright">{t('footer.copyright', { year })}</p>
      </div>
    </footer>
  );
}
