import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { QUOTE_LIMITS } from '../features/marketing';
import { FACTS, factPlaceholder } from '../shared/content/siteFacts';
import { DISMISSED_KEY } from './shell/dutchSuggestionKey';
import { messageFor } from '../shared/form/errors';
import { registerDictionary } from '../shared/i18n/dictionaries';
import en from '../shared/i18n/en';
import nl from '../shared/i18n/nl';
import { translate } from '../shared/i18n/translate';
import type { TKey } from '../shared/i18n/types';
import { langFromPath } from '../shared/paths';
import { QUOTE_INBOX_META } from '../shared/quoteInbox';
import { buildHead, headHtml } from './head';
import { pageOf, SCREENS, screens, type Screen } from './registry';
import { routes } from './routes';

// The prerender script takes its page lists, paths and origin from the app itself, so the two never drift.
export { localePath } from '../shared/paths';
// The client-only screens' modules and namespaces, for the chunks the server preloads with their shell.
export { SCREENS } from './registry';
export { loadWorkspaceShell, WORKSPACE_NAMESPACE } from './routes';
// The pay page's words, which the server answers without the app (internal/web/payments.go).
export { payMessages } from './payMessages';
// The one-click off pages' words (call alerts, weekly digest), which the server answers without the app too.
export { unsubscribeMessages } from './unsubscribeMessages';

export const PRERENDER = {
  // The Go server replaces this placeholder with the real SITE_URL in served HTML/XML/TXT.
  origin: 'https://site-url.invalid',
  // Every page's <meta name="quote-inbox">; the Go server replaces the placeholder with QUOTE_INBOX.
  quoteInboxMeta: QUOTE_INBOX_META,
  quoteInbox: 'quote-inbox@placeholder.invalid',
  // Every page's <meta name="company-…"> and <meta name="call-retention-days">, filled in by the server.
  facts: FACTS.map((name) => ({ name, placeholder: factPlaceholder(name) })),
  themeColor: '#f5f1e8',
  // The boot script checks the Dutch suggestion's dismissal before the app loads (prerender.mjs).
  nlSuggestionDismissedKey: DISMISSED_KEY,
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
  /** A page to read: it loads the app only when something needs it (Screen.loadOnInteraction). */
  loadOnInteraction: boolean;
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
  const screen: Screen = SCREENS[page];
  return { lang, head, html, loadOnInteraction: screen.loadOnInteraction === true };
}

/**
 * The words the Go server needs when it answers a form posted without JavaScript (internal/web/forms.go)
 * with the form again: per language and form, a title and a message per API error code, or per
 * `code:field` when the field decides. {minutes} and {email} (the quote inbox) are left for the server.
 */
export function formMessages() {
  const forLang = (lang: 'en' | 'nl') => {
    const dict = lang === 'nl' ? nl : en;
    const t = (key: TKey, vars?: Record<string, string | number>) => translate(dict, key, vars);
    const tooLong = Object.fromEntries(
      Object.entries(QUOTE_LIMITS).map(([field, max]) => [`too_long:${field}`, t('quote.validation.tooLong', { max })]),
    );
    const auth = (code: string) => t(messageFor(code));
    return {
      quote: {
        title: t('quote.error.title'),
        'required:fullName': t('quote.validation.fullNameRequired'),
        'required:email': t('quote.validation.emailRequired'),
        'required:description': t('quote.validation.descriptionRequired'),
        ...tooLong,
        invalid_email: t('quote.validation.emailInvalid'),
        invalid_language: t('quote.validation.languageInvalid'),
        rate_limited: t('quote.error.rateLimited'),
        rate_limited_minute: t('quote.error.rateLimitedMinute'),
        error: t('quote.error.text'),
      },
      signIn: {
        title: t('auth.signIn.errorTitle'),
        email_required: t('auth.validation.emailRequired'),
        invalid_email: t('auth.validation.emailInvalid'),
        password_required: t('auth.validation.passwordRequired'),
        invalid_credentials: auth('invalid_credentials'),
        email_not_verified: auth('email_not_verified'),
        rate_limited: t('auth.errors.rateLimited'),
        rate_limited_minute: t('auth.errors.rateLimitedMinute'),
        unavailable: auth('unavailable'),
        error: auth('internal'),
      },
    };
  };
  return { en: forLang('en'), nl: forLang('nl') };
}
