import { useLanguage } from '../../shared/i18n/LanguageContext';
import { useVoicePanel } from './panel';

// The floating voice widget as prerendered on every page: only the 'Talk to Assistant' button. This file
// is in the entry bundle, so it stays this small; the first start (api.ts) loads the card, the clients
// and the texts, then hands the card over (panel.ts).
export function VoiceWidget() {
  const { t } = useLanguage();
  const panel = useVoicePanel();
  return (
    // A landmark of its own (it sits after the footer), named like its button.
    <aside className="voice-widget" aria-label={t('header.talkToAssistant')}>
      {panel ? (
        panel()
      ) : (
        <button
          type="button"
          className="btn btn-signal voice-talk"
          aria-label={t('header.talkToAssistant')}
          // The call card's starting state in words, for the boot script (prerender.mjs), which shows it
          // at a tap before the app has loaded; the card (VoiceCard) takes its place once it is here.
          data-region={t('header.callCard.region')}
          data-title={t('header.callCard.title')}
          data-connecting={t('header.callCard.connecting')}
          onClick={() => void import('./api').then((m) => m.startVoiceCall())}
        />
      )}
    </aside>
  );
}
