import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screenRoute } from '../../app/routes';
import type { Order } from '../../shared/api/types';
import { json, mockApi, signedIn, USER } from '../../shared/testing/mockApi';
import { order } from '../../shared/testing/orders';
import { loadedRoute, renderApp } from '../../shared/testing/renderApp';

const renderDashboard = async (url: string, lang: 'en' | 'nl') => renderApp(await loadedRoute(screenRoute(lang, 'dashboard')), url, lang);

const STATS = { active: 0, settingUp: 2, totalPurchases: 2, totalInvested: [{ currency: 'EUR', amountCents: 300_000 }] };
const PENDING: Order[] = [
  order({ id: 'dddddddd-0000-4000-8000-000000000004', status: 'pending', createdAt: '2026-11-20T10:00:00Z', expectedDate: '2026-12-04' }),
  order({
    id: 'eeeeeeee-0000-4000-8000-000000000005',
    status: 'pending',
    createdAt: '2026-10-01T10:00:00Z',
    expectedDate: '2026-10-15',
    agent: { id: 'a-2', name: 'Sales Sam', title: 'Outbound sales', description: 'Calls leads.', deliveryDays: 14 },
  }),
];
const dashboard = (orders: Order[]) => json(200, { user: USER, stats: STATS, orders });

beforeEach(() => {
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as never;
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-27T12:00:00Z') });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('setup progress of a buyer whose orders are all pending', () => {
  it('shows each order at "being built" with the expected date instead of "No active agents yet"', async () => {
    mockApi({ 'GET /api/me': signedIn(), 'GET /api/dashboard?lang=en': dashboard(PENDING) });
    await renderDashboard('/dashboard', 'en');
    expect(await screen.findByRole('heading', { name: 'Your agents are being set up' })).toBeTruthy();
    expect(screen.queryByText('No active agents yet')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Get a quote' })).toBeNull();

    const lists = screen.getAllByRole('list', { name: 'Setup progress' });
    expect(lists).toHaveLength(2);
    const steps = within(lists[0]).getAllByRole('listitem');
    expect(steps.map((li) => li.textContent)).toEqual(['✓ Ordered (done)', 'Being built (current step)', 'Live (to come)']);
    expect(steps.map((li) => li.getAttribute('aria-current'))).toEqual([null, 'step', null]);

    const first = screen.getByRole('link', { name: 'Reception Robin' });
    expect(first.getAttribute('href')).toBe('/dashboard/orders/dddddddd-0000-4000-8000-000000000004');
    expect(screen.getByText('Expected live on December 4, 2026').getAttribute('dateTime')).toBe('2026-12-04');
    // An expected day gone by says what happens next.
    expect(screen.getByText('Expected live on October 15, 2026: we will let you know by email as soon as it is live.')).toBeTruthy();
    expect(screen.getByText(/Order #dddddddd · Ordered on November 20, 2026/)).toBeTruthy();
  });

  it('speaks Dutch, with the date in Dutch', async () => {
    mockApi({ 'GET /api/me': signedIn(), 'GET /api/dashboard?lang=nl': dashboard([PENDING[0]]) });
    await renderDashboard('/nl/dashboard', 'nl');
    expect(await screen.findByRole('heading', { name: 'Uw agenten worden ingericht' })).toBeTruthy();
    const steps = within(screen.getByRole('list', { name: 'Voortgang van de inrichting' })).getAllByRole('listitem');
    expect(steps.map((li) => li.textContent)).toEqual(['✓ Besteld (gereed)', 'In aanbouw (huidige stap)', 'Live (volgt nog)']);
    expect(screen.getByText('Verwacht live op 4 december 2026')).toBeTruthy();
  });

  it('lists the live agents once one is live', async () => {
    mockApi({
      'GET /api/me': signedIn(),
      'GET /api/dashboard?lang=en': dashboard([...PENDING, order({ id: 'ffffffff-0000-4000-8000-000000000006', status: 'completed' })]),
    });
    await renderDashboard('/dashboard', 'en');
    expect(await screen.findByRole('link', { name: 'Reception Robin' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Your agents are being set up' })).toBeNull();
  });
});
