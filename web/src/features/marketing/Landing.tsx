import { Link } from 'react-router';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { localePath } from '../../shared/paths';
import { SectionLabel } from '../../shared/ui/SectionLabel';
import { SoundWave } from '../../shared/ui/SoundWave';

// Styling lives in styles/landing.css: this chunk is part of the JS budget on `/`.
const BENEFITS = ['costs', 'always', 'integrations', 'languages', 'custom', 'booking', 'leads', 'insight'] as const;

export function Component() {
  const { lang, t } = useLanguage();
  return (
    <>
      <section className="hero">
        <div>
          <p className="eyebrow">{t('landing.hero.eyebrow')}</p>
          <h1 className="display">
            <span>{t('landing.hero.title1')}</span> <span>{t('landing.hero.title2')}</span> <span>{t('landing.hero.title3')}</span>
          </h1>
          <p className="hero-sub">{t('landing.hero.subtitle')}</p>
          <div className="hero-ctas">
            <Link to={localePath(lang, '/personalized')} className="btn btn-signal">
              {t('landing.hero.tryIt')}
            </Link>
            <Link to={localePath(lang, '/features')} className="btn btn-ink">
              {t('landing.hero.features')}
            </Link>
            <Link to={localePath(lang, '/pricing')} className="btn btn-ghost">
              {t('landing.hero.pricing')}
            </Link>
          </div>
        </div>
        <div className="hero-panel">
          <SoundWave />
          <dl className="stats">
            {([1, 2, 3] as const).map((n) => (
              <div key={n}>
                <dt>{t(`landing.hero.stat${n}Label`)}</dt>
                <dd>{t(`landing.hero.stat${n}Value`)}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section aria-labelledby="why" className="why">
        <SectionLabel n="01">{t('landing.why.label')}</SectionLabel>
        <h2 id="why" className="display">
          {t('landing.why.title')}
        </h2>
        <ul className="benefits">
          {BENEFITS.map((b) => (
            <li key={b}>
              <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
                <circle cx="10" cy="10" r="10" fill="#15171c" />
                <path d="M5.5 10.5l3 3 6-7" fill="none" stroke="#ff5b1f" strokeWidth="2.2" strokeLinecap="round" />
              </svg>
              <span>{t(`landing.why.benefits.${b}`)}</span>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
