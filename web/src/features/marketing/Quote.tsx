import { useState } from 'react';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { LazyToaster } from '../../shared/ui/LazyToaster';
import { QuoteForm } from './quote/QuoteForm';
import { ThankYou } from './quote/ThankYou';

export function Component() {
  const { t } = useLanguage();
  // The address the confirmation went to, once the request is in.
  const [sentTo, setSentTo] = useState<string | null>(null);
  return (
    <div className="mx-auto max-w-3xl px-4 pt-12 pb-28 sm:px-6 md:pt-20">
      <h1 className="display text-[2.5rem] sm:text-6xl">{t('quote.title')}</h1>
      {sentTo === null ? (
        <>
          <p className="mt-6 max-w-2xl text-lg leading-relaxed text-ink-soft">{t('quote.intro')}</p>
          <div className="panel mt-10">
            <QuoteForm onSent={setSentTo} />
          </div>
        </>
      ) : (
        <ThankYou email={sentTo} />
      )}
      <LazyToaster label={t('quote.notifications')} />
    </div>
  );
}
