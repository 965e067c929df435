// Language lives in the URL prefix: English at `/…`, Dutch at `/nl/…`.
export type Lang = 'en' | 'nl';
export const LANGS: readonly Lang[] = ['en', 'nl'];

export function langFromPath(pathname: string): Lang {
  return pathname === '/nl' || pathname.startsWith('/nl/') ? 'nl' : 'en';
}

/** Path without the language prefix, always starting with `/`. */
export function stripLang(pathname: string): string {
  if (langFromPath(pathname) === 'en') return pathname || '/';
  const rest = pathname.slice(3);
  return rest === '' ? '/' : rest;
}

/** Builds an internal link in the given language; `path` is the English (unprefixed) path, may carry a query. */
export function localePath(lang: Lang, path: string): string {
  const p = path.startsWith('/') ? path : `/${path}`;
  if (lang === 'en') return p;
  if (p === '/') return '/nl';
  if (p.startsWith('/?')) return `/nl${p.slice(1)}`;
  return `/nl${p}`;
}

/** Same screen in the other language, keeping the query string (used by the language picker). */
export function switchLanguagePath(pathname: string, search: string, target: Lang): string {
  return localePath(target, stripLang(pathname)) + search;
}
