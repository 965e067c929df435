// Site-wide configuration: one place for names and addresses used across pages and the prerender.
export const SITE = {
  brand: 'Belwise',
  quotesEmail: 'quotes@belwise.example',
  // The Go server replaces this placeholder with the real SITE_URL in served HTML/XML/TXT.
  placeholderOrigin: 'https://site-url.invalid',
  themeColor: '#f5f1e8',
} as const;
