// The voice assistant's face for other features: the call API (the contact page's button,
// /personalized's "Test agent"), as a lazy import so none of the call code reaches a page before a
// visitor starts a call:
//
//   void loadVoiceApi().then(({ startVoiceCall }) => startVoiceCall({ draft }));
//
// The floating widget every page carries (VoiceWidget.tsx, with panel.ts) is the app shell's to place,
// and it imports them itself: re-exported here, beside this lazy import, they would make Rolldown split
// React out of the entry chunk into chunks of its own (more bytes on `/`, see scripts/js-budget.mjs).
export const loadVoiceApi = () => import('./api');
