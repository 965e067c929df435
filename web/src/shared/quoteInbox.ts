// The agency's address (QUOTE_INBOX), which the quote form names when a request fails. The server
// writes it into every page it sends (<meta name="quote-inbox">, filled in at start from its
// configuration, like the site URL), so it is at hand exactly when the API is not answering.

/** The <meta> name; the prerender writes it with PRERENDER.quoteInbox, which the Go server replaces. */
export const QUOTE_INBOX_META = 'quote-inbox';

/** The configured quote inbox, as the page carries it. */
export function quoteInbox(): string {
  return document.querySelector<HTMLMetaElement>(`meta[name="${QUOTE_INBOX_META}"]`)?.content ?? '';
}
