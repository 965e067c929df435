import type { ComponentType } from 'react';
import type { Namespace } from '../i18n/namespaces';

// The page registry: every screen of the site, declared once. The route table (routes.tsx), the <head>
// (head.ts), the prerender's page lists, sitemap and robots.txt, the Go server's client-only routes
// (site.json, via entry.server.tsx) and the demo assistant's links all read it. A new screen is one
// entry here, plus its `meta.<id>` title and description in both dictionaries (the types ask for them).
//
// Route modules (what `load` imports) are the files directly in pages/, each exporting the `Component`
// React Router renders; their parts live in a subfolder (pages/dashboard/, pages/auth/…). As `load`
// imports every screen, screens link with literal paths rather than import this module. The one reader
// a screen reaches is the voice demo's links (voice/demoKnowledge.ts, via /personalized's "Test agent"):
// a loop through lazy imports only, which never affects the order modules run in.

/** What a route module exports. */
export interface RouteModule {
  Component: ComponentType;
}

/** A route below a screen's path, rendered in the screen's <Outlet />: one lazy module each. */
export interface SubScreen {
  /** Relative to the screen's path, e.g. 'orders/:id'; '' for the screen's own path. */
  path: string;
  load: () => Promise<RouteModule>;
}

export interface Screen {
  /** Unprefixed path, the English one ('/features'; Dutch adds /nl); null for the not-found page. */
  path: string | null;
  /** Dictionary namespace of its strings, loaded together with the module; or several (its own first). */
  namespace: Namespace | readonly Namespace[];
  /** Its lazy route module, loaded with its namespace. */
  load: () => Promise<RouteModule>;
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
  /**
   * A page to read: it is complete as server HTML (links are real links), so the app's JavaScript is
   * loaded only at the visitor's first interaction (a pointer, a touch, a key, focus, scrolling) and
   * nothing runs before. Other pages load it once they have painted.
   */
  loadOnInteraction?: boolean;
}

export const SCREENS = {
  landing: { path: '/', namespace: 'landing', load: () => import('./Landing'), loadOnInteraction: true },
  features: { path: '/features', namespace: 'features', load: () => import('./Features'), loadOnInteraction: true },
  pricing: { path: '/pricing', namespace: 'pricing', load: () => import('./Pricing'), loadOnInteraction: true },
  quote: { path: '/quote', namespace: 'pages', load: () => import('./Quote') },
  // Where a quote posted without JavaScript lands (internal/web/forms.go).
  quoteSent: { path: '/quote/thanks', namespace: 'pages', load: () => import('./QuoteSent'), noindex: true },
  personalized: { path: '/personalized', namespace: 'pages', load: () => import('./Personalized') },
  contact: { path: '/contact', namespace: 'pages', load: () => import('./Contact') },
  privacy: { path: '/privacy', namespace: 'pages', load: () => import('./Privacy') },
  help: { path: '/help', namespace: 'pages', load: () => import('./Help') },
  auth: { path: '/auth', namespace: 'account', load: () => import('./Auth'), noindex: true },
  // The buyer's dashboard. Its agent and call pages read `calls` (a small namespace, loaded with the frame).
  dashboard: {
    path: '/dashboard',
    namespace: ['account', 'calls'],
    load: () => import('./Dashboard'),
    noindex: true,
    clientOnly: true,
    children: [
      { path: '', load: () => import('./DashboardOverview') },
      { path: 'orders/:id', load: () => import('./DashboardOrder') },
      { path: 'agents/:orderId', load: () => import('./DashboardAgent') },
      { path: 'agents/:orderId/calls/:callId', load: () => import('./DashboardCall') },
    ],
  },
  // The agency's staff console. It also reads `account` for the API's error messages (form kit), `calls` for a call's words.
  console: {
    path: '/console',
    namespace: ['console', 'account', 'calls'],
    load: () => import('./Console'),
    noindex: true,
    clientOnly: true,
    children: [
      { path: '', load: () => import('./ConsoleQuotes') },
      { path: 'quotes/:id', load: () => import('./ConsoleQuote') },
      { path: 'orders', load: () => import('./ConsoleOrders') },
      { path: 'calls', load: () => import('./ConsoleCalls') },
      { path: 'calls/:id', load: () => import('./ConsoleCall') },
      { path: 'agents', load: () => import('./ConsoleAgents') },
      { path: 'buyers', load: () => import('./ConsoleBuyers') },
    ],
  },
  notFound: { path: null, namespace: 'pages', load: () => import('./NotFound'), noindex: true, loadOnInteraction: true },
} satisfies Record<string, Screen>;

export type PageId = keyof typeof SCREENS;

/** Every screen with its id, in declaration order. */
export const screens = () => Object.entries(SCREENS) as [PageId, Screen][];

/** Route handle carried by every screen's routes (its sub-routes too); tells head code which page is showing. */
export interface PageHandle {
  page: PageId;
}

/** The screen a route match list shows (the last match is a screen's route, or one of its sub-routes). */
export const pageOf = (matches: readonly { handle?: unknown }[]) => (matches[matches.length - 1]?.handle as PageHandle | undefined)?.page;
