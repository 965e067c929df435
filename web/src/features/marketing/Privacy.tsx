import { Link } from 'react-router';
import { siteFact } from '../../shared/content/siteFacts';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { localePath } from '../../shared/paths';

const SECTIONS = ['accounts', 'cookies', 'quotes', 'voice', 'retention', 'callers', 'rights'] as const;

/** A section's text, with `{email}` (if it has one) as a mailto: link to the address that answers. */
function WithEmail({ text, email }: { text: string; email: string }) {
  const [before, ...after] = text.split('{email}');
  if (after.length === 0) return <>{text}</>;
  return (
    <>
      {before}
      <a href={`mailto:${email}`}>{email}</a>
      {after.join(email)}
    </>
  );
}

export function Component() {
  const { lang, t } = useLanguage();
  const days = siteFact('call-retention-days');
  // COMPANY_EMAIL, else the quote inbox: the page names an address that reaches the agency.
  const email = siteFact('contact-email');
  return (
    <div className="info-page">
      <h1 className="display">{t('privacy.title')}</h1>
      <p className="info-intro">{t('privacy.intro')}</p>
      {SECTIONS.map((id) => (
        <section key={id} aria-labelledby={`privacy-${id}`} className="mt-10 max-w-3xl">
          <h2 id={`privacy-${id}`} className="info-h2">
            {t(`privacy.sections.${id}.title`)}
          </h2>
          <p className="mt-3 leading-relaxed text-ink-soft">
            <WithEmail text={t(`privacy.sections.${id}.text`, { days })} email={email} />
          </p>
        </section>
      ))}
      <p className="mt-10">
        <Link to={localePath(lang, '/contact')}>{t('privacy.contactLink')}</Link>
      </p>
    </div>
  );
}
