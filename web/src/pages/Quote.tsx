import { ComingSoon } from '../components/ComingSoon';
import { useLanguage } from '../i18n/LanguageContext';
import { SITE } from '../site';

export function Component() {
  const { t } = useLanguage();
  return <ComingSoon title={t('quote.title')}>{t('quote.soon', { email: SITE.quotesEmail })}</ComingSoon>;
}
