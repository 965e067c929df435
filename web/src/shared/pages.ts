// Every page of the site by id, with its unprefixed English path (Dutch adds /nl); null for the
// not-found page. The page registry (app/registry.ts) gives each its screen, strings and rules, with
// the same path (a test holds the two alike); this list stands apart so that a feature can link to a
// page (the voice demo's "read more" links) without reaching the registry, which imports every screen.
export const PAGE_PATHS = {
  landing: '/',
  features: '/features',
  pricing: '/pricing',
  quote: '/quote',
  quoteSent: '/quote/thanks',
  personalized: '/personalized',
  contact: '/contact',
  privacy: '/privacy',
  subprocessors: '/subprocessors',
  help: '/help',
  auth: '/auth',
  dashboard: '/dashboard',
  console: '/console',
  notFound: null,
} as const satisfies Record<string, string | null>;

export type PageId = keyof typeof PAGE_PATHS;
