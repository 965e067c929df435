import type { Namespace } from '../i18n/namespaces';

// The page registry: every screen of the site, declared once. The route table (routes.tsx), the <head>
// (head.ts), the prerender's page lists, sitemap and robots.txt, the Go server's client-only routes
// (site.json, via entry.server.tsx) and the demo assistant's links all read it. A new screen is one
// entry here, plus its `meta.<id>` title and description in both dictionaries (the types ask for them).
//
// Plain data that imports no screen code, so any module may read it without an import cycle. Each
// screen names its lazy route module: a file directly in pages/ exporting `Component` (React Router's
// lazy route module), its parts in a subfolder. routes.tsx is the one place that loads them.

/** A route below a screen's path, rendered in the screen's <Outlet />: one lazy module each. */
export interface SubScreen {
  /** Relative to the screen's path, e.g. 'orders/:id'; '' for the screen's own path. */
  path: string;
  /** Its lazy route module: pages/<module>.tsx. */
  module: string;
}

export interface Screen {
  /** Unprefixed path, the English one ('/features'; Dutch adds /nl); null for the not-found page. */
  path: string | null;
  /** Dictionary namespace of its strings, loaded together with the module. */
  namespace: Namespace;
  /** Its lazy route module: pages/<module>.tsx. */
  module: string;
  /** Kept out of search results: robots noindex, no canonical or hreflang, not in the sitemap. */
  noindex?: boolean;
  /**
   * Rendered only in the browser: the Go server answers this path and everything below it with the
   * app shell, and robots.txt disallows it. With `children`, an unknown path below it goes back to the
   * screen; without, it is the not-found page.
   */
  clientOnly?: boolean;
  /** Nested lazy routes; the screen's module is then their frame and renders an <Outlet />. */
  children?: readonly SubScreen[];
}

export const SCREENS = {
  landing: { path: '/', namespace: 'landing', module: 'Landing' },
  features: { path: '/features', namespace: 'features', module: 'Features' },
  pricing: { path: '/pricing', namespace: 'pricing', module: 'Pricing' },
  quote: { path: '/quote', namespace: 'pages', module: 'Quote' },
  personalized: { path: '/personalized', namespace: 'pages', module: 'Personalized' },
  auth: { path: '/auth', namespace: 'account', module: 'Auth', noindex: true },
  dashboard: {
    path: '/dashboard',
    namespace: 'account',
    module: 'Dashboard',
    noindex: true,
    clientOnly: true,
    children: [
      { path: '', module: 'DashboardOverview' },
      { path: 'orders/:id', module: 'DashboardOrder' },
    ],
  },
  notFound: { path: null, namespace: 'pages', module: 'NotFound', noindex: true },
} satisfies Record<string, Screen>;

export type PageId = keyof typeof SCREENS;

/** Every screen with its id, in declaration order. */
export const screens = () => Object.entries(SCREENS) as [PageId, Screen][];

/** Route handle carried by every screen's route; tells head code which page is showing. */
export interface PageHandle {
  page: PageId;
}

/** The screen a route match list shows: the deepest match with a page handle (sub-routes have none). */
export function pageOf(matches: readonly { handle?: unknown }[]): PageId | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    const page = (matches[i].handle as PageHandle | undefined)?.page;
    if (page) return page;
  }
  return undefined;
}
