import { useSyncExternalStore, type ReactNode } from 'react';

// The slot between the floating widget (VoiceWidget, in the entry bundle) and what it shows once used:
// the first start (api.ts) loads the card (VoiceCard) and its texts, then hands its render function
// over here. The two meet here, so neither imports the other.
let panel: (() => ReactNode) | null = null;
const subscribers = new Set<() => void>();
const subscribe = (fn: () => void) => {
  subscribers.add(fn);
  return () => void subscribers.delete(fn);
};

/** Replaces the button with the loaded panel (idle button, card, errors) in every mounted widget. */
export function engageVoiceWidget(render: () => ReactNode): void {
  panel = render;
  subscribers.forEach((fn) => fn());
}

/** Renders the loaded panel; null while the widget is still only its prerendered button. */
export const useVoicePanel = () =>
  useSyncExternalStore(
    subscribe,
    () => panel,
    () => null,
  );
