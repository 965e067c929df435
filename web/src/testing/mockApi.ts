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

/**
 * Replaces fetch with a vi.fn answering `"METHOD /path"` keys; anything else is a 404 (and a failed
 * expectation is easy to spot in `calls`). Returns the mock, plus the parsed JSON bodies sent per key.
 */
export function mockApi(handlers: Record<string, Handler | Reply>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const key = `${init.method ?? 'GET'} ${String(input)}`;
    const handler = handlers[key];
    if (handler === undefined) return json(404, { error: { code: 'not_found', message: `no mock for ${key}` } });
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    if (typeof handler === 'function') return handler(body);
    // A Response can be read once: hand out copies. A pending promise stays pending for every caller.
    return handler instanceof Response ? handler.clone() : handler;
  });
  vi.stubGlobal('fetch', fetchMock);
  /** JSON bodies sent to `key`, in order. */
  const sent = (key: string) =>
    fetchMock.mock.calls
      .filter(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}` === key)
      .map(([, init]) => (typeof init?.body === 'string' ? JSON.parse(init.body) : undefined));
  return { fetchMock, sent };
}

export const signedOut = () => json(200, { authenticated: false });
export const USER = { id: 'u-1', email: 'ada@example.com', fullName: 'Ada Lovelace', role: 'buyer' } as const;
export const signedIn = (user = USER) => json(200, { authenticated: true, user });
