import { localePath, type Lang } from '../shared/paths';
import { SITE } from '../shared/site';
import type { TKey } from '../shared/i18n/types';
import { SCREENS, type PageId, type Screen } from './registry';

// Per-page <head> data, shared by the prerender (as HTML) and the client (kept in sync on navigation).
// Which page has which path, and which are kept out of search results, is the page registry's to say.

export interface HeadData {
  lang: Lang;
  title: string;
  description: string;
  noindex: boolean;
  canonical: string | null;
  alternates: { hreflang: string; href: string }[];
}

export function buildHead(page: PageId, lang: Lang, t: (key: TKey) => string, origin: string): HeadData {
  const { path, noindex = false }: Screen = SCREENS[page];
  const name = t(`meta.${page}.title`);
  const title = page === 'landing' ? `${SITE.brand} — ${name}` : `${name} — ${SITE.brand}`;
  // They get no canonical or hreflang either: pointing crawlers at a page while asking them not to
  // index it is a mixed signal.
  const linked = path !== null && !noindex;
  return {
    lang,
    title,
    description: t(`meta.${page}.description`),
    noindex,
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

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The page-specific part of <head> as HTML, for the prerender. */
export function headHtml(h: HeadData): string {
  const tags = [`<title>${escapeHtml(h.title)}</title>`, `<meta name="description" content="${escapeHtml(h.description)}">`];
  if (h.noindex) tags.push('<meta name="robots" content="noindex">');
  if (h.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(h.canonical)}">`);
  for (const a of h.alternates) {
    tags.push(`<link rel="alternate" hreflang="${a.hreflang}" href="${escapeHtml(a.href)}">`);
  }
  return tags.join('\n');
}
