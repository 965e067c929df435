// The buyer's time zone: times follow the browser's.
process.env.TZ = 'Europe/Amsterdam';

import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screenRoute } from '../../app/routes';
import { call, contact, ORDER_ID, ownCall } from '../../shared/testing/calls';
import { apiError, json, mockApi, signedIn } from '../../shared/testing/mockApi';
import { loadedRoute, renderApp } from '../../shared/testing/renderApp';

const renderDashboard = async (url: string, lang: 'en' | 'nl' = 'en') =>
  renderApp(await loadedRoute(screenRoute(lang, 'dashboard')), url, lang);

const CONTACTS = (lang: 'en' | 'nl', cursor = '') =>
  `GET /api/orders/${ORDER_ID}/contacts?limit=50&lang=${lang}${cursor ? `&cursor=${cursor}` : ''}`;
const CONTACT = (lang: 'en' | 'nl') => `GET /api/orders/${ORDER_ID}/contacts/%2B31612345678?limit=20&lang=${lang}`;
const ANON = contact({
  key: '+32470123456',
  number: '+32470123456',
  numberDisplay: '+32 470 12 34 56',
  name: '',
  calls: 1,
  lastCall: { id: 'c-3', startedAt: '2026-10-20T08:00:00Z', outcome: 'missed' },
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/dashboard/agents/:orderId/contacts', () => {
  it('lists the callers by number: the name from the call data, the number of calls, the last call and its outcome', async () => {
    mockApi({
      'GET /api/me': signedIn(),
      [CONTACTS('en')]: json(200, { items: [contact()], nextCursor: 'next-1' }),
      [CONTACTS('en', 'next-1')]: json(200, { items: [ANON], nextCursor: null }),
    });
    await renderDashboard(`/dashboard/agents/${ORDER_ID}/contacts`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Contacts' })).toBeTruthy();
    const anna = screen.getByRole('link', { name: 'Anna de Vries' });
    expect(anna.getAttribute('href')).toBe(`/dashboard/agents/${ORDER_ID}/contacts/%2B31612345678`);
    const item = anna.closest('li')!;
    expect(within(item).getByText('+31 6 12345678')).toBeTruthy();
    expect(within(item).getByText(/2 calls · Last call/).textContent).toBe('2 calls · Last call Oct 24, 2026, 4:07 PM');
    expect(within(item).getByText('Answered', { selector: '.badge' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to the agent/ }).getAttribute('href')).toBe(`/dashboard/agents/${ORDER_ID}`);

    // The next page; a contact without a name goes by their number.
    fireEvent.click(screen.getByRole('button', { name: 'Load more contacts' }));
    const other = await screen.findByRole('link', { name: '+32 470 12 34 56' });
    expect(within(other.closest('li')!).getByText(/1 call ·/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more contacts' })).toBeNull();
  });

  it('speaks Dutch, and says when there are none yet', async () => {
    mockApi({ 'GET /api/me': signedIn(), [CONTACTS('nl')]: json(200, { items: [], nextCursor: null }) });
    await renderDashboard(`/nl/dashboard/agents/${ORDER_ID}/contacts`, 'nl');
    expect(await screen.findByRole('heading', { level: 1, name: 'Contacten' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Nog geen contacten' })).toBeTruthy();
  });

  it('says "Agent not found" for an order that is not the buyer\'s', async () => {
    mockApi({ 'GET /api/me': signedIn(), [CONTACTS('en')]: apiError(404, 'not_found') });
    await renderDashboard(`/dashboard/agents/${ORDER_ID}/contacts`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Agent not found' })).toBeTruthy();
  });
});

describe('/dashboard/agents/:orderId/contacts/:number', () => {
  it("shows the contact's calls, newest first, each a link to its page, and a call back button", async () => {
    mockApi({
      'GET /api/me': signedIn(),
      [CONTACT('en')]: json(200, {
        contact: contact(),
        calls: {
          items: [call({ id: 'c-1' }), call({ id: 'c-2', startedAt: '2026-10-21T09:00:00Z', outcome: 'missed' })],
          nextCursor: null,
        },
      }),
    });
    await renderDashboard(`/dashboard/agents/${ORDER_ID}/contacts/%2B31612345678`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Anna de Vries' })).toBeTruthy();
    const calls = within(screen.getByRole('region', { name: /Their calls/ })).getAllByRole('link');
    expect(calls.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Oct 24, 2026, 4:07 PM', `/dashboard/agents/${ORDER_ID}/calls/c-1`],
      ['Oct 21, 2026, 11:00 AM', `/dashboard/agents/${ORDER_ID}/calls/c-2`],
    ]);
    expect(screen.getByText('Calls', { selector: 'dt' }).nextElementSibling?.textContent).toBe('2 calls');
    expect(screen.getByRole('link', { name: 'Call back' }).getAttribute('href')).toBe('tel:+31612345678');
    expect(screen.getByRole('link', { name: /Back to contacts/ }).getAttribute('href')).toBe(`/dashboard/agents/${ORDER_ID}/contacts`);
  });

  it('says "Contact not found" in Dutch for a number without calls', async () => {
    mockApi({ 'GET /api/me': signedIn(), [CONTACT('nl')]: apiError(404, 'not_found') });
    await renderDashboard(`/nl/dashboard/agents/${ORDER_ID}/contacts/%2B31612345678`, 'nl');
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact niet gevonden' })).toBeTruthy();
  });
});

describe('older and newer call', () => {
  const CALL = (lang: 'en' | 'nl') => `GET /api/orders/${ORDER_ID}/calls/c-1?lang=${lang}`;

  it('links the neighbouring calls, and leaves out the link at either end', async () => {
    mockApi({ 'GET /api/me': signedIn(), [CALL('en')]: json(200, { call: ownCall({ newerId: 'c-0', olderId: 'c-2' }) }) });
    await renderDashboard(`/dashboard/agents/${ORDER_ID}/calls/c-1`);
    const nav = await screen.findByRole('navigation', { name: 'Other calls of this agent' });
    expect(
      within(nav)
        .getByRole('link', { name: /Newer call/ })
        .getAttribute('href'),
    ).toBe(`/dashboard/agents/${ORDER_ID}/calls/c-0`);
    expect(
      within(nav)
        .getByRole('link', { name: /Older call/ })
        .getAttribute('href'),
    ).toBe(`/dashboard/agents/${ORDER_ID}/calls/c-2`);
    cleanup();

    mockApi({ 'GET /api/me': signedIn(), [CALL('nl')]: json(200, { call: ownCall({ olderId: 'c-2' }) }) });
    await renderDashboard(`/nl/dashboard/agents/${ORDER_ID}/calls/c-1`, 'nl');
    const nl = await screen.findByRole('navigation', { name: 'Andere gesprekken van deze agent' });
    expect(
      within(nl)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Ouder gesprek→']);
    cleanup();

    mockApi({ 'GET /api/me': signedIn(), [CALL('en')]: json(200, { call: ownCall() }) });
    await renderDashboard(`/dashboard/agents/${ORDER_ID}/calls/c-1`);
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Other calls of this agent' })).toBeNull();
  });
});
