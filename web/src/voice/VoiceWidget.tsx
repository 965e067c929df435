import { useSyncExternalStore, type ComponentType } from 'react';
import { useLanguage } from '../i18n/LanguageContext';

// The floating voice widget as prerendered on every page: only the 'Talk to Assistant' button. This file
// is in the entry bundle, so it stays this small; the first start (api.ts) loads the card, the clients
// and the texts, then hands the card component over here.
let Panel: ComponentType | null = null;
const subscribers = new Set<() => void>();
const subscribe = (fn: () => void) => {
  subscribers.add(fn);
  return () => void subscribers.delete(fn);
};

/** Replaces the button with the loaded panel (idle button, card, errors) in every mounted widget. */
export function engageVoiceWidget(panel: ComponentType): void {
  Panel = panel;
  subscribers.forEach((fn) => fn());
}

export function VoiceWidget() {
  const { t } = useLanguage();
  const Loaded = useSyncExternalStore(subscribe, () => Panel, () => null);
  return (
    // A landmark of its own (it sits after the footer), named like its button.
    <aside className="voice-widget" aria-label={t('header.talkToAssistant')}>
      {Loaded ? (
        <Loaded />
      ) : (
        <button type="button" className="btn btn-signal voice-talk" onClick={() => void import('./api').then((m) => m.startVoiceCall())}>
          {t('header.talkToAssistant')}
        </button>
      )}
    </aside>
  );
}
