// The signed-in screens rendered by the Go server (issue 24 §1; internal/screens): a screen's shell then
// carries the screen itself, drawn from the first data the server writes into it (firstData.ts), so the
// browser shows the content at its first paint, as it does a prerendered page, instead of after the whole
// app has loaded and rendered. The app then renders the screen afresh over it (entry.client.tsx), the same
// markup from the same components.
//
// Built as one classic script (vite.config.ts, mode `screens`) for goja, a JavaScript engine in Go: no DOM,
// no Intl, no network. Its Web APIs are stand-ins (screens/webapi.ts); dates in the visitor's zone come from
// Go (setVisitorZone). The Go side runs one render per fresh engine, so nothing one user's render leaves
// behind in a module can reach another's.
import './screens/webapi';
import { renderToString } from 'react-dom/server.browser';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { firstLoadSettled, provideFirstData } from '../shared/api/firstData';
import { setVisitorZone, type ZoneParts } from '../shared/format';
import { registerDictionary } from '../shared/i18n/dictionaries';
import en from '../shared/i18n/en';
import nl from '../shared/i18n/nl';
import { assumeTimeZone } from '../shared/timeZone';
import { routes } from './routes';

registerDictionary('en', en);
registerDictionary('nl', nl);
// Ranking the route table (both languages, every screen) is most of a render's own work in goja. The
// engine runs this file ahead of the request it serves (internal/screens), so it is done then.
const handler = createStaticHandler(routes);

/** What Go hands a render: the URL (path and query), the page's first data (JSON), and the visitor's zone. */
export interface ScreenRender {
  url: string;
  data: string;
  timeZone: string;
  zoneParts: ZoneParts;
}

/** The markup of the app's root for one signed-in screen, with the data it is given. */
export async function renderScreen({ url, data, timeZone, zoneParts }: ScreenRender): Promise<string> {
  provideFirstData(JSON.parse(data) as Record<string, unknown>);
  assumeTimeZone(timeZone);
  setVisitorZone(zoneParts);
  const context = await handler.query(new Request(`http://screen.invalid${url}`));
  if (context instanceof Response) throw new Error(`${url}: the route answered a redirect`);
  // The loaders hand their screens promises, which settle with the data the page carries (a request it has
  // no answer for fails at once: there is no fetch here).
  await firstLoadSettled();
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}

(globalThis as { renderScreen?: typeof renderScreen }).renderScreen = renderScreen;
