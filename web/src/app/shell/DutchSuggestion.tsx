import { Suspense, use, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { loadNamespace } from '../../shared/i18n/dictionaries';
import { translate } from '../../shared/i18n/translate';
import { DISMISSED_KEY } from './dutchSuggestionKey';

/**
 * No language chosen yet (`lang` cookie), the browser puts Dutch first, and the visitor has not said no.
 * The boot script (web/scripts/prerender.mjs, `need`) applies the same rule on a page to read before the
 * app has loaded; change both together.
 */
export function prefersDutch(): boolean {
  if (/(?:^|;\s*)lang=/.test(document.cookie)) return false;
  try {
    if (localStorage.getItem(DISMISSED_KEY)) return false;
  } catch {
    return false;
  }
  const first = (navigator.languages?.[0] ?? navigator.language ?? '').toLowerCase();
  return first === 'nl' || first.startsWith('nl-');
}

// A first-time visitor to the English front door whose browser prefers Dutch gets a small suggestion,
// in Dutch (the `suggest` strings of the Dutch dictionary), to switch. Never a redirect: crawlers and
// English speakers in the Netherlands keep the English page. Once dismissed it stays dismissed.
/**
 * Shows the suggestion, when it applies, in a root of its own at the top of the page (before the app's
 * root, which it never touches), so none of it is in the entry bundle. Layout imports this module once
 * after hydration on `/`, and importing it is what mounts it.
 */
function mount(): void {
  if (!prefersDutch()) return;
  const host = document.createElement('div');
  document.body.prepend(host);
  createRoot(host).render(<DutchSuggestion />);
}

export default function DutchSuggestion() {
  const [show, setShow] = useState(prefersDutch);
  if (!show) return null;
  return (
    <Suspense>
      <Suggestion onDismiss={() => setShow(false)} />
    </Suspense>
  );
}

function Suggestion({ onDismiss }: { onDismiss: () => void }) {
  const nl = use(loadNamespace('nl', 'pages'));
  const t = (key: 'label' | 'text' | 'switch' | 'dismiss') => translate(nl, `suggest.${key}`);
  const dismiss = () => {
    try {
      localStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // Without storage it stays hidden for this page view only.
    }
    onDismiss();
  };
  return (
    <div className="nl-suggestion" lang="nl" role="region" aria-label={t('label')}>
      <p>{t('text')}</p>
      <a href="/nl" hrefLang="nl" onClick={() => (document.cookie = 'lang=nl; path=/; max-age=31536000; samesite=lax')}>
        {t('switch')}
      </a>
      <button type="button" onClick={dismiss}>
        {t('dismiss')}
      </button>
    </div>
  );
}

mount();
