import type { RouteObject } from 'react-router';
import { LanguageRoot } from './shell/LanguageRoot';
import { PublicShell } from './shell/Layout';
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

/** The workspace shell's module and the namespace it speaks (also read by the prerender: its chunks in site.json). */
export const loadWorkspaceShell = () => import('./shell/WorkspaceShell');
export const WORKSPACE_NAMESPACE = 'account';

/**
 * One language tree: the public screens in the site's shell (header, footer, voice button), the
 * workspace screens (dashboard, console) in the workspace shell, a lazy module of its own with the
 * `account` strings it speaks, so none of it weighs on the public pages.
 */
function tree(lang: Lang): RouteObject[] {
  const ids = (workspace: boolean) => screens().filter(([, s]) => (s.workspace === true) === workspace);
  const workspaceShell = () => Promise.all([loadWorkspaceShell(), loadNamespace(lang, WORKSPACE_NAMESPACE)]).then(([mod]) => mod);
  return [
    { element: <PublicShell />, children: ids(false).map(([id]) => screenRoute(lang, id)) },
    { lazy: workspaceShell, children: ids(true).map(([id]) => screenRoute(lang, id)) },
  ];
}

export const routes: RouteObject[] = [
  { path: '/nl', element: <LanguageRoot lang="nl" />, children: tree('nl') },
  { path: '/', element: <LanguageRoot lang="en" />, children: tree('en') },
];
