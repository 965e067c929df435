import { Link } from 'react-router';
import { COMPANY_FIELDS, siteFact, telHref, type CompanyField } from '../../shared/content/siteFacts';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { localePath } from '../../shared/paths';
import { loadVoiceApi } from '../voice';

function Value({ field, value }: { field: CompanyField; value: string }) {
  if (field === 'email') return <a href={`mailto:${value}`}>{value}</a>;
  // The placeholder keeps its own tel: form in the prerender; the server fills in the real one.
  if (field === 'phone') return <a href={import.meta.env.SSR ? 'tel:company-phone-tel.placeholder.invalid' : telHref(value)}>{value}</a>;
  return <>{value}</>;
}

export function Component() {
  const { lang, t } = useLanguage();
  // Only the details the agency configured; the server removes the others from the prerendered page.
  const details = COMPANY_FIELDS.map((field) => ({ field, value: siteFact(`company-${field}`) })).filter((d) => d.value);
  return (
    <div className="info-page">
      <h1 className="display">{t('contact.title')}</h1>
      <p className="info-intro">{t('contact.intro')}</p>

      <div className="mt-12 grid gap-4 md:grid-cols-2">
        <section aria-labelledby="contact-quote" className="info-card">
          <h2 id="contact-quote">{t('contact.quoteTitle')}</h2>
          <p>{t('contact.quoteText')}</p>
          <Link to={localePath(lang, '/quote')} className="btn btn-signal">
            {t('contact.quoteLink')}
          </Link>
        </section>
        <section aria-labelledby="contact-assistant" className="info-card">
          <h2 id="contact-assistant">{t('contact.assistantTitle')}</h2>
          <p>{t('contact.assistantText')}</p>
          <button type="button" className="btn btn-ink" onClick={() => void loadVoiceApi().then((m) => m.startVoiceCall())}>
            {t('contact.assistantButton')}
          </button>
        </section>
      </div>

      {/* No heading over nothing: without any detail the section goes (the server drops it from the prerender too). */}
      {details.length > 0 && (
        <section aria-labelledby="contact-company" className="mt-12" data-company-details="">
          <h2 id="contact-company" className="info-h2">
            {t('contact.companyTitle')}
          </h2>
          <dl className="company">
            {details.map(({ field, value }) => (
              <div key={field} data-company={field}>
                <dt>{t(`contact.company.${field}`)}</dt>
                <dd>
                  <Value field={field} value={value} />
                </dd>
              </div>
            ))}
          </dl>
        </section>
      )}

      <p className="mt-12 text-ink-soft">
        {t('contact.helpText')} <Link to={localePath(lang, '/help')}>{t('contact.helpLink')}</Link>
      </p>
    </div>
  );
}
