import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { buildHead, headHtml, type PageHandle } from './head';
import { registerDictionary } from './i18n/dictionaries';
import en from './i18n/en';
import nl from './i18n/nl';
import { translate } from './i18n/translate';
import { langFromPath } from './paths';
import { routes } from './routes';
import { SITE } from './site';

// The prerender script takes its page lists, paths and origin from the app itself, so the two never drift.
export { CLIENT_ROUTES, INDEXED_PATHS, PRERENDERED_PATHS } from './head';
export { localePath } from './paths';
export { SITE } from './site';

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
  const context = await handler.query(new Request(SITE.placeholderOrigin + url));
  if (context instanceof Response) throw new Error(`Unexpected redirect while prerendering ${url}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);

  const lang = langFromPath(new URL(url, SITE.placeholderOrigin).pathname);
  const dict = lang === 'nl' ? nl : en;
  const page = [...context.matches].reverse().find((m) => (m.route.handle as PageHandle | undefined)?.page)
    ?.route.handle as PageHandle;
  const head = headHtml(buildHead(page.page, lang, (k) => translate(dict, k), SITE.placeholderOrigin));
  return { lang, head, html };
}
