import { formatMoney } from '../../shared/format';
import { useLanguage } from '../../shared/i18n/LanguageContext';

/** An amount as a buyer reads it, saying that it excludes VAT (the agency's prices all do). */
export function Amount({ cents, currency }: { cents: number; currency: string }) {
  const { lang, t } = useLanguage();
  return (
    <>
      {formatMoney(cents, currency, lang)}{' '}
      <span className="text-sm font-medium tracking-normal whitespace-nowrap text-ink-soft">{t('dashboard.exclVat')}</span>
    </>
  );
}
