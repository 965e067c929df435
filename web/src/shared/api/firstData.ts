// A signed-in screen's first data, which the server writes into the screen's shell (issue 24 §1;
// internal/web/firstdata.go): the answers of the API requests the screen's first render makes, in
// <script type="application/json" id="first-data">, keyed by each request's path and query. The app takes
// each answer once, for its first request of that URL, instead of asking the server again; nothing else
// is kept, and the first navigation drops what is left, so every later request asks the server.
// Part of the entry bundle (AuthContext reads /api/me here): keep it tiny.

let answers: Map<string, unknown> | undefined;
/** The page carried a first-data block. */
let hadFirstData = false;

/** A request's URL as the key: path and query, the query's parameters sorted (the server writes them in its own order). */
function keyOf(url: string): string {
  const u = new URL(url, 'http://x');
  u.searchParams.sort();
  return u.pathname + u.search;
}

function read(): Map<string, unknown> {
  if (answers) return answers;
  answers = new Map();
  const block = typeof document === 'undefined' ? null : document.getElementById('first-data');
  if (!block) return answers;
  hadFirstData = true;
  block.remove();
  try {
    const data = JSON.parse(block.textContent ?? '') as Record<string, unknown>;
    for (const [url, answer] of Object.entries(data)) answers.set(keyOf(url), answer);
  } catch {
    // A broken block: every request asks the server.
  }
  return answers;
}

let serverRender = false;

/**
 * The build's prerender of an app shell, which has no data and no way to ask for it: a screen's loader then
 * hands over promises that never settle, and the shell shows the screen's loading line. The server's render
 * of a signed-in screen has no document either, but it has the screen's data (provideFirstData).
 */
export function prerendering(): boolean {
  return typeof document === 'undefined' && !serverRender;
}

/**
 * The server's render of a signed-in screen (app/entry.screens.tsx), which has no page to read: the answers
 * it renders with, in place of whatever an earlier render left.
 */
export function provideFirstData(data: Record<string, unknown>): void {
  serverRender = true;
  answers = new Map(Object.entries(data).map(([url, answer]) => [keyOf(url), answer]));
  hadFirstData = true;
  firstRender.length = 0;
  rendering = false;
}

/** The server's answer to GET `url` written into the page, once; undefined when there is none (any more). */
export function takeFirstData(url: string): unknown {
  const all = read();
  const key = keyOf(url);
  const answer = all.get(key);
  all.delete(key);
  return answer;
}

/** Forgets every answer not taken yet: from the first navigation on, the screen's data comes from the server. */
export function dropFirstData(): void {
  read().clear();
}

// The screen's first render. With its data in the page, the promises its loaders hand the screen settle a
// moment after the router has started: the entry renders the screen once they have (entry.client.tsx), so it
// renders once, with its data, rather than its loading line first and the data a render (and React's reveal
// throttle) later. Each such promise is marked settled the way React's use() reads it (status, value), so
// use() returns its value at once instead of suspending.
const firstRender: Promise<unknown>[] = [];
let rendering = false;

/** `promise`, marked for use() when it settles and, while the screen's first render waits, waited for. */
export function settles<T>(promise: Promise<T>): Promise<T> {
  const marked = promise.then(
    (value) => void Object.assign(promise, { status: 'fulfilled', value }),
    (reason: unknown) => void Object.assign(promise, { status: 'rejected', reason }),
  );
  if (!rendering) firstRender.push(marked);
  return promise;
}

/**
 * Resolves once the promises of the screen's first load have settled, at most `wait` ms from now; at once
 * when the page carries no first data (the requests then take a round trip: the shell's loading line shows
 * meanwhile). Promises made from then on are not waited for.
 */
export function firstRenderReady(wait: number): Promise<void> {
  const settled = firstLoadSettled();
  if (!hadFirstData) return Promise.resolve();
  return Promise.race([settled, new Promise<void>((resolve) => setTimeout(resolve, wait))]);
}

/** Resolves once the promises of the screen's first load have settled, however long that takes (the server's render). */
export function firstLoadSettled(): Promise<void> {
  rendering = true;
  read();
  return Promise.all(firstRender).then(() => undefined);
}
