import { useLanguage } from '../i18n/LanguageContext';
import type { TKey } from '../i18n/types';
import { SITE } from '../site';
import { LogoMark } from './LogoMark';
import { useClientValue } from './useClientValue';

const LISTS = {
  services: ['customerService', 'appointments', 'coldCalling', 'reminders'],
  support: ['contact', 'docs', 'help', 'privacy'],
} as const;

export function Footer() {
  const { t } = useLanguage();
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
            {/* Spec §2: footer items are plain text, not links. */}
            <ul>
              {LISTS[list].map((item) => (
                <li key={item}>{t(`footer.${list}.${item}` as TKey)}</li>
              ))}
            </ul>
          </div>
        ))}
        <p className="copyright">{t('footer.copyright', { year })}</p>
      </div>
    </footer>
  );
}
