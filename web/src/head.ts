import { localePath, type Lang } from './paths';
import { SITE } from './site';
import type { TKey } from './i18n/types';

// Per-page <head> data, shared by the prerender (as HTML) and the client (kept in sync on navigation).
export type PageId =
  | 'landing'
  | 'features'
  | 'pricing'
  | 'quote'
  | 'personalized'
  | 'auth'
  | 'dashboard'
  | 'notFound';

/** Route handle carried by every page route; tells head code which page is showing. */
export interface PageHandle {
  page: PageId;
}

// Unprefixed path of each page; null for the not-found page, which has no URL of its own.
const PAGE_PATHS: Record<PageId, string | null> = {
  landing: '/',
  features: '/features',
  pricing: '/pricing',
  quote: '/quote',
  personalized: '/personalized',
  auth: '/auth',
  dashboard: '/dashboard',
  notFound: null,
};

// Kept out of search results. They get no canonical or hreflang either: pointing crawlers at a page
// while asking them not to index it is a mixed signal.
const NOINDEX: ReadonlySet<PageId> = new Set<PageId>(['auth', 'dashboard', 'notFound']);
// Rendered only in the browser: the Go server answers these paths (and everything below them) with
// the app shell instead of a prerendered page.
const CLIENT_ONLY: ReadonlySet<PageId> = new Set<PageId>(['dashboard']);

const pagesWithPaths = (Object.entries(PAGE_PATHS) as [PageId, string | null][]).filter(
  (entry): entry is [PageId, string] => entry[1] !== null,
);
/** Unprefixed paths the prerender writes as pages, in each language. */
export const PRERENDERED_PATHS = pagesWithPaths.filter(([id]) => !CLIENT_ONLY.has(id)).map(([, path]) => path);
/** The prerendered paths that belong in the sitemap. */
export const INDEXED_PATHS = pagesWithPaths.filter(([id]) => !CLIENT_ONLY.has(id) && !NOINDEX.has(id)).map(([, path]) => path);
/** Client-only route prefixes, for the server's site.json and robots.txt. */
export const CLIENT_ROUTES = pagesWithPaths.filter(([id]) => CLIENT_ONLY.has(id)).map(([, path]) => path);

export interface HeadData {
  lang: Lang;
  title: string;
  description: string;
  noindex: boolean;
  canonical: string | null;
  alternates: { hreflang: string; href: string }[];
}

export function buildHead(page: PageId, lang: Lang, t: (key: TKey) => string, origin: string): HeadData {
  const path = PAGE_PATHS[page];
  const name = t(`meta.${page}.title`);
  const title = page === 'landing' ? `${SITE.brand} — ${name}` : `${name} — ${SITE.brand}`;
  const linked = path !== null && !NOINDEX.has(page);
  return {
    lang,
    title,
    description: t(`meta.${page}.description`),
    noindex: NOINDEX.has(page),
    canonical: linked ? origin + localePath(lang, path) : null,
    alternates: linked
      ? [
          { hreflang: 'en', href: origin + localePath('en', path) },
          { hreflang: 'nl', href: origin + localePath('nl', path) },
          { hreflang: 'x-default', href: origin + localePath('en', path) },
        ]
      : [],
  };
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The page-specific part of <head> as HTML, for the prerender. */
export function headHtml(h: HeadData): string {
  const tags = [
    `<title>${escapeHtml(h.title)}</title>`,
    `<meta name="description" content="${escapeHtml(h.description)}">`,
  ];
  if (h.noindex) tags.push('<meta name="robots" content="noindex">');
  if (h.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(h.canonical)}">`);
  for (const a of h.alternates) {
    tags.push(`<link rel="alternate" hreflang="${a.hreflang}" href="${escapeHtml(a.href)}">`);
  }
  return tags.join('\n');
}
