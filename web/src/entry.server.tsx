import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { buildHead, headHtml } from './head';
import { registerDictionary } from './i18n/dictionaries';
import en from './i18n/en';
import nl from './i18n/nl';
import { translate } from './i18n/translate';
import { FACTS, factPlaceholder } from './content/siteFacts';
import { QUOTE_INBOX_META } from './pages/quote/inbox';
import { pageOf, screens } from './pages/registry';
import { langFromPath } from './paths';
import { routes } from './routes';

// The prerender script takes its page lists, paths and origin from the app itself, so the two never drift.
export { localePath } from './paths';

export const PRERENDER = {
  // The Go server replaces this placeholder with the real SITE_URL in served HTML/XML/TXT.
  origin: 'https://site-url.invalid',
  // Every page's <meta name="quote-inbox">; the Go server replaces the placeholder with QUOTE_INBOX.
  quoteInboxMeta: QUOTE_INBOX_META,
  quoteInbox: 'quote-inbox@placeholder.invalid',
  // Every page's <meta name="company-…"> and <meta name="call-retention-days">, filled in by the server.
  facts: FACTS.map((name) => ({ name, placeholder: factPlaceholder(name) })),
  themeColor: '#f5f1e8',
} as const;

const withPaths = screens().flatMap(([, s]) => (s.path === null ? [] : [{ ...s, path: s.path }]));
/** Unprefixed paths the prerender writes as pages, in each language. */
export const PRERENDERED_PATHS = withPaths.filter((s) => !s.clientOnly).map((s) => s.path);
/** The prerendered paths that belong in the sitemap. */
export const INDEXED_PATHS = withPaths.filter((s) => !s.clientOnly && !s.noindex).map((s) => s.path);
/** Client-only route prefixes, for the server's site.json and robots.txt. */
export const CLIENT_ROUTES = withPaths.filter((s) => s.clientOnly).map((s) => s.path);

// Both dictionaries are available synchronously at build time.
registerDictionary('en', en);
registerDictionary('nl', nl);

export interface RenderResult {
  lang: 'en' | 'nl';
  head: string;
  html: string;
}

/** Renders one URL of the app to HTML for the prerender script (no hydration data: hydrate={false}). */
export async function render(url: string): Promise<RenderResult> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(PRERENDER.origin + url));
  if (context instanceof Response) throw new Error(`Unexpected redirect while prerendering ${url}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);

  const lang = langFromPath(new URL(url, PRERENDER.origin).pathname);
  const dict = lang === 'nl' ? nl : en;
  const page = pageOf(context.matches.map((m) => m.route));
  if (!page) throw new Error(`No page handle while prerendering ${url}`);
  const head = headHtml(buildHead(page, lang, (k) => translate(dict, k), PRERENDER.origin));
  return { lang, head, html };
}
