import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screenRoute } from '../../app/routes';
import type { MonthlyReport } from '../../shared/api/types';
import { json, mockApi, signedIn } from '../../shared/testing/mockApi';
import { loadedRoute, renderApp } from '../../shared/testing/renderApp';
import { level, shiftMonth } from './reportMonths';

const ORDER = 'bbbbbbbb-0000-4000-8000-000000000001';
const renderReport = async (lang: 'en' | 'nl' = 'en', month = '2026-10') =>
  renderApp(
    await loadedRoute(screenRoute(lang, 'dashboard')),
    `${lang === 'nl' ? '/nl' : ''}/dashboard/agents/${ORDER}/reports/${month}`,
    lang,
  );

const hours = () => Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
const report = (over: Partial<MonthlyReport> = {}): MonthlyReport => {
  const h = hours();
  h[0][9] = 4; // Monday 09:00
  h[6][22] = 1; // Sunday 22:00
  return {
    orderId: ORDER,
    month: '2026-10',
    agentName: 'Appointment Setter',
    agentTitle: 'Books appointments',
    timeZone: 'Europe/Amsterdam',
    complete: true,
    calls: 5,
    answered: 4,
    missed: 1,
    failed: 0,
    answeredRate: 0.8,
    seconds: 600,
    costCents: 100,
    currency: 'EUR',
    reportedCalls: 4,
    goalReached: 3,
    goalReachedRate: 0.75,
    hours: h,
    reasons: [
      { reason: 'Booking', count: 3 },
      { reason: 'Opening hours', count: 1 },
    ],
    reasonLabel: 'Reason',
    ...over,
  };
};

beforeEach(() => {
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as never;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/dashboard/agents/:orderId/reports/:month', () => {
  it('shows the figures, the busiest hours as a table with a caption, and the top reasons', async () => {
    mockApi({ 'GET /api/me': signedIn(), [`GET /api/orders/${ORDER}/reports/2026-10?lang=en`]: json(200, report()) });
    await renderReport();
    expect(await screen.findByRole('heading', { level: 1, name: 'Monthly report' })).toBeTruthy();
    expect(screen.getByText('Appointment Setter · October 2026')).toBeTruthy();
    expect(screen.getByText('80%')).toBeTruthy();
    expect(screen.getByText('4 of 5 calls')).toBeTruthy();
    expect(screen.getByText('75%')).toBeTruthy();
    const grid = screen.getByRole('table', { name: /Calls per weekday and hour, Europe\/Amsterdam/ });
    const rows = within(grid).getAllByRole('row');
    expect(rows).toHaveLength(8); // the hours and seven days, Monday first
    expect(within(rows[0]).getAllByRole('columnheader')).toHaveLength(25);
    const monday = within(rows[1]).getAllByRole('cell');
    expect(within(rows[1]).getByRole('rowheader').textContent).toBe('Mon');
    expect(monday[9].textContent).toBe('4');
    expect(monday[9].getAttribute('data-level')).toBe('4');
    expect(within(rows[7]).getAllByRole('cell')[22].textContent).toBe('1');
    const reasons = screen.getByRole('table', { name: /From the call data field Reason/ });
    expect(within(reasons).getAllByRole('row')[1].textContent).toBe('Booking3');
    expect(screen.getByRole('button', { name: 'Print or save as PDF' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Previous month/ }).getAttribute('href')).toBe(`/dashboard/agents/${ORDER}/reports/2026-09`);
  });

  it('speaks Dutch, says a month is still running, and explains a missing reason field', async () => {
    mockApi({
      'GET /api/me': signedIn(),
      [`GET /api/orders/${ORDER}/reports/2026-10?lang=nl`]: json(
        200,
        report({ complete: false, reasons: [], reasonLabel: '', hours: hours() }),
      ),
    });
    await renderReport('nl');
    expect(await screen.findByRole('heading', { level: 1, name: 'Maandrapport' })).toBeTruthy();
    expect(screen.getByText('Appointment Setter · oktober 2026')).toBeTruthy();
    expect(screen.getByText(/Deze maand loopt nog/)).toBeTruthy();
    expect(screen.getByText('Deze maand geen gesprekken.')).toBeTruthy();
    expect(screen.getByText(/gespreksgegeven met de naam “reason”/)).toBeTruthy();
  });

  it('says so for a report that is not the buyer’s', async () => {
    mockApi({
      'GET /api/me': signedIn(),
      [`GET /api/orders/${ORDER}/reports/2026-10?lang=en`]: json(404, { error: { code: 'not_found', message: 'Order not found.' } }),
    });
    await renderReport();
    expect(await screen.findByRole('heading', { level: 1, name: 'Report not found' })).toBeTruthy();
  });

  it('shades by level and steps months across years', () => {
    expect([level(0, 4), level(1, 4), level(2, 4), level(4, 4), level(1, 100)]).toEqual([0, 1, 2, 4, 1]);
    expect([shiftMonth('2026-01', -1), shiftMonth('2026-12', 1)]).toEqual(['2025-12', '2027-01']);
  });
});
