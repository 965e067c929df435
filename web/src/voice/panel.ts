import { useSyncExternalStore } from 'react';

// Whether the floating widget has been used. VoiceWidget (in the entry bundle) shows only its button
// until the first start (api.ts) has loaded the card and its texts and engages it here; then it shows
// the card (VoiceCard). The two meet here, so neither imports the other.
let engaged = false;
const subscribers = new Set<() => void>();
const subscribe = (fn: () => void) => {
  subscribers.add(fn);
  return () => void subscribers.delete(fn);
};

/** Swaps the button for the loaded panel (idle button, card, errors) in every mounted widget. */
export function engageVoiceWidget(): void {
  engaged = true;
  subscribers.forEach((fn) => fn());
}

/** False while the widget is still only its prerendered button. */
export const useVoiceEngaged = () => useSyncExternalStore(subscribe, () => engaged, () => false);
