// Site-wide configuration: one place for names used across pages. What only the prerender needs (the
// placeholder origin and quote inbox, the theme colour) is in entry.server.tsx, out of the client; the
// quote inbox itself is the server's (QUOTE_INBOX), read from the page (shared/quoteInbox.ts).
export const SITE = {
  brand: 'Belwise',
} as const;
