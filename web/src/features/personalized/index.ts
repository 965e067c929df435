// /personalized: a visitor describes their business and gets a draft of their own voice agent. The
// screen (Personalized.tsx) is a route module that the page registry (app/registry.ts) loads lazily.

/**
 * The draft-maker (deriveDraft), loaded on demand: nothing in the app needs it before the screen does.
 * The voice tests prime the assistant with a real draft.
 */
export const loadDraft = () => import('./draft');
