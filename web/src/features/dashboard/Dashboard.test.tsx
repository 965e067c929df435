import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screenRoute } from '../../app/routes';
import type { Order } from '../../shared/api/types';
import { apiError, json, mockApi, signedIn, signedOut, USER } from '../../shared/testing/mockApi';
import { order } from '../../shared/testing/orders';
import { loadedRoute, renderApp } from '../../shared/testing/renderApp';

// The dashboard's real route from the page registry: its frame and nested routes.
const renderDashboard = async (url = '/dashboard', lang: 'en' | 'nl' = 'en') =>
  renderApp(await loadedRoute(screenRoute(lang, 'dashboard')), url, lang);

const ORDERS: Order[] = [
  order({ id: 'aaaaaaaa-0000-4000-8000-000000000001', status: 'pending', amountCents: 150_000, createdAt: '2025-06-01T09:30:00Z' }),
  order({ id: 'bbbbbbbb-0000-4000-8000-000000000002', status: 'completed', amountCents: 249_900 }),
  order({ id: 'cccccccc-0000-4000-8000-000000000003', status: 'refunded', amountCents: 10_000 }),
];
// The server's stats (which Go derives from the same orders) differ from what these three orders would
// give, so a test passes only if the cards show the server's figures rather than working them out again.
const STATS = { active: 7, settingUp: 2, totalPurchases: 12, totalInvested: [{ currency: 'EUR', amountCents: 1_234_500 }] };
const dashboard = (orders: Order[] = ORDERS) => json(200, { user: USER, stats: STATS, orders });

beforeEach(() => {
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as never;
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('dashboard routes', () => {
  it('tells the overview, an order and unknown paths apart', async () => {
    mockApi({
      'GET /api/me': signedIn(),
      'GET /api/dashboard?lang=en': dashboard(),
      'GET /api/dashboard?lang=nl': dashboard(),
      'GET /api/orders/abc-1?lang=en': json(200, { order: { ...ORDERS[0], id: 'abc-1' } }),
      'GET /api/orders/abc-1?lang=nl': json(200, { order: { ...ORDERS[0], id: 'abc-1' } }),
    });
    await renderDashboard('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada Lovelace' })).toBeTruthy();
    cleanup();
    await renderDashboard('/nl/dashboard/', 'nl');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welkom, Ada Lovelace' })).toBeTruthy();
    cleanup();
    await renderDashboard('/dashboard/orders/abc-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #aaaaaaaa' })).toBeTruthy();
    cleanup();
    await renderDashboard('/nl/dashboard/orders/abc-1', 'nl');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bestelling #aaaaaaaa' })).toBeTruthy();
    cleanup();
    for (const [url, lang, to] of [
      ['/dashboard/orders', 'en', '/dashboard'],
      ['/dashboard/whatever/else', 'en', '/dashboard'],
      ['/nl/dashboard/orders', 'nl', '/nl/dashboard'],
    ] as const) {
      const app = await renderDashboard(url, lang);
      await waitFor(() => expect(app.location()).toBe(to));
      cleanup();
    }
  });
});

describe('/dashboard', () => {
  it("shows a loading state, then the greeting and the server's four stats", async () => {
    mockApi({ 'GET /api/me': signedIn(), 'GET /api/dashboard?lang=en': dashboard() });
    await renderDashboard();
    expect(screen.getByRole('status').textContent).toBe('Loading dashboard...');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada Lovelace' })).toBeTruthy();
    const stat = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(stat('Active agents')).toBe('7');
    expect(stat('Setting up')).toBe('2');
    expect(stat('Total purchases')).toBe('12');
    expect(stat('Total invested')).toBe('€12,345.00 excl. VAT');
  });

  it('greets by email when there is no name', async () => {
    mockApi({
      'GET /api/me': signedIn(),
      'GET /api/dashboard?lang=en': json(200, { user: { ...USER, fullName: '' }, stats: STATS, orders: [] }),
    });
    await renderDashboard();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, ada@example.com' })).toBeTruthy();
  });

  it('lists only active agents under My Agents, and the empty state only without any', async () => {
    mockApi({ 'GET /api/me': signedIn(), 'GET /api/dashboard?lang=en': dashboard() });
    await renderDashboard();
    const panel = await screen.findByRole('tabpanel', { name: 'My Agents' });
    expect(within(panel).getAllByRole('listitem')).toHaveLength(1);
    expect(within(panel).queryByText('No active agents yet')).toBeNull();
    // The agent's name is the way to its calls.
    expect(within(panel).getByRole('link', { name: 'Reception Robin' }).getAttribute('href')).toBe(
      '/dashboard/agents/bbbbbbbb-0000-4000-8000-000000000002',
    );
    cleanup();

    mockApi({ 'GET /api/me': signedIn(), 'GET /api/dashboard?lang=nl': dashboard() });
    await renderDashboard('/nl/dashboard', 'nl');
    expect((await screen.findByRole('link', { name: 'Reception Robin' })).getAttribute('href')).toBe(
      '/nl/dashboard/agents/bbbbbbbb-0000-4000-8000-000000000002',
    );
    cleanup();

    // With nothing live and nothing being set up (a pending order shows its progress instead, see
    // SetupProgress.test.tsx), the way forward is a quote.
    mockApi({ 'GET /api/me': signedIn(), 'GET /api/dashboard?lang=en': dashboard([ORDERS[2]]) });
    await renderDashboard();
    expect(await screen.findByText('No active agents yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Get a quote' }).getAttribute('href')).toBe('/quote');
  });

  it('keeps the tab in the URL and lists every purchase with its badge, date and amount', async () => {
    mockApi({ 'GET /api/me': signedIn(), 'GET /api/dashboard?lang=en': dashboard() });
    const app = await renderDashboard();
    fireEvent.mouseDown(await screen.findByRole('tab', { name: 'Purchase History' }));
    await waitFor(() => expect(app.location()).toBe('/dashboard?tab=history'));

    const rows = within(screen.getByRole('tabpanel', { name: 'Purchase History' })).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]).getByRole('heading', { name: 'Order #aaaaaaaa' })).toBeTruthy();
    expect(within(rows[0]).getByText('Setting up')).toBeTruthy();
    expect(within(rows[1]).getByText('Active')).toBeTruthy();
    expect(within(rows[2]).getByText('Refunded')).toBeTruthy();
    expect(rows[0].querySelector('time')?.getAttribute('datetime')).toBe('2025-06-01T09:30:00Z');
    // Every amount says it excludes VAT.
    expect(within(rows[0]).getByText('Amount', { selector: 'dt' }).nextElementSibling?.textContent).toBe('€1,500.00 excl. VAT');
    expect(within(rows[0]).getByRole('link', { name: 'Details of order #aaaaaaaa' }).getAttribute('href')).toBe(
      '/dashboard/orders/aaaaaaaa-0000-4000-8000-000000000001',
    );
  });

  it('asks for the agents in Dutch on /nl, and writes each amount in its currency with a total per currency', async () => {
    const stats = {
      ...STATS,
      totalInvested: [
        { currency: 'EUR', amountCents: 249_900 },
        { currency: 'USD', amountCents: 5_000 },
      ],
    };
    const orders = [
      order({
        id: 'dddddddd-1',
        status: 'completed',
        amountCents: 249_900,
        agent: { ...ORDERS[0].agent, name: 'Receptie Robin', title: 'Receptionist' },
      }),
      order({ id: 'eeeeeeee-2', status: 'refunded', amountCents: 5_000, currency: 'USD' }),
    ];
    mockApi({ 'GET /api/me': signedIn(), 'GET /api/dashboard?lang=nl': json(200, { user: USER, stats, orders }) });
    await renderDashboard('/nl/dashboard?tab=history', 'nl');
    const rows = within(await screen.findByRole('tabpanel', { name: 'Mijn aankopen' })).getAllByRole('listitem');
    expect(within(rows[0]).getByText('Receptie Robin')).toBeTruthy();
    const amount = (row: HTMLElement) => within(row).getByText('Bedrag', { selector: 'dt' }).nextElementSibling?.textContent;
    expect(amount(rows[0])).toBe('€\u00a02.499,00 excl. btw');
    expect(amount(rows[1])).toBe('US$\u00a050,00 excl. btw');
    expect(within(rows[1]).getByText('Terugbetaald')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Mijn agenten' }));
    const invested = await screen.findByText('Totaal geïnvesteerd', { selector: 'dt' });
    expect([...invested.parentElement!.querySelectorAll('dd')].map((dd) => dd.textContent)).toEqual([
      '€\u00a02.499,00 excl. btw',
      'US$\u00a050,00 excl. btw',
    ]);
  });

  it('opens on Purchase History when the URL says so, with its own empty state', async () => {
    mockApi({ 'GET /api/me': signedIn(), 'GET /api/dashboard?lang=en': dashboard([]) });
    await renderDashboard('/dashboard?tab=history');
    expect((await screen.findByRole('tab', { name: 'Purchase History' })).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('No purchases yet')).toBeTruthy();
  });

  it('sends a signed-out visitor to sign in, with the way back', async () => {
    mockApi({ 'GET /api/me': signedOut(), 'GET /api/dashboard?lang=nl': apiError(401, 'unauthenticated') });
    const app = await renderDashboard('/nl/dashboard', 'nl');
    await waitFor(() => expect(app.location()).toBe('/nl/auth?next=%2Fnl%2Fdashboard'));
  });

  it('shows an error with "Try again" when the database is down, and loads again', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    let calls = 0;
    mockApi({
      'GET /api/me': signedIn(),
      'GET /api/dashboard?lang=en': () => (++calls === 1 ? apiError(503, 'unavailable') : dashboard()),
    });
    await renderDashboard();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("We couldn't load your dashboard.");
    expect(alert.textContent).toContain('Our database is temporarily unavailable. Please try again in a moment.');
    // Logged from an effect, which may run just after the alert shows.
    await waitFor(() => expect(errors).toHaveBeenCalled());
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada Lovelace' })).toBeTruthy();
  });
});

describe('/dashboard/orders/:id', () => {
  it('shows the order, with the expected delivery of a pending one', async () => {
    mockApi({ 'GET /api/me': signedIn(), 'GET /api/orders/aaaaaaaa-0000-4000-8000-000000000001?lang=en': json(200, { order: ORDERS[0] }) });
    await renderDashboard('/dashboard/orders/aaaaaaaa-0000-4000-8000-000000000001');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #aaaaaaaa' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Reception Robin' })).toBeTruthy();
    expect(screen.getByText('14 days')).toBeTruthy();
    expect(screen.getByText('Amount', { selector: 'dt' }).nextElementSibling?.textContent).toBe('€1,500.00 excl. VAT');
    expect(screen.getByText('Expected delivery').nextElementSibling?.querySelector('time')?.getAttribute('datetime')).toBe(
      '2025-06-15T09:30:00.000Z',
    );
    expect(screen.getByRole('link', { name: /Back to purchase history/ }).getAttribute('href')).toBe('/dashboard?tab=history');
  });

  it('says "Order not found" for a 404', async () => {
    mockApi({ 'GET /api/me': signedIn(), 'GET /api/orders/nope?lang=en': apiError(404, 'not_found') });
    await renderDashboard('/dashboard/orders/nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order not found' })).toBeTruthy();
    expect(screen.getByText("This order doesn't exist or isn't yours.")).toBeTruthy();
  });
});
