import { Link } from 'react-router';
import { HELP_IDS } from '../../shared/content/help';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { localePath } from '../../shared/paths';

export function Component() {
  const { lang, t } = useLanguage();
  return (
    <div className="info-page">
      <h1 className="display">{t('help.title')}</h1>
      <p className="info-intro">
        {t('help.intro')} <Link to={localePath(lang, '/contact')}>{t('help.contactLink')}</Link>
      </p>
      <dl className="faq">
        {HELP_IDS.map((id) => (
          <div key={id} id={`help-${id}`}>
            <dt>{t(`help.items.${id}.q`)}</dt>
            <dd>{t(`help.items.${id}.a`)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
