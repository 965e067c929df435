import '../styles.css';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { dropFirstData, firstRenderReady } from '../shared/api/firstData';
import { loadNamespace } from '../shared/i18n/dictionaries';
import { langFromPath } from '../shared/paths';
import { routes } from './routes';

// Resolve the lazy route modules for the current URL before the first render, so the client
// renders exactly the prerendered markup (React Router docs: "SSR with lazy routes").
async function resolveLazyMatches(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const mod = await route.lazy();
      Object.assign(route, { ...mod, lazy: undefined });
    }),
  );
}

declare global {
  interface Window {
    /** A click on a button or a choice in a select made before hydration (the boot script, prerender.mjs). */
    __early?: { el: HTMLElement; type: 'click' | 'change'; value: string };
  }
}

/** What the visitor did on a screen the server drew, to put back on the app's (carryOver.ts). */
let restoreDrawn: (() => void) | undefined;

/**
 * A press as a pointer makes it: down, up, click. A click alone is not enough for every control: a tab
 * (Radix Tabs) is chosen on the pointer's mousedown, a menu trigger opens on pointerdown.
 */
function press(el: HTMLElement): void {
  const init = { bubbles: true, cancelable: true, button: 0, view: window };
  const Pointer = typeof PointerEvent === 'function' ? PointerEvent : MouseEvent;
  el.dispatchEvent(new Pointer('pointerdown', { ...init, pointerType: 'mouse', isPrimary: true }));
  el.dispatchEvent(new MouseEvent('mousedown', init));
  el.dispatchEvent(new Pointer('pointerup', { ...init, pointerType: 'mouse', isPrimary: true }));
  el.dispatchEvent(new MouseEvent('mouseup', init));
  el.click();
}

/** Carries out what the visitor did before the page had hydrated, once it has (Layout marks <html>). */
function replayEarlyInput(): void {
  const html = document.documentElement;
  const replay = () => {
    restoreDrawn?.();
    restoreDrawn = undefined;
    const early = window.__early;
    delete window.__early;
    if (!early || !early.el.isConnected) return;
    if (early.type === 'click') press(early.el);
    else {
      (early.el as HTMLSelectElement).value = early.value;
      early.el.dispatchEvent(new Event('change', { bubbles: true }));
    }
  };
  if (html.hasAttribute('data-hydrated')) return replay();
  const seen = new MutationObserver(() => {
    if (!html.hasAttribute('data-hydrated')) return;
    seen.disconnect();
    replay();
  });
  seen.observe(html, { attributes: true, attributeFilter: ['data-hydrated'] });
}

/**
 * The whole stylesheet, which the boot script adds as it starts the app (a prerendered page, and a screen
 * the server drew, inline only the rules of their own markup: prerender.mjs, internal/web/screencss.go).
 * Nothing renders before it has loaded, or failed to.
 */
function wholeStylesheet(): Promise<void> {
  const link = document.getElementById('styles') as HTMLLinkElement | null;
  if (!link || link.sheet) return Promise.resolve();
  return new Promise((resolve) => {
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
  });
}

/** The longest the first render of a signed-in screen waits for data the page carries (ms). */
const FIRST_RENDER_WAIT = 300;

/** Resolves once the router has loaded its first location (its loaders hand over promises, not data). */
function routerReady(router: ReturnType<typeof createBrowserRouter>): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

async function boot(): Promise<void> {
  const container = document.getElementById('root')!;
  // A screen the server drew: what the visitor does on it is carried over to the app's (carryOver.ts), a
  // module no other page needs, fetched meanwhile.
  const carry = container.hasAttribute('data-drawn') ? import('./carryOver') : undefined;
  // Only the active language's strings are downloaded: the shared namespace here, the screen's own
  // namespace by its route's lazy().
  await Promise.all([loadNamespace(langFromPath(window.location.pathname), 'common'), resolveLazyMatches(), wholeStylesheet()]);
  replayEarlyInput();
  const router = createBrowserRouter(routes);
  // The first data the server wrote into a signed-in screen's shell is for its first load only.
  const unsubscribe = router.subscribe((state) => {
    if (state.navigation.state === 'idle') return;
    dropFirstData();
    unsubscribe();
  });
  const app = <RouterProvider router={router} />;

  if (container.hasAttribute('data-shell')) {
    // App shell for client-only routes: nothing to hydrate, render fresh. The shell shows its loading
    // line meanwhile, so the first render waits for the router's first load and, when the server wrote the
    // screen's data into the page, for that data (firstData.ts): the screen then renders once, complete.
    // A screen the server drew is the same screen, there already: what the visitor did on it is carried over.
    await routerReady(router);
    await firstRenderReady(FIRST_RENDER_WAIT);
    if (carry) restoreDrawn = await carry.then(({ carryOver }) => carryOver(container)).catch(() => undefined);
    createRoot(container).render(app);
  } else {
    // Hydrating in a transition lets React yield to the browser, keeping Total Blocking Time low.
    startTransition(() => {
      hydrateRoot(container, app);
    });
  }
}

void boot();
