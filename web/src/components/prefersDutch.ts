/** Where the dismissal of the Dutch suggestion is kept: local storage (not a cookie; see the privacy page). */
export const DISMISSED_KEY = 'belwise-nl-suggestion-dismissed';

/** A visitor without a language choice (`lang` cookie) whose browser puts Dutch first, who has not said no. */
export function prefersDutch(): boolean {
  if (document.cookie.split(/;\s*/).some((c) => c.startsWith('lang='))) return false;
  try {
    if (localStorage.getItem(DISMISSED_KEY)) return false;
  } catch {
    return false;
  }
  const first = (navigator.languages?.[0] ?? navigator.language ?? '').toLowerCase();
  return first === 'nl' || first.startsWith('nl-');
}
