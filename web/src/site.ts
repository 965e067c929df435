// Site-wide configuration: one place for names and addresses used across pages. What only the
// prerender needs (the placeholder origin, the theme colour) is in entry.server.tsx, out of the client.
export const SITE = {
  brand: 'Belwise',
  quotesEmail: 'quotes@belwise.example',
} as const;
