import { useSyncExternalStore, type ComponentType } from 'react';

// The slot between the floating widget (VoiceWidget, in the entry bundle) and what it shows once used:
// the first start (api.ts) loads the card (VoiceCard) and hands it over here. Neither side imports the
// other, so the entry stays small and the modules form no cycle.
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

/** The loaded panel, or null while the widget is still only its prerendered button. */
export const useVoicePanel = () => useSyncExternalStore(subscribe, () => Panel, () => null);
