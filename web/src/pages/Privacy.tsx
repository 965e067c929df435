import { Link } from 'react-router';
import { siteFact } from '../content/siteFacts';
import { useLanguage } from '../i18n/LanguageContext';
import { localePath } from '../paths';

const SECTIONS = ['accounts', 'cookies', 'quotes', 'voice', 'retention', 'rights'] as const;

export function Component() {
  const { lang, t } = useLanguage();
  const days = siteFact('call-retention-days');
  return (
    <div className="info-page">
      <h1 className="display">{t('privacy.title')}</h1>
      <p className="info-intro">{t('privacy.intro')}</p>
      {SECTIONS.map((id) => (
        <section key={id} aria-labelledby={`privacy-${id}`} className="mt-10 max-w-3xl">
          <h2 id={`privacy-${id}`} className="info-h2">
            {t(`privacy.sections.${id}.title`)}
          </h2>
          <p className="mt-3 leading-relaxed text-ink-soft">{t(`privacy.sections.${id}.text`, { days })}</p>
        </section>
      ))}
      <p className="mt-10">
        <Link to={localePath(lang, '/contact')}>{t('privacy.contactLink')}</Link>
      </p>
    </div>
  );
}
