import { Link } from 'react-router';
import { INTEGRATIONS, integrationName } from '../../shared/content/integrations';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { localePath } from '../../shared/paths';
import { SectionLabel } from '../../shared/ui/SectionLabel';
import { FeatureIcon, type FeatureId } from './FeatureIcon';

const CARDS: FeatureId[] = [
  'coldCalling',
  'appointments',
  'customerService',
  'reminders',
  'leadQualification',
  'inbound',
  'outbound',
  'workflows',
  'dashboard',
];

export function Component() {
  const { lang, t } = useLanguage();
  return (
    <div className="mx-auto max-w-6xl px-4 pt-12 pb-24 sm:px-6 md:pt-20 lg:px-8">
      <h1 className="display max-w-4xl text-[2.5rem] sm:text-6xl">{t('features.title')}</h1>
      <p className="mt-6 max-w-2xl text-lg leading-relaxed text-ink-soft">{t('features.subtitle')}</p>

      <section aria-labelledby="capabilities-title" className="mt-16">
        <SectionLabel n="01">{t('features.capabilitiesLabel')}</SectionLabel>
        <h2 id="capabilities-title" className="sr-only">
          {t('features.capabilitiesTitle')}
        </h2>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {CARDS.map((id) => (
            <li key={id} className="rounded-2xl border border-line bg-card p-6">
              <span className="inline-flex size-11 items-center justify-center rounded-xl bg-ink text-signal">
                <FeatureIcon id={id} />
              </span>
              <h3 className="mt-5 text-lg font-bold tracking-tight">{t(`features.cards.${id}.title`)}</h3>
              <p className="mt-2 leading-relaxed text-ink-soft">{t(`features.cards.${id}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="integrations-title" className="mt-24">
        <SectionLabel n="02">{t('features.integrationsLabel')}</SectionLabel>
        <h2 id="integrations-title" className="display mt-6 max-w-3xl text-4xl sm:text-5xl">
          {t('features.integrationsTitle')}
        </h2>
        <p className="mt-5 max-w-2xl text-lg leading-relaxed text-ink-soft">{t('features.integrationsText')}</p>
        <div className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {INTEGRATIONS.map(({ category, items }) => (
            <div key={category} className="rounded-2xl border border-line p-6">
              <h3 className="font-mono text-xs tracking-[0.12em] text-signal-ink uppercase">{t(`features.categories.${category}`)}</h3>
              <ul className="mt-4 space-y-2">
                {items.map((item) => {
                  const text = integrationName(item, t);
                  return (
                    <li key={text} className="border-b border-line pb-2 font-medium last:border-0 last:pb-0">
                      {text}
                    </li>
                  );
                })}
              </ul>
            </div>
          ))}
        </div>
      </section>

      <section aria-labelledby="features-next" className="cta-band mt-24 mb-0">
        <div>
          <h2 id="features-next" className="display">
            {t('features.next.title')}
          </h2>
          <p>{t('features.next.text')}</p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Link to={localePath(lang, '/pricing')} className="btn btn-ink">
            {t('features.next.pricing')}
          </Link>
          <Link to={localePath(lang, '/quote')} className="btn btn-signal">
            {t('features.next.quote')}
          </Link>
        </div>
      </section>
    </div>
  );
}
