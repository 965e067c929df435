import { useState } from 'react';
import { FormAlert } from '../../shared/form/FormAlert';
import { useSubmit } from '../../shared/form/useSubmit';
import type { TKey } from '../../shared/i18n/types';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { saveRetention, type Company } from './api';

// How long the company's call content is kept (issue 23): 30, 90 (standard) or 365 days, or no recordings
// at all. The hourly purge erases the words (transcripts, summaries, call data, numbers, recording links)
// after that; usage and invoices stay. The choice belongs to the company, so it waits for its details.

type Choice = Company['callRetention'];

const CHOICES: { value: Choice; label: TKey; hint?: TKey }[] = [
  { value: '30', label: 'company.retention.days30' },
  { value: '90', label: 'company.retention.days90' },
  { value: '365', label: 'company.retention.days365' },
  { value: 'none', label: 'company.retention.none', hint: 'company.retention.noneHint' },
];

export function RetentionChoice({ company }: { company: Company | null }) {
  const { t } = useLanguage();
  const [choice, setChoice] = useState<Choice>(company?.callRetention ?? '90');
  const [saved, setSaved] = useState(false);
  const { busy, problem, onSubmit } = useSubmit({
    send: async () => {
      const { company: next } = await saveRetention(choice);
      setChoice(next.callRetention);
      setSaved(true);
    },
  });
  return (
    <section aria-labelledby="retention-title" className="panel mt-8 max-w-3xl">
      <h2 id="retention-title" className="text-2xl font-bold tracking-tight">
        {t('company.retention.title')}
      </h2>
      <p className="mt-3 leading-relaxed text-ink-soft">{t('company.retention.intro')}</p>
      {company ? (
        <form method="post" onSubmit={onSubmit} className="mt-5 space-y-5" noValidate>
          <fieldset className="field">
            <legend>{t('company.retention.choice')}</legend>
            <div className="mt-2 space-y-2">
              {CHOICES.map((c) => (
                <label key={c.value} className="flex min-h-11 cursor-pointer items-start gap-3 py-2">
                  <input
                    type="radio"
                    name="callRetention"
                    value={c.value}
                    checked={choice === c.value}
                    onChange={() => {
                      setChoice(c.value);
                      setSaved(false);
                    }}
                    className="mt-0.5 size-5 shrink-0 accent-ink"
                  />
                  <span>
                    {t(c.label)}
                    {c.hint && <span className="block text-sm text-ink-soft">{t(c.hint)}</span>}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <button type="submit" className="btn btn-ink" disabled={busy} data-busy={busy || undefined}>
            {busy ? t('company.retention.busy') : t('company.retention.save')}
          </button>
          <FormAlert problem={problem} />
          <p role="status" className={saved ? 'notice notice-ok' : 'sr-only'}>
            {saved ? t('company.retention.saved') : ''}
          </p>
        </form>
      ) : (
        <p className="notice notice-warn mt-5">{t('company.retention.needCompany')}</p>
      )}
    </section>
  );
}
