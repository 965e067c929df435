import { vi } from 'vitest';

type Reply = Response | Promise<Response>;
type Handler = (body: unknown) => Reply;

/** A JSON response as the Go API sends it. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

export const apiError = (status: number, code: string, headers?: Record<string, string>) =>
  json(status, { error: { code, message: `server says ${code}` } }, headers);

/** What a call sent: `"METHOD /path?query"`, the path with its query, and the parsed JSON body. */
type Sent = { key: string; url: string; body: unknown };

/** The key and body of a fetch call, made with a Request (the API client) or with a URL and init. */
async function describe(input: RequestInfo | URL, init: RequestInit = {}): Promise<Sent> {
  if (input instanceof Request) {
    const url = new URL(input.url);
    const text = await input.clone().text();
    const path = `${url.pathname}${url.search}`;
    return { key: `${input.method} ${path}`, url: path, body: text ? JSON.parse(text) : undefined };
  }
  const path = String(input);
  return { key: `${init.method ?? 'GET'} ${path}`, url: path, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined };
}

/**
 * Replaces fetch with a vi.fn answering `"METHOD /path"` keys; anything else is a 404 (and a failed
 * expectation is easy to spot in `calls`). Fetch may be called with a Request (the API client) or a URL
 * and init. Returns the mock, plus the parsed JSON bodies sent per key and the paths called.
 */
export function mockApi(handlers: Record<string, Handler | Reply>) {
  const calls: Sent[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const sent = await describe(input, init);
    calls.push(sent);
    const handler = handlers[sent.key];
    if (handler === undefined) return json(404, { error: { code: 'not_found', message: `no mock for ${sent.key}` } });
    if (typeof handler === 'function') return handler(sent.body);
    // A Response can be read once: hand out copies. A pending promise stays pending for every caller.
    return handler instanceof Response ? handler.clone() : handler;
  });
  vi.stubGlobal('fetch', fetchMock);
  /** JSON bodies sent to `key`, in order. */
  const sent = (key: string) => calls.filter((c) => c.key === key).map((c) => c.body);
  /** The path and query of every call, in order. */
  const requested = () => calls.map((c) => c.url);
  return { fetchMock, sent, requested };
}

export const signedOut = () => json(200, { authenticated: false });
export const USER = { id: 'u-1', email: 'ada@example.com', fullName: 'Ada Lovelace', role: 'buyer' } as const;
export const signedIn = (user = USER) => json(200, { authenticated: true, user });
