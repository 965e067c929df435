import en from '../shared/i18n/en';
import nl from '../shared/i18n/nl';
import { translate } from '../shared/i18n/translate';
import type { Dictionary, TKey } from '../shared/i18n/types';

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
] as const satisfies readonly (keyof Dictionary['pay']['months'])[];

/**
 * The words of the pay page, which the Go server answers itself (internal/web/payments.go, payWords): per
 * language, the dictionaries' `pay` section as flat keys, and the months in order. The placeholders
 * ({number}, {amount}, {iban}, {name}, {date}) are left for the server, which fills them as translate()
 * does; it refuses at start a file with a word missing or a placeholder it does not fill.
 */
export function payMessages() {
  const forLang = (dict: Dictionary) => {
    const t = (key: TKey) => translate(dict, key);
    return {
      paidTitle: t('pay.paid.title'),
      paid: t('pay.paid.text'),
      paidOn: t('pay.paid.on'),
      processingTitle: t('pay.processing.title'),
      processing: t('pay.processing.text'),
      notCompletedTitle: t('pay.notCompleted.title'),
      notCompleted: t('pay.notCompleted.text'),
      mollieDownTitle: t('pay.mollieDown.title'),
      mollieDown: t('pay.mollieDown.text'),
      creditedTitle: t('pay.credited.title'),
      credited: t('pay.credited.text'),
      button: t('pay.button'),
      transfer: t('pay.transfer'),
      invoices: t('pay.invoices'),
      badLinkTitle: t('pay.badLink.title'),
      badLink: t('pay.badLink.text'),
      unavailableTitle: t('pay.unavailable.title'),
      unavailable: t('pay.unavailable.text'),
      errorTitle: t('pay.error.title'),
      error: t('pay.error.text'),
      months: MONTHS.map((m) => t(`pay.months.${m}`)),
    };
  };
  return { en: forLang(en), nl: forLang(nl) };
}
