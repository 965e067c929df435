/**
 * Where the Dutch suggestion's dismissal is kept: the browser's local storage (not a cookie; see the
 * privacy page). Its own module so the prerender can hand it to the boot script, which applies the same
 * rule as prefersDutch (DutchSuggestion.tsx) before the app has loaded.
 */
export const DISMISSED_KEY = 'belwise-nl-suggestion-dismissed';
