import { dateTimeFormat } from '../../shared/format';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import type { Standing } from './api';

const when = (iso: string, lang: string) =>
  dateTimeFormat(lang === 'nl' ? 'nl-NL' : 'en-GB', { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));

/** The console order page's panel: whether the order's buyer accepted the current processor agreement. */
export function AgreementStanding({ standing }: { standing: Standing }) {
  const { lang, t } = useLanguage();
  const { accepted, latest, version } = standing;
  return (
    <section aria-labelledby="order-agreement" className="panel">
      <h2 id="order-agreement" className="text-2xl font-bold tracking-tight">
        {t('agreement.staff.title')}
      </h2>
      {accepted ? (
        <p className="mt-3">
          {t('agreement.staff.accepted', { version: String(accepted.version), name: accepted.name, date: when(accepted.acceptedAt, lang) })}
        </p>
      ) : (
        <>
          <p className="notice notice-warn mt-3">{t('agreement.staff.notAccepted', { version: String(version) })}</p>
          {latest && (
            <p className="mt-2 text-ink-soft">
              {t('agreement.staff.older', { older: String(latest.version), date: when(latest.acceptedAt, lang) })}
            </p>
          )}
        </>
      )}
    </section>
  );
}
