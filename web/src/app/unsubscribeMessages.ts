import en from '../shared/i18n/en';
import nl from '../shared/i18n/nl';

/**
 * The words of the one-click off pages, which the Go server answers itself: a call alert's unsubscribe link
 * (internal/web/alerts.go) and the weekly digest's off link (internal/web/reports.go). Per language, the
 * dictionaries' `unsubscribe` section as it is. The placeholders ({agent}, {number}, in a call alert's words)
 * are left for the server, which fills them as translate() does; it refuses at start a file with a word
 * missing or a placeholder it does not fill.
 */
export function unsubscribeMessages() {
  return { en: en.unsubscribe, nl: nl.unsubscribe };
}
