import type { RouteObject } from 'react-router';
import { LanguageRoot } from './shell/LanguageRoot';
import { loadNamespace } from '../shared/i18n/dictionaries';
import { SCREENS, screens, type PageHandle, type PageId, type Screen } from './registry';
import type { Lang } from '../shared/paths';

// One route table for the browser and the prerender, built from the page registry: an English tree at
// `/` and a Dutch one at `/nl`. Each screen is one lazy module serving both languages; its lazy() also
// loads the screen's strings in the tree's language, so a route never renders before its translations.

/** The route of one screen in one language tree (exported for tests, which render it on its own). */
export function screenRoute(lang: Lang, page: PageId): RouteObject {
  const { path, namespace, load, clientOnly, children }: Screen = SCREENS[page];
  const handle: PageHandle = { page };
  const namespaces = typeof namespace === 'string' ? [namespace] : namespace;
  const lazy = () => Promise.all([load(), ...namespaces.map((ns) => loadNamespace(lang, ns))]).then(([mod]) => mod);
  if (path === '/') return { index: true, handle, lazy };
  const nested = children?.map((sub): RouteObject =>
    sub.path ? { path: sub.path, handle, lazy: sub.load } : { index: true, handle, lazy: sub.load },
  );
  // A client-only screen owns every path below its own (the Go server answers them all with the app
  // shell): an unknown one goes back to the screen.
  if (clientOnly) nested?.push({ path: '*', handle, lazy: () => import('./BackToScreen') });
  return { path: path?.slice(1) ?? '*', handle, lazy, children: nested };
}

export const routes: RouteObject[] = [
  { path: '/nl', element: <LanguageRoot lang="nl" />, children: screens().map(([id]) => screenRoute('nl', id)) },
  { path: '/', element: <LanguageRoot lang="en" />, children: screens().map(([id]) => screenRoute('en', id)) },
];
