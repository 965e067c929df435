// The buyer's time zone: the list's times and the API's `tz` follow the browser's.
process.env.TZ = 'Europe/Amsterdam';

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screenRoute } from '../../app/routes';
import { call, ORDER_ID, overview } from '../../shared/testing/calls';
import { apiError, json, mockApi, signedIn, signedOut } from '../../shared/testing/mockApi';
import type { AgentPage } from '../../shared/api/types';
import { loadedRoute, renderApp } from '../../shared/testing/renderApp';

const renderDashboard = async (url: string, lang: 'en' | 'nl' = 'en') =>
  renderApp(await loadedRoute(screenRoute(lang, 'dashboard')), url, lang);

const AGENT = (lang: 'en' | 'nl') => `GET /api/orders/${ORDER_ID}/agent?lang=${lang}&tz=Europe%2FAmsterdam`;
const CALLS = (lang: 'en' | 'nl') => `GET /api/orders/${ORDER_ID}/calls?limit=20&lang=${lang}&tz=Europe%2FAmsterdam`;
const PAGE_1 = {
  items: [
    call({ id: 'c-3' }),
    call({
      id: 'c-2',
      startedAt: '2026-10-23T08:00:00Z',
      direction: 'outbound',
      number: '',
      numberDisplay: '',
      durationSeconds: 0,
      outcome: 'missed',
      summary: '',
    }),
  ],
  nextCursor: 'cursor-after-c-2',
};
const PAGE_2 = {
  items: [call({ id: 'c-1', startedAt: '2026-10-20T09:30:00Z', direction: 'web', outcome: 'failed', durationSeconds: 42 })],
  nextCursor: null,
};

beforeEach(() => {
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as never;
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The page and its list have loaded (no loading line left). */
const settled = async () => {
  await screen.findAllByRole('listitem', {}, { timeout: 5000 });
  await waitFor(() => expect(screen.queryByRole('status')).toBeNull(), { timeout: 5000 });
};

const stat = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('/dashboard/agents/:orderId', () => {
  it("offers the agent's call alerts and saves a choice", async () => {
    const setting = {
      orderId: ORDER_ID,
      orderNumber: 'bbbbbbbb',
      agentName: 'Appointment Setter',
      mode: '',
      default: 'followup',
      effective: 'followup',
    };
    const api = mockApi({
      'GET /api/me': signedIn(),
      [AGENT('en')]: json(200, overview()),
      [CALLS('en')]: json(200, PAGE_1),
      [`GET /api/orders/${ORDER_ID}/alerts?lang=en`]: json(200, setting),
      [`PUT /api/orders/${ORDER_ID}/alerts?lang=en`]: (body) =>
        json(200, { ...setting, mode: 'none', effective: 'none', ...(body as object) }),
    });
    await renderDashboard(`/dashboard/agents/${ORDER_ID}`);
    await screen.findByText('Call alerts', {}, { timeout: 5000 });
    const select = (await screen.findByLabelText('Call alerts')) as HTMLSelectElement;
    expect(select.value).toBe('followup');
    fireEvent.change(select, { target: { value: 'none' } });
    expect(await screen.findByText('Saved: No calls.')).toBeTruthy();
    expect(api.sent(`PUT /api/orders/${ORDER_ID}/alerts?lang=en`)).toEqual([{ mode: 'none' }]);
  });

  it("shows this month's figures as the server counted them, the cost in the order's currency, and the 30 days", async () => {
    mockApi({ 'GET /api/me': signedIn(), [AGENT('en')]: json(200, overview()), [CALLS('en')]: json(200, PAGE_1) });
    await renderDashboard(`/dashboard/agents/${ORDER_ID}`);
    expect(screen.getByRole('status').textContent).toBe('Loading your agent...');
    expect(await screen.findByRole('heading', { level: 1, name: 'Appointment Setter' })).toBeTruthy();
    expect(screen.getByText('Order #bbbbbbbb')).toBeTruthy();
    expect(stat('Calls')).toBe('42');
    expect(stat('Answered')).toBe('35');
    expect(stat('Missed')).toBe('5');
    expect(stat('Failed')).toBe('2');
    expect(stat('Minutes')).toBe('125.5');
    expect(stat('Average answered call')).toBe('2 min 59 s');
    expect(stat('Cost of minutes')).toBe('€12.55125.5 min at €0.10 per minute excl. VAT, each call rounded to the cent');
    expect(screen.queryByText(/deleted call/)).toBeNull();

    const chart = screen.getByRole('region', { name: 'Calls per day' });
    expect(within(chart).getByText(/Last 30 days\. 16 calls in this period\. Busiest day: Tue, Oct 20, with 12\./)).toBeTruthy();
    const table = within(chart).getByRole('table', { name: 'Calls per day' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(31); // a header and 30 days, oldest first
    expect(rows[1].textContent).toBe('Fri, Sep 250');
    expect(rows[30].textContent).toBe('Sat, Oct 243');
  });

  it('lists the calls newest first, each opening its detail as a new document, then loads more by cursor', async () => {
    const api = mockApi({
      'GET /api/me': signedIn(),
      [AGENT('en')]: json(200, overview()),
      [CALLS('en')]: json(200, PAGE_1),
      [`${CALLS('en')}&cursor=cursor-after-c-2`]: json(200, PAGE_2),
    });
    const app = await renderDashboard(`/dashboard/agents/${ORDER_ID}`);
    const list = await screen.findByRole('region', { name: 'Calls · Newest first' });
    let items = await within(list).findAllByRole('listitem');
    expect(items).toHaveLength(2);

    const first = within(items[0]);
    const link = first.getByRole('link', { name: 'Oct 24, 2026, 4:07 PM' }); // 14:07 UTC in Amsterdam
    expect(link.getAttribute('href')).toBe(`/dashboard/agents/${ORDER_ID}/calls/c-3`);
    // A full document load: the router leaves the click to the browser (jsdom cannot navigate, and says so).
    const jsdomNavigation = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(fireEvent.click(link)).toBe(true);
    expect(app.location()).toBe(`/dashboard/agents/${ORDER_ID}`);
    jsdomNavigation.mockRestore();
    expect(link.querySelector('time')?.getAttribute('datetime')).toBe('2026-10-24T14:07:00Z');
    expect(first.getByText('Incoming call')).toBeTruthy();
    // The caller's full number, as the server wrote it for an English page.
    expect(first.getByText('+31 6 12345678')).toBeTruthy();
    expect(first.getByText('3 min 5 s')).toBeTruthy();
    expect(first.getByText('Answered')).toBeTruthy();
    expect(first.getByText('Mevrouw Jansen booked a check-up for Tuesday at 10:00.')).toBeTruthy();

    const second = within(items[1]);
    expect(second.getByText('Outgoing call')).toBeTruthy();
    expect(second.getByText('Number unknown')).toBeTruthy();
    expect(second.getByText('0 s')).toBeTruthy();
    expect(second.getByText('Missed')).toBeTruthy();
    expect(second.getByText('No summary for this call.')).toBeTruthy();

    // The CSV in the page's language, with times in the browser's time zone.
    expect(within(list).getByRole('link', { name: 'Download these calls (CSV)' }).getAttribute('href')).toBe(
      `/api/orders/${ORDER_ID}/calls.csv?lang=en&tz=Europe%2FAmsterdam`,
    );

    fireEvent.click(within(list).getByRole('button', { name: 'Load more calls' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    items = within(list).getAllByRole('listitem');
    expect(within(items[2]).getByText('Web call')).toBeTruthy();
    expect(within(items[2]).getByText('Failed')).toBeTruthy();
    expect(within(items[2]).getByText('42 s')).toBeTruthy();
    // The last page: no more button, and the focus is on the first call that came in.
    expect(within(list).queryByRole('button', { name: 'Load more calls' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(within(items[2]).getByRole('link')));
    expect(api.requested().filter((url) => url.startsWith(`/api/orders/${ORDER_ID}/calls`))).toHaveLength(2);
  });

  it('speaks Dutch: figures, money and times the Dutch way', async () => {
    mockApi({ 'GET /api/me': signedIn(), [AGENT('nl')]: json(200, overview()), [CALLS('nl')]: json(200, PAGE_1) });
    await renderDashboard(`/nl/dashboard/agents/${ORDER_ID}`, 'nl');
    expect(await screen.findByRole('heading', { level: 1, name: 'Appointment Setter' })).toBeTruthy();
    expect(screen.getByText('Bestelling #bbbbbbbb')).toBeTruthy();
    expect(stat('Gesprekken')).toBe('42');
    expect(stat('Beantwoord')).toBe('35');
    expect(stat('Gemist')).toBe('5');
    expect(stat('Mislukt')).toBe('2');
    expect(stat('Minuten')).toBe('125,5');
    expect(stat('Gemiddeld beantwoord gesprek')).toBe('2 min 59 s');
    expect(stat('Kosten van de minuten')).toBe(
      '€\u00a012,55125,5 min à €\u00a00,10 per minuut excl. btw, per gesprek afgerond op hele centen',
    );
    expect(screen.getByText(/16 gesprekken in deze periode\. Drukste dag: di 20 okt, met 12\./)).toBeTruthy();

    const list = await screen.findByRole('region', { name: 'Gesprekken · Nieuwste eerst' });
    const items = await within(list).findAllByRole('listitem');
    const link = within(items[0]).getByRole('link', { name: '24 okt 2026, 16:07' });
    expect(link.getAttribute('href')).toBe(`/nl/dashboard/agents/${ORDER_ID}/calls/c-3`);
    expect(within(items[0]).getByText('Inkomend gesprek')).toBeTruthy();
    expect(within(items[0]).getByText('Beantwoord', { selector: '.badge' })).toBeTruthy();
    expect(within(items[1]).getByText('Gemist', { selector: '.badge' })).toBeTruthy();
    expect(within(list).getByRole('button', { name: 'Meer gesprekken laden' })).toBeTruthy();
    expect(within(list).getByRole('link', { name: 'Deze gesprekken downloaden (CSV)' }).getAttribute('href')).toBe(
      `/api/orders/${ORDER_ID}/calls.csv?lang=nl&tz=Europe%2FAmsterdam`,
    );
  });

  it('says how many deleted calls the figures include, one or more, in both languages', async () => {
    const cases = [
      {
        lang: 'en',
        deleted: 2,
        text: '2 deleted calls are included in these figures.',
        why: 'Deleting a call removes what was said, not the minutes it used.',
      },
      {
        lang: 'en',
        deleted: 1,
        text: '1 deleted call is included in these figures.',
        why: 'Deleting a call removes what was said, not the minutes it used.',
      },
      {
        lang: 'nl',
        deleted: 1234,
        text: 'In deze cijfers zijn 1.234 verwijderde gesprekken meegeteld.',
        why: 'Verwijderen wist de inhoud van een gesprek, niet de minuten die het heeft gebruikt.',
      },
      {
        lang: 'nl',
        deleted: 1,
        text: 'In deze cijfers is 1 verwijderd gesprek meegeteld.',
        why: 'Verwijderen wist de inhoud van een gesprek, niet de minuten die het heeft gebruikt.',
      },
    ] as const;
    for (const c of cases) {
      mockApi({
        'GET /api/me': signedIn(),
        [AGENT(c.lang)]: json(200, overview({}, { deletedCalls: c.deleted })),
        [CALLS(c.lang)]: json(200, PAGE_1),
      });
      await renderDashboard(`${c.lang === 'nl' ? '/nl' : ''}/dashboard/agents/${ORDER_ID}`, c.lang);
      const month = await screen.findByRole('region', { name: c.lang === 'nl' ? 'Afgelopen 30 dagen' : 'Last 30 days' });
      // Under the figures, which stay as the server counted them.
      expect(within(month).getByText(`${c.text} ${c.why}`, { selector: 'p' })).toBeTruthy();
      expect(stat(c.lang === 'nl' ? 'Gesprekken' : 'Calls')).toBe('42');
      cleanup();
    }
  });

  it('names every rate of a month the rate changed in, as the cost was counted at each', async () => {
    mockApi({
      'GET /api/me': signedIn(),
      [AGENT('en')]: json(200, overview({ perMinuteCents: 25 }, { rates: [10, 25] })),
      [CALLS('en')]: json(200, PAGE_1),
    });
    await renderDashboard(`/dashboard/agents/${ORDER_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Appointment Setter' });
    expect(stat('Cost of minutes')).toBe(
      '€12.55125.5 min at €0.10 and €0.25 per minute excl. VAT: the rate changed in this period, and each call costs the rate it was made at, rounded to the cent',
    );
    cleanup();
    // A month whose calls were all at an earlier rate names that rate, not today's.
    mockApi({
      'GET /api/me': signedIn(),
      [AGENT('nl')]: json(200, overview({ perMinuteCents: 25 }, { rates: [10] })),
      [CALLS('nl')]: json(200, PAGE_1),
    });
    await renderDashboard(`/nl/dashboard/agents/${ORDER_ID}`, 'nl');
    await screen.findByRole('heading', { level: 1, name: 'Appointment Setter' });
    expect(stat('Kosten van de minuten')).toBe(
      '€\u00a012,55125,5 min à €\u00a00,10 per minuut excl. btw, per gesprek afgerond op hele centen',
    );
  });

  it('says the agent is not connected yet, and asks for no calls, before the agency links it', async () => {
    const api = mockApi({ 'GET /api/me': signedIn(), [AGENT('en')]: json(200, overview({ linked: false })) });
    await renderDashboard(`/dashboard/agents/${ORDER_ID}`);
    expect(await screen.findByRole('heading', { name: 'Your agent is not connected yet' })).toBeTruthy();
    expect(screen.queryByText('This month')).toBeNull();
    expect(api.fetchMock.mock.calls.some(([url]) => String(url).includes('/calls'))).toBe(false);
    cleanup();

    mockApi({ 'GET /api/me': signedIn(), [AGENT('nl')]: json(200, overview({ linked: false })) });
    await renderDashboard(`/nl/dashboard/agents/${ORDER_ID}`, 'nl');
    expect(await screen.findByRole('heading', { name: 'Uw agent is nog niet gekoppeld' })).toBeTruthy();
  });

  it('shows an empty list when a linked agent has taken no calls, without CSV or "load more"', async () => {
    mockApi({ 'GET /api/me': signedIn(), [AGENT('en')]: json(200, overview()), [CALLS('en')]: json(200, { items: [], nextCursor: null }) });
    await renderDashboard(`/dashboard/agents/${ORDER_ID}`);
    expect(await screen.findByRole('heading', { name: 'No calls yet' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Download these calls (CSV)' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Load more calls' })).toBeNull();
  });

  it("says 'not found' for another buyer's order (404) in both languages", async () => {
    mockApi({ 'GET /api/me': signedIn(), [AGENT('en')]: apiError(404, 'not_found') });
    await renderDashboard(`/dashboard/agents/${ORDER_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Agent not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to My Agents/ }).getAttribute('href')).toBe('/dashboard');
    cleanup();
    mockApi({ 'GET /api/me': signedIn(), [AGENT('nl')]: apiError(404, 'not_found') });
    await renderDashboard(`/nl/dashboard/agents/${ORDER_ID}`, 'nl');
    expect(await screen.findByRole('heading', { level: 1, name: 'Agent niet gevonden' })).toBeTruthy();
  });

  it('sends a signed-out visitor to sign in, with the way back', async () => {
    mockApi({ 'GET /api/me': signedOut(), [AGENT('nl')]: apiError(401, 'unauthenticated') });
    const app = await renderDashboard(`/nl/dashboard/agents/${ORDER_ID}`, 'nl');
    await waitFor(() => expect(app.location()).toBe(`/nl/auth?next=${encodeURIComponent(`/nl/dashboard/agents/${ORDER_ID}`)}`));
  });

  it('keeps the page when a further page fails, says so, and tries again', async () => {
    let attempts = 0;
    mockApi({
      'GET /api/me': signedIn(),
      [AGENT('en')]: json(200, overview()),
      [CALLS('en')]: json(200, PAGE_1),
      [`${CALLS('en')}&cursor=cursor-after-c-2`]: () => (++attempts === 1 ? apiError(503, 'unavailable') : json(200, PAGE_2)),
    });
    await renderDashboard(`/dashboard/agents/${ORDER_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Load more calls' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      "We couldn't load more calls. Our database is temporarily unavailable. Please try again in a moment.",
    );
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Load more calls' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(3));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the first three call data fields as columns and filters the list by a yes/no field, kept in the URL', async () => {
    const fields: AgentPage['fields'] = [
      {
        name: 'caller_name',
        type: 'text',
        labelEn: "Caller's name",
        labelNl: 'Naam beller',
        options: [],
        followUp: false,
        followUpOptions: [],
      },
      {
        name: 'callback_wanted',
        type: 'yes_no',
        labelEn: 'Callback wanted',
        labelNl: 'Terugbellen gewenst',
        options: [],
        followUp: false,
        followUpOptions: [],
      },
      {
        name: 'reason',
        type: 'choice',
        labelEn: 'Reason',
        labelNl: 'Reden',
        options: ['Booking', 'Question'],
        followUp: false,
        followUpOptions: [],
      },
      { name: 'urgency', type: 'number', labelEn: 'Urgency', labelNl: 'Urgentie', options: [], followUp: false, followUpOptions: [] },
    ];
    const wanted = call({ id: 'c-9', data: { caller_name: 'Anna', callback_wanted: true, reason: 'Booking', urgency: 4 } });
    const api = mockApi({
      'GET /api/me': signedIn(),
      [AGENT('nl')]: json(200, { ...overview(), fields }),
      [CALLS('nl')]: json(200, { items: [wanted, call({ id: 'c-8', data: { callback_wanted: false } })], nextCursor: null }),
      [`${CALLS('nl')}&data.callback_wanted=yes`]: json(200, { items: [wanted], nextCursor: null }),
      [`${CALLS('nl')}&data.callback_wanted=no`]: json(200, { items: [], nextCursor: null }),
    });
    const app = await renderDashboard(`/nl/dashboard/agents/${ORDER_ID}`, 'nl');
    const list = await screen.findByRole('list');
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    const facts = (row: HTMLElement) =>
      within(row)
        .getAllByRole('term')
        .map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`);
    expect(facts(rows[0]).slice(3)).toEqual(['Naam beller: Anna', 'Terugbellen gewenst: Ja', 'Reden: Booking']);
    expect(facts(rows[1]).slice(3)).toEqual(['Naam beller: —', 'Terugbellen gewenst: Nee', 'Reden: —']);

    // Yes/no and choice fields filter; text and number fields do not.
    const filters = screen.getByRole('group', { name: 'Filteren op gespreksgegevens' });
    expect(
      within(filters)
        .getAllByRole('combobox')
        .map((s) => s.getAttribute('id') && s.closest('div')?.querySelector('label')?.textContent),
    ).toEqual(['Terugbellen gewenst', 'Reden']);
    fireEvent.change(within(filters).getByLabelText('Terugbellen gewenst'), { target: { value: 'yes' } });
    await waitFor(() => expect(app.location()).toBe(`/nl/dashboard/agents/${ORDER_ID}?data.callback_wanted=yes`));
    await waitFor(() => expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(1), { timeout: 8000 });
    expect(screen.getByRole('link', { name: 'Deze gesprekken downloaden (CSV)' }).getAttribute('href')).toContain(
      'data.callback_wanted=yes',
    );

    fireEvent.change(within(screen.getByRole('group', { name: 'Filteren op gespreksgegevens' })).getByLabelText('Terugbellen gewenst'), {
      target: { value: 'no' },
    });
    expect(await screen.findByText('Geen gesprekken gevonden met deze filters', {}, { timeout: 8000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Filters op gespreksgegevens wissen' }));
    await waitFor(() => expect(app.location()).toBe(`/nl/dashboard/agents/${ORDER_ID}`));
    expect(api.requested()).toContain(`/api/orders/${ORDER_ID}/calls?limit=20&lang=nl&tz=Europe%2FAmsterdam&data.callback_wanted=no`);
  }, 30_000);

  it('reads the period, filters and search from the URL, asks the API for them, and the CSV link carries them', async () => {
    const query = 'period=custom&from=2026-10-01&to=2026-10-24&outcome=answered&direction=inbound&goal=yes&q=check-up';
    const api = mockApi({
      'GET /api/me': signedIn(),
      [`${AGENT('en')}&period=custom&from=2026-10-01&to=2026-10-24`]: json(200, {
        ...overview(),
        period: { kind: 'custom', from: '2026-10-01', to: '2026-10-24' },
      }),
      [`${CALLS('en')}&${query}`]: json(200, PAGE_1),
    });
    await renderDashboard(`/dashboard/agents/${ORDER_ID}?${query}`);
    // The figures' heading names the period.
    expect(await screen.findByRole('region', { name: 'Oct 1 – Oct 24' })).toBeTruthy();
    expect((screen.getByLabelText('Period') as HTMLSelectElement).value).toBe('custom');
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-10-01');
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('2026-10-24');
    expect((screen.getByLabelText('Outcome') as HTMLSelectElement).value).toBe('answered');
    expect((screen.getByLabelText('Direction') as HTMLSelectElement).value).toBe('inbound');
    expect((screen.getByLabelText('Goal reached') as HTMLSelectElement).value).toBe('yes');
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('check-up');
    const list = screen.getByRole('region', { name: /^Calls ·/ });
    await within(list).findAllByRole('listitem');
    expect(within(list).getByRole('link', { name: 'Download these calls (CSV)' }).getAttribute('href')).toBe(
      `/api/orders/${ORDER_ID}/calls.csv?lang=en&tz=Europe%2FAmsterdam&${query}`,
    );
    // Who, the figures and the list, once each (the alert setting loads on its own).
    expect(api.requested().filter((url) => !url.includes('/alerts'))).toHaveLength(3);
  });

  it('leaves out what it does not know in the URL, so a hand-made link shows this month', async () => {
    mockApi({ 'GET /api/me': signedIn(), [AGENT('en')]: json(200, overview()), [CALLS('en')]: json(200, PAGE_1) });
    await renderDashboard(`/dashboard/agents/${ORDER_ID}?period=week&outcome=lost&goal=maybe&from=x`);
    expect(await screen.findAllByRole('listitem')).toHaveLength(2);
    expect((screen.getByLabelText('Period') as HTMLSelectElement).value).toBe('month');
  });

  it('applies the filters and the search to the URL, and says when a search finds nothing, in both languages', async () => {
    for (const c of [
      { lang: 'en' as const, prefix: '', search: 'Search', apply: 'Apply', none: 'No calls match “tandarts”', clear: 'Clear filters' },
      {
        lang: 'nl' as const,
        prefix: '/nl',
        search: 'Zoeken',
        apply: 'Toepassen',
        none: 'Geen gesprekken gevonden voor “tandarts”',
        clear: 'Filters wissen',
      },
    ]) {
      mockApi({
        'GET /api/me': signedIn(),
        [AGENT(c.lang)]: json(200, overview()),
        [CALLS(c.lang)]: json(200, PAGE_1),
        [`${CALLS(c.lang)}&outcome=missed&q=tandarts`]: json(200, { items: [], nextCursor: null }),
      });
      const app = await renderDashboard(`${c.prefix}/dashboard/agents/${ORDER_ID}`, c.lang);
      await settled();
      fireEvent.change(screen.getByLabelText(c.lang === 'nl' ? 'Resultaat' : 'Outcome'), { target: { value: 'missed' } });
      fireEvent.change(screen.getByRole('searchbox', { name: c.search }), { target: { value: '  tandarts ' } });
      fireEvent.click(screen.getByRole('button', { name: c.apply }));
      await waitFor(() => expect(app.location()).toBe(`${c.prefix}/dashboard/agents/${ORDER_ID}?outcome=missed&q=tandarts`));
      expect((await screen.findByText(c.none, { selector: 'h3' }, { timeout: 5000 })).textContent).toBe(c.none);
      expect(screen.queryByRole('link', { name: /CSV/ })).toBeNull();
      // "Clear filters" shows every call of the period again.
      fireEvent.click(screen.getByRole('button', { name: c.clear }));
      await waitFor(() => expect(app.location()).toBe(`${c.prefix}/dashboard/agents/${ORDER_ID}`));
      expect(await screen.findAllByRole('listitem', {}, { timeout: 5000 })).toHaveLength(2);
      cleanup();
    }
  }, 20_000);

  it('picks a period, and checks a custom range before asking for it', async () => {
    const period = (kind: string, from: string, to: string) => json(200, { ...overview(), period: { kind, from, to } });
    mockApi({
      'GET /api/me': signedIn(),
      [AGENT('en')]: json(200, overview()),
      [CALLS('en')]: json(200, PAGE_1),
      [`${AGENT('en')}&period=7d`]: period('7d', '2026-10-18', '2026-10-24'),
      [`${CALLS('en')}&period=7d`]: json(200, PAGE_1),
      [`${AGENT('en')}&period=custom&from=2026-10-01&to=2026-10-02`]: period('custom', '2026-10-01', '2026-10-02'),
      [`${CALLS('en')}&period=custom&from=2026-10-01&to=2026-10-02`]: json(200, PAGE_1),
    });
    const app = await renderDashboard(`/dashboard/agents/${ORDER_ID}`);
    await settled();
    fireEvent.change(screen.getByLabelText('Period'), { target: { value: '7d' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(app.location()).toBe(`/dashboard/agents/${ORDER_ID}?period=7d`));
    // The old page stays until the new one's figures are in; then the figures name the period.
    expect(await screen.findByRole('heading', { level: 2, name: 'Last 7 days' }, { timeout: 5000 })).toBeTruthy();
    await settled();

    fireEvent.change(screen.getByLabelText('Period'), { target: { value: 'custom' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('Choose a first and a last day.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-10-02' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-10-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('The last day cannot be before the first.')).toBeTruthy();
    expect(screen.getByLabelText('To').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('Choose at most 366 days.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-10-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-10-02' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(app.location()).toBe(`/dashboard/agents/${ORDER_ID}?period=custom&from=2026-10-01&to=2026-10-02`));
    expect(await screen.findByRole('heading', { level: 2, name: 'Oct 1 – Oct 2' }, { timeout: 5000 })).toBeTruthy();
  }, 20_000);
});
