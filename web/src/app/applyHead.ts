import { buildHead, type HeadData } from './head';
import type { PageId } from './registry';
import type { Lang } from '../shared/paths';
import type { TKey } from '../shared/i18n/types';

// Client-side counterpart of headHtml(): updates the live <head> after a client-side navigation.
// Loaded on the first navigation only, so it costs nothing on the first page view.
function upsert(selector: string, create: () => HTMLElement, set: (el: HTMLElement) => void) {
  let el = document.head.querySelector<HTMLElement>(selector);
  if (!el) {
    el = create();
    document.head.appendChild(el);
  }
  set(el);
}

function meta(name: string) {
  const el = document.createElement('meta');
  el.setAttribute('name', name);
  return el;
}

export function applyHead(h: HeadData): void {
  document.documentElement.lang = h.lang;
  if (document.title !== h.title) document.title = h.title;
  upsert(
    'meta[name="description"]',
    () => meta('description'),
    (el) => el.setAttribute('content', h.description),
  );

  const robots = document.head.querySelector('meta[name="robots"]');
  if (h.noindex)
    upsert(
      'meta[name="robots"]',
      () => meta('robots'),
      (el) => el.setAttribute('content', 'noindex'),
    );
  else robots?.remove();

  const canonical = document.head.querySelector('link[rel="canonical"]');
  if (h.canonical) {
    const href = h.canonical;
    upsert(
      'link[rel="canonical"]',
      () => Object.assign(document.createElement('link'), { rel: 'canonical' }),
      (el) => el.setAttribute('href', href),
    );
  } else canonical?.remove();

  document.head.querySelectorAll('link[rel="alternate"][hreflang]').forEach((el) => el.remove());
  for (const a of h.alternates) {
    const link = Object.assign(document.createElement('link'), { rel: 'alternate', hreflang: a.hreflang, href: a.href });
    document.head.appendChild(link);
  }
}

export function syncHead(page: PageId, lang: Lang, t: (key: TKey) => string): void {
  applyHead(buildHead(page, lang, t, window.location.origin));
}
