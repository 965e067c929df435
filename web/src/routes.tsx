import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { LanguageRoot } from './components/LanguageRoot';
import type { PageHandle, PageId } from './head';
import { loadNamespace } from './i18n/dictionaries';
import { PAGE_NAMESPACE } from './i18n/namespaces';
import type { Lang } from './paths';

// One route table for the browser and the prerender: an English tree at `/` and a Dutch one at `/nl`.
// Each screen is one lazy module serving both languages; its lazy() also loads the screen's strings
// in the tree's language, so a route never renders before its translations are there.
type PageModule = Promise<{ Component: () => ReactNode }>;

function screens(lang: Lang): RouteObject[] {
  const page = (id: PageId, load: () => PageModule, path?: string): RouteObject => {
    const handle: PageHandle = { page: id };
    const lazy = () => Promise.all([load(), loadNamespace(lang, PAGE_NAMESPACE[id])]).then(([mod]) => mod);
    return path === undefined ? { index: true, handle, lazy } : { path, handle, lazy };
  };
  return [
    page('landing', () => import('./pages/Landing')),
    page('features', () => import('./pages/Features'), 'features'),
    page('pricing', () => import('./pages/Pricing'), 'pricing'),
    page('quote', () => import('./pages/Quote'), 'quote'),
    page('personalized', () => import('./pages/Personalized'), 'personalized'),
    page('auth', () => import('./pages/Auth'), 'auth'),
    // The Go server serves the dashboard shell for every /dashboard… path.
    page('dashboard', () => import('./pages/Dashboard'), 'dashboard/*'),
    page('notFound', () => import('./pages/NotFound'), '*'),
  ];
}

export const routes: RouteObject[] = [
  { path: '/nl', element: <LanguageRoot lang="nl" />, children: screens('nl') },
  { path: '/', element: <LanguageRoot lang="en" />, children: screens('en') },
];
