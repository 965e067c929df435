import { Link } from 'react-router';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import type { TKey } from '../../shared/i18n/types';
import { localePath } from '../../shared/paths';

interface Plan {
  id: 'setup' | 'maintenance' | 'usage';
  listLabel: TKey;
  items: string[];
}

const PLANS: Plan[] = [
  {
    id: 'setup',
    listLabel: 'pricing.includedLabel',
    items: ['discovery', 'voice', 'integrations', 'testing', 'launch'],
  },
  { id: 'maintenance', listLabel: 'pricing.coveredLabel', items: ['hosting', 'updates', 'integrations', 'reports'] },
  { id: 'usage', listLabel: 'pricing.variesLabel', items: ['volume', 'complexity', 'workflow'] },
];

export function Component() {
  const { lang, t } = useLanguage();
  // Plan item keys are assembled from the plan id; translate() falls back to the key if one is missing.
  const tk = (key: string) => t(key as TKey);
  return (
    <div className="mx-auto max-w-6xl px-4 pt-12 pb-24 sm:px-6 md:pt-20 lg:px-8">
      <h1 className="display max-w-4xl text-[2.5rem] sm:text-6xl">{t('pricing.title')}</h1>
      <p className="mt-6 max-w-2xl text-lg leading-relaxed text-ink-soft">{t('pricing.subtitle')}</p>

      <ul className="mt-14 grid gap-4 lg:grid-cols-3">
        {PLANS.map((plan, i) => {
          const usage = plan.id === 'usage';
          return (
            <li
              key={plan.id}
              className={`flex flex-col rounded-3xl border p-7 ${usage ? 'border-ink bg-ink text-paper' : 'border-line bg-card'}`}
            >
              <p className={`font-mono text-xs tracking-[0.12em] uppercase ${usage ? 'text-mist' : 'text-ink-soft'}`}>
                0{i + 1} · {tk(`pricing.${plan.id}.cadence`)}
              </p>
              <h2 className="mt-4 text-2xl font-extrabold tracking-tight">{tk(`pricing.${plan.id}.name`)}</h2>
              <p className={`mt-5 text-3xl font-extrabold tracking-tight ${usage ? 'text-signal' : ''}`}>
                {tk(`pricing.${plan.id}.amount`)}
              </p>
              {usage && <p className="mt-1 text-sm text-mist">{t('pricing.usage.note')}</p>}
              <p className={`mt-5 leading-relaxed ${usage ? 'text-mist' : 'text-ink-soft'}`}>{tk(`pricing.${plan.id}.description`)}</p>
              <h3 className="mt-7 text-sm font-bold">{t(plan.listLabel)}</h3>
              <ul className="mt-3 space-y-2.5">
                {plan.items.map((item) => (
                  <li key={item} className="flex gap-2.5 leading-snug">
                    <span aria-hidden="true" className={`mt-2 h-0.5 w-3 shrink-0 ${usage ? 'bg-signal' : 'bg-signal-ink'}`} />
                    {tk(`pricing.${plan.id}.items.${item}`)}
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
      <p className="mt-4 text-sm text-ink-soft">{t('pricing.vatNote')}</p>

      <section
        aria-labelledby="pricing-cta"
        className="mt-16 flex flex-col items-start gap-6 rounded-3xl border border-line p-8 md:flex-row md:items-center md:justify-between"
      >
        <div>
          <h2 id="pricing-cta" className="text-2xl font-extrabold tracking-tight sm:text-3xl">
            {t('pricing.ctaTitle')}
          </h2>
          <p className="mt-2 max-w-xl text-ink-soft">{t('pricing.ctaText')}</p>
        </div>
        <Link to={localePath(lang, '/quote')} className="btn btn-signal">
          {t('pricing.cta')}
        </Link>
      </section>
    </div>
  );
}
