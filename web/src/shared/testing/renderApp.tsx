import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router';
import { AuthProvider } from '../auth/AuthContext';
import en from '../i18n/en';
import { LanguageProvider } from '../i18n/LanguageContext';
import nl from '../i18n/nl';
import type { Lang } from '../paths';

/**
 * Renders one screen inside the app's providers at `url`, with stand-ins for the pages it may go to;
 * `above` is shown on every page (e.g. the header).
 * `location()` reads the router's current path + query.
 */
export function renderApp(screen: RouteObject, url: string, lang: Lang = 'en', above?: ReactNode) {
  const router = createMemoryRouter(
    [
      {
        path: lang === 'nl' ? '/nl' : '/',
        element: (
          <LanguageProvider lang={lang} dict={lang === 'nl' ? nl : en}>
            <AuthProvider>
              {above}
              <Outlet />
            </AuthProvider>
          </LanguageProvider>
        ),
        children: [{ index: true, element: <p>Home page</p> }, screen, { path: '*', element: <p>Other page</p> }],
      },
    ],
    { initialEntries: [url] },
  );
  const result = render(<RouterProvider router={router} />);
  const location = () => router.state.location.pathname + router.state.location.search;
  return { ...result, router, location };
}

/**
 * A route of the app with its lazy modules (and its children's) loaded up front, so a test renders it
 * straight away, as the browser does after entry.client has resolved the matched routes.
 */
export async function loadedRoute(route: RouteObject): Promise<RouteObject> {
  const mod = typeof route.lazy === 'function' ? await route.lazy() : {};
  const children = route.children && (await Promise.all(route.children.map(loadedRoute)));
  return { ...route, ...mod, lazy: undefined, children } as RouteObject;
}
