import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../testing/mockApi';

// The first data a signed-in screen's shell carries (internal/web/firstdata.go): each answer once, for the
// first request of its URL, then the API as always.

const DASHBOARD = { user: { id: '1', email: 'a@b.co', fullName: 'Ada' }, orders: [] };

function writeBlock(data: unknown) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = 'first-data';
  block.textContent = JSON.stringify(data);
  document.head.append(block);
}

/** The client and the store afresh: the store reads the page once. */
async function fresh() {
  vi.resetModules();
  return { client: await import('./client'), first: await import('./firstData') };
}

beforeEach(() => document.getElementById('first-data')?.remove());
afterEach(() => vi.unstubAllGlobals());

describe('first data', () => {
  it("answers a screen's first request from the page, once; the next asks the API", async () => {
    // The server writes the query in its own order: the key is the request's path and sorted query.
    writeBlock({ '/api/dashboard?lang=en': DASHBOARD, '/api/orders/o1/agent?tz=Europe%2FAmsterdam&lang=en': { agent: { id: 'o1' } } });
    const { fetchMock } = mockApi({ 'GET /api/dashboard?lang=en': json(200, { ...DASHBOARD, orders: [{ id: 'new' }] }) });
    const { client } = await fresh();
    expect(await client.getDashboard('en')).toEqual(DASHBOARD);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(document.getElementById('first-data')).toBeNull();
    expect(await client.getDashboard('en')).toEqual({ ...DASHBOARD, orders: [{ id: 'new' }] });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a request the page has no answer for, in another language or with another query, asks the API', async () => {
    writeBlock({ '/api/dashboard?lang=en': DASHBOARD });
    const { fetchMock } = mockApi({ 'GET /api/dashboard?lang=nl': json(200, DASHBOARD) });
    const { client } = await fresh();
    await client.getDashboard('nl');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('what is left goes at the first navigation', async () => {
    writeBlock({ '/api/dashboard?lang=en': DASHBOARD });
    const { fetchMock } = mockApi({ 'GET /api/dashboard?lang=en': json(200, DASHBOARD) });
    const { client, first } = await fresh();
    first.dropFirstData();
    await client.getDashboard('en');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("the first render waits for the first load's promises only when the page carried data", async () => {
    const { first } = await fresh();
    const never = first.settles(new Promise(() => {}));
    expect(await Promise.race([first.firstRenderReady(10_000).then(() => 'ready'), never])).toBe('ready');

    writeBlock({ '/api/me': { authenticated: false } });
    const again = await fresh();
    let resolve!: (v: string) => void;
    const data = again.first.settles(new Promise<string>((r) => (resolve = r)));
    const ready = again.first.firstRenderReady(10_000);
    let done = false;
    void ready.then(() => (done = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(done).toBe(false);
    resolve('x');
    await ready;
    // Marked as React's use() reads a settled promise: no suspending for it.
    expect(data).toMatchObject({ status: 'fulfilled', value: 'x' });
  });
});
