import { Link } from 'react-router';
import { SUBPROCESSORS, SUBPROCESSORS_EFFECTIVE, SUBPROCESSORS_VERSION } from '../../shared/content/subprocessors';
import { dateTimeFormat } from '../../shared/format';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { localePath } from '../../shared/paths';

// The public list of sub-processors (/subprocessors, /nl/subprocessors): the processor agreement's list
// (internal/dpa, generated into shared/content/subprocessors.ts), so the page and the agreement name the
// same companies. A page to read: complete as server HTML, no script before interaction.

/** The effective date as the page's language writes it (28 November 2026 / 28 november 2026). */
function longDate(iso: string, lang: string) {
  return dateTimeFormat(lang === 'nl' ? 'nl-NL' : 'en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${iso}T00:00:00Z`));
}

export function Component() {
  const { lang, t } = useLanguage();
  return (
    <div className="info-page">
      <h1 className="display">{t('subprocessors.title')}</h1>
      <p className="info-intro">
        {t('subprocessors.intro', { version: String(SUBPROCESSORS_VERSION), date: longDate(SUBPROCESSORS_EFFECTIVE, lang) })}
      </p>
      <ul className="mt-10 grid max-w-3xl gap-6">
        {SUBPROCESSORS.map((p) => (
          <li key={p.name} className="panel">
            <h2 className="info-h2">{p.name}</h2>
            <dl className="mt-3 grid gap-x-6 gap-y-2 text-ink-soft sm:grid-cols-[12rem_1fr]">
              <dt className="font-semibold text-ink">{t('subprocessors.role')}</dt>
              <dd>{p.role[lang]}</dd>
              <dt className="font-semibold text-ink">{t('subprocessors.location')}</dt>
              <dd>{p.location[lang]}</dd>
              <dt className="font-semibold text-ink">{t('subprocessors.safeguard')}</dt>
              <dd>{p.safeguard[lang]}</dd>
            </dl>
          </li>
        ))}
      </ul>
      <p className="mt-10 max-w-3xl leading-relaxed text-ink-soft">{t('subprocessors.changes')}</p>
      <p className="mt-6">
        <Link to={localePath(lang, '/privacy')}>{t('subprocessors.privacyLink')}</Link>
      </p>
    </div>
  );
}
