// The voice widget's public API, for the widget itself and for other screens (the /personalized
// "Test agent" button). Import it lazily so none of this reaches a page before it is needed:
//
//   const { startVoiceCall } = await import('./api');
//   startVoiceCall({ draft });
import type { AgentDraft } from '../../shared/agentDraft';
import { loadNamespace } from '../../shared/i18n/dictionaries';
import { langFromPath, type Lang } from '../../shared/paths';
import { engageVoiceWidget } from './panel';
import { voiceStore } from './session';

export interface StartVoiceCallOptions {
  /** Primes the assistant with a personalized-agent draft (its name, greeting and knowledge). */
  draft?: AgentDraft | null;
  /** Language of the answers in demo mode; default: the current page's. */
  lang?: Lang;
}

/**
 * Opens the floating widget and starts a call (Vapi or the offline demo, per /api/voice/config).
 * Returns false, changing nothing, when a call is already starting or running (spec §4: a second start
 * is ignored). Progress and errors show in the widget itself.
 */
export function startVoiceCall(options: StartVoiceCallOptions = {}): boolean {
  const pageLang = langFromPath(window.location.pathname);
  const started = voiceStore.start({ draft: options.draft, lang: options.lang ?? pageLang });
  // The card and its texts load alongside the client; the widget swaps its button for the card once
  // both are here (also when the start was ignored, so the running call is in view).
  Promise.all([import('./VoiceCard'), loadNamespace(pageLang, 'voice')]).then(
    ([card]) => engageVoiceWidget(card.renderVoicePanel),
    (err: unknown) => {
      console.error('Voice widget could not load', err);
      document.getElementById('voice-early')?.remove(); // the starting state the boot script showed
      voiceStore.stop();
    },
  );
  return started;
}
