import type { ComponentType } from 'react';
import type { Namespace } from '../shared/i18n/namespaces';
import type { PageId } from '../shared/pages';

// The page registry: every screen of the site, declared once. The route table (routes.tsx), the <head>
// (head.ts), the prerender's page lists, sitemap and robots.txt and the Go server's client-only routes
// (site.json, via entry.server.tsx) all read it. A new screen is one entry here and its path in
// shared/pages.ts (a test holds the two alike), plus its `meta.<id>` title and description in both
// dictionaries (the types ask for them).
//
// Route modules (what `load` imports) are the features' screens (features/<name>/), each exporting the
// `Component` React Router renders; a lazy import each, so each is a chunk of its own. The registry is
// the app's, and the one place that reaches into a feature past its index.ts. Nothing below app/
// imports it: a feature that links to a page takes the path from shared/pages.ts (the voice demo's
// links) or writes it literally.

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
  /**
   * A screen of a workspace (the buyer's dashboard, the agency's console): shown in the workspace shell
   * (shell/WorkspaceShell.tsx: the app's sections, the language link and the account menu) instead of
   * the public site's header, footer and voice button.
   */
  workspace?: boolean;
  /** Nested lazy routes; the screen's module is then their frame and renders an <Outlet />. */
  children?: readonly SubScreen[];
  /**
   * A page to read: it is complete as server HTML (links are real links, each a full load of another
   * prerendered page), and the page's boot script answers what can be tapped (the menu, the call
   * card's starting state; web/scripts/prerender.mjs), so the app's JavaScript is loaded only when
   * something needs it: the voice button (a pointer over it, focus, a tap), a signed-in visitor's
   * account menu, the Dutch suggestion on `/`. Nothing runs before the first interaction, and the
   * first interaction loads no script by itself. Other pages load the app once they have painted.
   */
  loadOnInteraction?: boolean;
}

export const SCREENS = {
  landing: { path: '/', namespace: 'landing', load: () => import('../features/marketing/Landing'), loadOnInteraction: true },
  features: { path: '/features', namespace: 'features', load: () => import('../features/marketing/Features'), loadOnInteraction: true },
  pricing: { path: '/pricing', namespace: 'pricing', load: () => import('../features/marketing/Pricing'), loadOnInteraction: true },
  quote: { path: '/quote', namespace: 'pages', load: () => import('../features/marketing/Quote') },
  // Where a quote posted without JavaScript lands (internal/web/forms.go).
  quoteSent: { path: '/quote/thanks', namespace: 'pages', load: () => import('../features/marketing/QuoteSent'), noindex: true },
  personalized: { path: '/personalized', namespace: 'pages', load: () => import('../features/personalized/Personalized') },
  contact: { path: '/contact', namespace: 'pages', load: () => import('../features/marketing/Contact') },
  privacy: { path: '/privacy', namespace: 'pages', load: () => import('../features/marketing/Privacy') },
  // The processor agreement's sub-processors, public (issue 23).
  subprocessors: {
    path: '/subprocessors',
    namespace: 'pages',
    load: () => import('../features/marketing/Subprocessors'),
    loadOnInteraction: true,
  },
  help: { path: '/help', namespace: 'pages', load: () => import('../features/marketing/Help') },
  auth: { path: '/auth', namespace: 'account', load: () => import('../features/auth/Auth'), noindex: true },
  // The buyer's dashboard. Its agent and call pages read `calls`, its invoices `billing` (small namespaces,
  // loaded with the frame).
  dashboard: {
    path: '/dashboard',
    namespace: ['account', 'calls', 'billing', 'settings'],
    load: () => import('../features/dashboard/Dashboard'),
    noindex: true,
    clientOnly: true,
    workspace: true,
    children: [
      { path: '', load: () => import('../features/dashboard/DashboardOverview') },
      // The profile page, also the console's (below): the same module.
      { path: 'profile', load: () => import('../features/dashboard/Profile') },
      // Webhooks to the buyer's own tools (Zapier, Make, n8n).
      { path: 'integrations', load: () => import('../features/dashboard/Integrations') },
      // The buyer's invoices and credit notes, and this month's usage so far.
      { path: 'invoices', load: () => import('../features/billing/DashboardInvoices') },
      // The company details invoices are addressed to (issue 22).
      { path: 'company', load: () => import('../features/company/CompanyPage') },
      // The processor agreement: read, accept, PDF copy (issue 23).
      { path: 'agreement', load: () => import('../features/agreement/AgreementPage') },
      { path: 'orders/:id', load: () => import('../features/dashboard/DashboardOrder') },
      { path: 'agents/:orderId', load: () => import('../features/dashboard/DashboardAgent') },
      // What the agent says and when it puts callers through; a save waits for the agency's approval (issue 23).
      { path: 'agents/:orderId/settings', load: () => import('../features/settings/SettingsPage') },
      { path: 'agents/:orderId/calls/:callId', load: () => import('../features/dashboard/DashboardCall') },
      { path: 'agents/:orderId/contacts', load: () => import('../features/dashboard/DashboardContacts') },
      { path: 'agents/:orderId/contacts/:number', load: () => import('../features/dashboard/DashboardContact') },
      { path: 'agents/:orderId/reports/:month', load: () => import('../features/dashboard/DashboardReport') },
    ],
  },
  // The agency's staff console. It also reads `account` for the API's error messages (form kit), `calls` for a call's words,
  // `billing` for an order's fees and the statements and invoices.
  console: {
    path: '/console',
    namespace: ['console', 'account', 'calls', 'billing', 'settings'],
    load: () => import('../features/console/Console'),
    noindex: true,
    clientOnly: true,
    workspace: true,
    children: [
      { path: '', load: () => import('../features/console/ConsoleQuotes') },
      { path: 'profile', load: () => import('../features/dashboard/Profile') },
      { path: 'quotes/:id', load: () => import('../features/console/ConsoleQuote') },
      { path: 'orders', load: () => import('../features/console/ConsoleOrders') },
      { path: 'orders/:id', load: () => import('../features/console/ConsoleOrder') },
      { path: 'calls', load: () => import('../features/console/ConsoleCalls') },
      { path: 'calls/:id', load: () => import('../features/console/ConsoleCall') },
      { path: 'agents', load: () => import('../features/console/ConsoleAgents') },
      { path: 'buyers', load: () => import('../features/console/ConsoleBuyers') },
      { path: 'buyers/:id', load: () => import('../features/console/ConsoleBuyer') },
      { path: 'jobs', load: () => import('../features/console/ConsoleJobs') },
      // Statements per buyer and month, issuing invoices, payments and credit notes.
      { path: 'billing', load: () => import('../features/billing/ConsoleBilling') },
      // Buyers' changes to their agents' settings, waiting for approval (issue 23).
      { path: 'changes', load: () => import('../features/settings/ConsoleChanges') },
    ],
  },
  notFound: { path: null, namespace: 'pages', load: () => import('./NotFound'), noindex: true, loadOnInteraction: true },
} satisfies Record<PageId, Screen>;

export type { PageId };

/** Every screen with its id, in declaration order. */
export const screens = () => Object.entries(SCREENS) as [PageId, Screen][];

/** Route handle carried by every screen's routes (its sub-routes too); tells head code which page is showing. */
export interface PageHandle {
  page: PageId;
}

/** The screen a route match list shows (the last match is a screen's route, or one of its sub-routes). */
export const pageOf = (matches: readonly { handle?: unknown }[]) => (matches[matches.length - 1]?.handle as PageHandle | undefined)?.page;
