import { useState } from 'react';
import { useLanguage } from '../i18n/LanguageContext';
import { rememberLanguage } from './LanguageSelect';
import { DISMISSED_KEY } from './prefersDutch';

// A first-time visitor to the English front door whose browser prefers Dutch gets a small suggestion,
// in Dutch, to switch (Header decides, after hydration). Never a redirect: crawlers and English
// speakers in the Netherlands keep the English page. Dismissed stays dismissed (local storage).
export default function DutchSuggestion() {
  const { t } = useLanguage();
  const [dismissed, setDismissed] = useState(false);
  if (dismissed) return null;

  const dismiss = () => {
    try {
      localStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // Without storage it stays hidden for this page view only.
    }
    setDismissed(true);
  };
  return (
    <div className="nl-suggestion" lang="nl" role="region" aria-label={t('header.dutchSuggestion.label')}>
      <p>{t('header.dutchSuggestion.text')}</p>
      <a href="/nl" hrefLang="nl" onClick={() => rememberLanguage('nl')}>
        {t('header.dutchSuggestion.switch')}
      </a>
      <button type="button" onClick={dismiss}>
        {t('header.dutchSuggestion.dismiss')}
      </button>
    </div>
  );
}
