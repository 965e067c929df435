import { ComingSoon } from '../components/ComingSoon';
import { useLanguage } from '../i18n/LanguageContext';

export function Component() {
  const { t } = useLanguage();
  return <ComingSoon title={t('personalized.title')}>{t('personalized.soon')}</ComingSoon>;
}
