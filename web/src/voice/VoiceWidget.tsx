import { lazy, Suspense } from 'react';
import { useLanguage } from '../i18n/LanguageContext';
import { useVoiceEngaged } from './panel';

// Already downloaded by the time the widget is engaged (api.ts loads it first).
const VoicePanel = lazy(() => import('./VoiceCard'));

// The floating voice widget as prerendered on every page: only the 'Talk to Assistant' button. This file
// is in the entry bundle, so it stays this small; the first start (api.ts) loads the card, the clients
// and the texts, then engages the widget (panel.ts).
export function VoiceWidget() {
  const { t } = useLanguage();
  const engaged = useVoiceEngaged();
  const talk = (
    <button type="button" className="btn btn-signal voice-talk" onClick={() => void import('./api').then((m) => m.startVoiceCall())}>
      {t('header.talkToAssistant')}
    </button>
  );
  return (
    // A landmark of its own (it sits after the footer), named like its button.
    <aside className="voice-widget" aria-label={t('header.talkToAssistant')}>
      {engaged ? (
        <Suspense fallback={talk}>
          <VoicePanel />
        </Suspense>
      ) : (
        talk
      )}
    </aside>
  );
}
