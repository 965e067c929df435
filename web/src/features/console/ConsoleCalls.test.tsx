import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screenRoute } from '../../app/routes';
import { apiError, json, mockApi, signedIn, USER } from '../../shared/testing/mockApi';
import { WorkspaceHeader } from '../../app/shell/WorkspaceShell';
import { loadedRoute, renderApp } from '../../shared/testing/renderApp';
import type { ConsoleCall, ConsoleCallDetail, ConsoleOrder } from './api';

// The console's calls (issue 20 §3): the table with each call's agent and buyer, its filters and search
// in the URL, and one call's page with its recording, usage line and order.

const renderConsole = async (url: string, lang: 'en' | 'nl' = 'en') =>
  renderApp(await loadedRoute(screenRoute(lang, 'console')), url, lang, <WorkspaceHeader />);

const STAFF = { ...USER, id: 'staff-1', email: 'ops@example.com', fullName: 'Olivia Jansen', role: 'staff' } as unknown as typeof USER;
const staffMe = () => signedIn(STAFF);
const ASSISTANT = 'a0000000-0000-4000-8000-00000000abcd';
const TZ = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

const ORDER_REF = {
  id: 'o-1',
  number: 'abcd1234',
  buyerEmail: 'fenna@example.nl',
  buyerName: 'Fenna Visser',
  agentName: 'Front Desk',
  agentNameNl: 'Receptie',
};

const ORDER: ConsoleOrder = {
  id: 'o-1',
  number: 'abcd1234',
  status: 'completed',
  version: 4,
  amountCents: 249_900,
  currency: 'EUR',
  createdAt: '2026-11-20T12:00:00Z',
  updatedAt: '2026-11-20T12:00:00Z',
  buyer: { id: 'b-1', email: 'fenna@example.nl', fullName: 'Fenna Visser', locale: 'nl' },
  agent: { id: 'a-1', name: 'Front Desk', title: 'Receptionist', nameNl: 'Receptie', titleNl: 'Receptiemedewerker' },
  quoteId: null,
  assistantId: ASSISTANT,
  perMinuteCents: 10,
  monthlyCents: 4_900,
  liveAt: null,
  endedAt: null,
  callsThisMonth: 0,
};
// An order without an assistant has no calls: the picker leaves it out.
const UNLINKED: ConsoleOrder = { ...ORDER, id: 'o-2', number: 'ffff0000', assistantId: null };

const call = (over: Partial<ConsoleCall> & { id: string }): ConsoleCall => ({
  startedAt: '2026-11-21T09:30:00Z',
  direction: 'inbound',
  number: '',
  numberDisplay: '+31 6 •••• 5678',
  durationSeconds: 125,
  outcome: 'answered',
  summary: 'Booked a cleaning for Tuesday.',
  status: 'ended',
  assistantId: ASSISTANT,
  order: null,
  data: {},
  followUp: false,
  ...over,
});

const orders = () => json(200, { items: [ORDER, UNLINKED], nextCursor: null });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/console/calls', () => {
  it('is a table naming each call’s agent and buyer (never the assistant id), masked numbers, and loads more', async () => {
    mockApi({
      'GET /api/me': staffMe(),
      'GET /api/console/orders?limit=100': orders(),
      'GET /api/console/calls': json(200, {
        items: [
          call({ id: '9', order: ORDER_REF }),
          call({ id: '8', outcome: 'missed', durationSeconds: 0, numberDisplay: '', direction: 'outbound' }),
        ],
        nextCursor: 'c-2',
      }),
      'GET /api/console/calls?cursor=c-2': json(200, {
        items: [call({ id: '7', outcome: 'pending', status: 'in-progress' })],
        nextCursor: '',
      }),
    });
    await renderConsole('/console/calls');
    const table = await screen.findByRole('table', { name: 'Calls, newest first' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Started', 'Agent and buyer', 'Direction', 'Number', 'Duration', 'Outcome']);
    const rows = () => within(table).getAllByRole('row').slice(1);
    expect(rows()).toHaveLength(2);
    const [assigned, unassigned] = rows();
    expect(within(assigned).getByText('Front Desk')).toBeTruthy();
    expect(within(assigned).getByText('Fenna Visser')).toBeTruthy();
    expect(within(assigned).getByText('Order #abcd1234')).toBeTruthy();
    // Below lg the call's cell repeats direction, number and duration (CSS shows one of the two).
    expect(within(assigned).getAllByText('+31 6 •••• 5678').length).toBeGreaterThan(0);
    expect(within(assigned).getAllByText('2 min 5 s').length).toBeGreaterThan(0);
    expect(within(assigned).getAllByText('Answered').length).toBeGreaterThan(0);
    expect(within(table).queryByText(ASSISTANT)).toBeNull();
    expect(within(unassigned).getByText('Unassigned')).toBeTruthy();
    expect(within(unassigned).getAllByText('Number unknown').length).toBeGreaterThan(0);
    // The call's time opens its page (the only place with the full number and the assistant id).
    expect(within(assigned).getByRole('link').getAttribute('href')).toBe('/console/calls/9');
    // The order picker lists the orders that have an assistant, by agent, buyer and number.
    const picker = screen.getByLabelText('Agent (order)') as HTMLSelectElement;
    expect([...picker.options].map((o) => o.textContent)).toEqual(['All agents', 'Front Desk · Fenna Visser · #abcd1234']);

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(within(rows()[2]).getAllByText('In progress').length).toBeGreaterThan(0);
    expect(screen.getByText('That is everything.')).toBeTruthy();
  });

  it('keeps search, outcome, order and a custom period in the URL, in Dutch, and says when nothing matches', async () => {
    const filtered = `/api/console/calls?order=o-1&outcome=missed&period=custom&from=2026-11-01&to=2026-11-15&q=schoonmaak&tz=${encodeURIComponent(TZ)}`;
    const { requested } = mockApi({
      'GET /api/me': staffMe(),
      'GET /api/console/orders?limit=100': orders(),
      'GET /api/console/calls': json(200, { items: [call({ id: '9', order: ORDER_REF })], nextCursor: null }),
      [`GET ${filtered}`]: json(200, { items: [], nextCursor: null }),
    });
    const app = await renderConsole('/nl/console/calls', 'nl');
    const table = await screen.findByRole('table', { name: 'Gesprekken, nieuwste eerst' });
    expect(within(table).getByText('Receptie')).toBeTruthy();
    expect(screen.queryByLabelText('Van')).toBeNull();
    fireEvent.change(screen.getByLabelText('Zoeken'), { target: { value: ' schoonmaak ' } });
    fireEvent.change(screen.getByLabelText('Resultaat'), { target: { value: 'missed' } });
    fireEvent.change(screen.getByLabelText('Agent (bestelling)'), { target: { value: 'o-1' } });
    fireEvent.change(screen.getByLabelText('Periode'), { target: { value: 'custom' } });
    fireEvent.change(screen.getByLabelText('Van'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('Tot en met'), { target: { value: '2026-11-15' } });
    fireEvent.click(screen.getByRole('button', { name: 'Toepassen' }));
    await waitFor(() =>
      expect(app.location()).toBe('/nl/console/calls?outcome=missed&order=o-1&period=custom&from=2026-11-01&to=2026-11-15&q=schoonmaak'),
    );
    expect(await screen.findByText('Niets gevonden met deze filters.')).toBeTruthy();
    expect(requested()).toContain(filtered);
    // The form shows what the URL holds, and "clear" goes back to every call.
    expect((screen.getByLabelText('Zoeken') as HTMLInputElement).value).toBe('schoonmaak');
    expect((screen.getByLabelText('Periode') as HTMLSelectElement).value).toBe('custom');
    expect((screen.getByLabelText('Van') as HTMLInputElement).value).toBe('2026-11-01');
    fireEvent.click(screen.getByRole('link', { name: 'Filters wissen' }));
    await waitFor(() => expect(app.location()).toBe('/nl/console/calls'));
    expect(await screen.findByRole('table')).toBeTruthy();
  });

  it('sends a period with the browser’s time zone, "all" as no period, and unassigned only', async () => {
    const { requested } = mockApi({
      'GET /api/me': staffMe(),
      'GET /api/console/orders?limit=100': orders(),
      [`GET /api/console/calls?assigned=false&period=7d&tz=${encodeURIComponent(TZ)}`]: json(200, {
        items: [call({ id: '8' })],
        nextCursor: null,
      }),
      'GET /api/console/calls': json(200, { items: [call({ id: '9' })], nextCursor: null }),
    });
    const app = await renderConsole('/console/calls?assigned=false&period=7d');
    expect(await screen.findByRole('table')).toBeTruthy();
    expect((screen.getByLabelText('Show') as HTMLSelectElement).value).toBe('false');
    expect((screen.getByLabelText('Period') as HTMLSelectElement).value).toBe('7d');
    fireEvent.change(screen.getByLabelText('Period'), { target: { value: 'all' } });
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(app.location()).toBe('/console/calls'));
    await waitFor(() => expect(requested()).toContain('/api/console/calls'));
  });
});

describe('/console/calls (refused filters)', () => {
  it('shows a range the server refuses at the filters, with the way to fix it, not a dead end', async () => {
    mockApi({
      'GET /api/me': staffMe(),
      'GET /api/console/orders?limit=100': orders(),
      [`GET /api/console/calls?period=custom&from=2026-11-15&to=2026-11-01&tz=${encodeURIComponent(TZ)}`]: json(400, {
        error: { code: 'invalid_field', message: 'to is before from.', field: 'to' },
      }),
    });
    await renderConsole('/console/calls?period=custom&from=2026-11-15&to=2026-11-01');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Check the dates: a range runs from its first day to its last, at most 366 days.');
    expect(within(alert).getByRole('link').getAttribute('href')).toBe('#calls-to');
    expect((screen.getByLabelText('To (inclusive)') as HTMLInputElement).value).toBe('2026-11-01');
    expect(screen.getByRole('link', { name: 'Clear filters' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('/console/calls/:id', () => {
  const DETAIL = {
    ...call({ id: '9', order: ORDER_REF }),
    number: '+31612345678',
    numberDisplay: '+31 6 12345678',
    endedAt: '2026-11-21T09:32:05Z',
    endedReason: 'customer-ended-call',
    successEvaluation: 'true',
    transcript: [
      { role: 'agent', text: 'Good morning, Smile Dental.', secondsFromStart: 0.5 },
      { role: 'caller', text: 'I need a cleaning.', secondsFromStart: 3 },
    ],
    recordingUrl: 'https://storage.vapi.ai/9.wav',
    recordingConsent: 'given',
    usage: { seconds: 125, perMinuteCents: 12, currency: 'EUR', costCents: 25, open: true, orderId: 'o-1' },
    fields: [],
  } satisfies ConsoleCallDetail;

  it('shows the full number, recording, transcript, ended reason, usage line, order and assistant', async () => {
    mockApi({ 'GET /api/me': staffMe(), 'GET /api/console/calls/9?lang=en': json(200, { call: DETAIL }) });
    await renderConsole('/console/calls/9');
    expect(await screen.findByText('+31 6 12345678')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Calls' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: /Back to calls/ }).getAttribute('href')).toBe('/console/calls');
    expect(within(screen.getByRole('region', { name: 'Summary' })).getByText('Booked a cleaning for Tuesday.')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Transcript' })).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('region', { name: 'Recording' }).querySelector('audio')?.getAttribute('src')).toBe(
      'https://storage.vapi.ai/9.wav',
    );
    expect(screen.getByText('The caller hung up.')).toBeTruthy();
    expect(screen.getByText('customer-ended-call')).toBeTruthy();
    expect(screen.getByText('2 min 5 s billed at €0.12 a minute: €0.25 excl. VAT')).toBeTruthy();
    expect(screen.getByText('Its month is open: a later report can still correct this line.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open order #abcd1234' }).getAttribute('href')).toBe('/console/orders/o-1');
    expect(screen.getByText('Front Desk')).toBeTruthy();
    expect(screen.getByText('Fenna Visser · fenna@example.nl')).toBeTruthy();
    expect(screen.getByText(ASSISTANT)).toBeTruthy();
    // Staff read the number; they do not call from the console.
    expect(document.querySelector('a[href^="tel:"]')).toBeNull();
  });

  it('speaks Dutch (a closed month, no recording, unassigned), and says so when the call is gone', async () => {
    mockApi({
      'GET /api/me': staffMe(),
      'GET /api/console/calls/9?lang=nl': json(200, {
        call: { ...DETAIL, numberDisplay: '06 12345678', order: null, recordingUrl: null, usage: { ...DETAIL.usage, open: false } },
      }),
    });
    await renderConsole('/nl/console/calls/9', 'nl');
    expect(await screen.findByText('06 12345678')).toBeTruthy();
    expect(screen.getByText('Niet toegewezen')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Samenvatting' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Opname' })).toBeNull();
    expect(screen.getByText('2 min 5 s gefactureerd tegen € 0,12 per minuut: € 0,25 excl. btw')).toBeTruthy();
    expect(screen.getByText('De maand is afgesloten: deze regel staat vast.')).toBeTruthy();
    cleanup();
    mockApi({ 'GET /api/me': staffMe(), 'GET /api/console/calls/8?lang=nl': apiError(404, 'not_found') });
    await renderConsole('/nl/console/calls/8', 'nl');
    expect(await screen.findByRole('heading', { level: 1, name: 'Gesprek niet gevonden' })).toBeTruthy();
    expect(screen.getByText('Dit gesprek bestaat niet of is door de koper verwijderd.')).toBeTruthy();
  });
});
