import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screenRoute } from '../../app/routes';
import { WorkspaceHeader } from '../../app/shell/WorkspaceShell';
import { apiError, json, mockApi, signedIn, signedOut, USER } from '../../shared/testing/mockApi';
import { loadedRoute, renderApp } from '../../shared/testing/renderApp';
import type { BuyerDetail, CatalogueAgent, ConsoleCall, ConsoleOrder, QuoteDetail, QuoteSummary } from './api';
import { parseAmount } from './parts';

// The console's real route from the page registry: its frame (who may see it) and nested screens, under
// the workspace shell's header (its sections).
const renderConsole = async (url = '/console', lang: 'en' | 'nl' = 'en') =>
  renderApp(await loadedRoute(screenRoute(lang, 'console')), url, lang, <WorkspaceHeader />);

/** The screen's list items (the workspace header's section links are list items too). */
const items = () => screen.getAllByRole('listitem').filter((li) => !li.closest('header'));

const STAFF = { ...USER, id: 'staff-1', email: 'ops@example.com', fullName: 'Olivia Jansen', role: 'staff' } as unknown as typeof USER;
const staffMe = () => signedIn(STAFF);

const quote = (over: Partial<QuoteSummary> & { id: string }): QuoteSummary => ({
  fullName: 'Fenna Visser',
  email: 'fenna@example.nl',
  companyName: 'Tandarts Visser',
  businessType: 'Dentist',
  phone: '',
  language: 'dutch',
  locale: 'nl',
  status: 'new',
  source: 'form',
  version: 1,
  createdAt: '2026-11-20T10:00:00Z',
  ...over,
});

const DETAIL: QuoteDetail = {
  ...quote({ id: 'q-1', status: 'contacted', version: 2, source: 'voice' }),
  description: 'Book appointments after hours.',
  timeZone: 'Europe/Amsterdam',
  userId: null,
  notes: [
    {
      id: 'n-1',
      body: 'Called back on Monday.',
      author: { id: 'staff-1', email: 'ops@example.com', fullName: 'Olivia Jansen' },
      createdAt: '2026-11-20T11:00:00Z',
    },
  ],
  history: [
    { from: null, to: 'new', actor: null, at: '2026-11-20T10:00:00Z' },
    {
      from: 'new',
      to: 'contacted',
      actor: { id: 'staff-1', email: 'ops@example.com', fullName: 'Olivia Jansen' },
      at: '2026-11-20T11:00:00Z',
    },
  ],
  orders: [],
};

const AGENT: CatalogueAgent = {
  id: 'a-1',
  nameEn: 'Front Desk',
  nameNl: 'Receptie',
  titleEn: 'Receptionist',
  titleNl: 'Receptiemedewerker',
  descriptionEn: 'Answers calls.',
  descriptionNl: 'Beantwoordt oproepen.',
  deliveryDays: 14,
  priceCents: 349_900,
  currency: 'EUR',
  version: 3,
};

const ORDER: ConsoleOrder = {
  id: 'o-1',
  number: 'abcd1234',
  status: 'pending',
  version: 4,
  amountCents: 249_900,
  currency: 'EUR',
  createdAt: '2026-11-20T12:00:00Z',
  updatedAt: '2026-11-20T12:00:00Z',
  buyer: { id: 'b-1', email: 'fenna@example.nl', fullName: 'Fenna Visser', locale: 'nl' },
  agent: { id: 'a-1', name: 'Front Desk', title: 'Receptionist', nameNl: 'Receptie', titleNl: 'Receptiemedewerker' },
  quoteId: 'q-1',
  assistantId: null,
  perMinuteCents: 10,
  monthlyCents: 4_900,
  liveAt: null,
  endedAt: null,
  callsThisMonth: 0,
};

const ASSISTANT = 'a0000000-0000-4000-8000-00000000abcd';

const call = (over: Partial<ConsoleCall> & { id: string }): ConsoleCall => ({
  startedAt: '2026-11-21T09:30:00Z',
  direction: 'inbound',
  // The list masks the number: no E.164, only the masked text.
  number: '',
  numberDisplay: '+31 6 •••• 5678',
  durationSeconds: 125,
  outcome: 'answered',
  data: {},
  summary: 'Booked a cleaning for Tuesday.',
  status: 'ended',
  assistantId: ASSISTANT,
  order: null,
  followUp: false,
  ...over,
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('who gets into the console', () => {
  it('sends a buyer to their dashboard, in the page language', async () => {
    mockApi({ 'GET /api/me': signedIn(), 'GET /api/console/quotes': apiError(403, 'staff_only') });
    const app = await renderConsole('/nl/console/orders', 'nl');
    await waitFor(() => expect(app.location()).toBe('/nl/dashboard'));
  });

  it('sends a visitor to sign in, and back here after', async () => {
    mockApi({ 'GET /api/me': signedOut(), 'GET /api/console/orders': apiError(401, 'unauthenticated') });
    const app = await renderConsole('/console/orders?status=pending');
    await waitFor(() => expect(app.location()).toBe('/auth?next=%2Fconsole%2Forders%3Fstatus%3Dpending'));
  });
});

describe('/console (the quote inbox)', () => {
  it('lists requests, filters by status and search in the URL, and loads more by cursor', async () => {
    const { requested } = mockApi({
      'GET /api/me': staffMe(),
      'GET /api/console/quotes': json(200, {
        items: [quote({ id: 'q-1' }), quote({ id: 'q-2', fullName: 'Joost Bakker', status: 'won', source: 'voice' })],
        nextCursor: 'c-2',
      }),
      'GET /api/console/quotes?cursor=c-2': json(200, {
        items: [quote({ id: 'q-3', fullName: 'Sanne de Wit', source: 'personalized' })],
        nextCursor: null,
      }),
      'GET /api/console/quotes?status=won&q=bakker': json(200, {
        items: [quote({ id: 'q-2', fullName: 'Joost Bakker', status: 'won' })],
        nextCursor: null,
      }),
    });
    const app = await renderConsole();
    expect(await screen.findByRole('heading', { level: 1, name: 'Quote inbox' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Quotes' }).getAttribute('aria-current')).toBe('page');
    const row = (await screen.findByRole('heading', { level: 2, name: 'Joost Bakker' })).closest('li')!;
    expect(within(row).getByText('Won')).toBeTruthy();
    expect(within(row).getByText('Voice call')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Open the request of Joost Bakker' }).getAttribute('href')).toBe('/console/quotes/q-2');

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Sanne de Wit' })).toBeTruthy();
    expect(items()).toHaveLength(3);
    expect(screen.getByText('That is everything.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'won' } });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: ' bakker ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(app.location()).toBe('/console?status=won&q=bakker'));
    await waitFor(() => expect(items()).toHaveLength(1));
    expect(requested()).toContain('/api/console/quotes?status=won&q=bakker');
  });

  it('says when nothing matches', async () => {
    mockApi({ 'GET /api/me': staffMe(), 'GET /api/console/quotes?q=nobody': json(200, { items: [], nextCursor: null }) });
    await renderConsole('/console?q=nobody');
    expect(await screen.findByText('Nothing matches these filters.')).toBeTruthy();
  });
});

describe('/console/quotes/:id', () => {
  it('shows every field, the notes and the history in Dutch, and adds a note', async () => {
    const { sent } = mockApi({
      'GET /api/me': staffMe(),
      'GET /api/console/quotes/q-1': json(200, { quote: DETAIL }),
      'GET /api/console/agents': json(200, { items: [AGENT] }),
      'POST /api/console/quotes/q-1/notes': json(201, {
        note: { id: 'n-2', body: 'Demo on Thursday.', author: STAFF, createdAt: '2026-11-21T09:00:00Z' },
      }),
    });
    await renderConsole('/nl/console/quotes/q-1', 'nl');
    expect(await screen.findByRole('heading', { level: 1, name: 'Fenna Visser' })).toBeTruthy();
    const fact = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(fact('Bron')).toBe('Telefoongesprek');
    expect(fact('Bedrijf')).toBe('Tandarts Visser');
    expect(fact('Telefoon')).toBe('Niet opgegeven');
    expect(fact('Taal van de agent')).toBe('Nederlands');
    expect(fact('Tijdzone')).toBe('Europe/Amsterdam');
    expect(fact('Account')).toBe('Nog geen account');
    expect(screen.getByText('Book appointments after hours.')).toBeTruthy();
    const history = screen.getByRole('region', { name: 'Geschiedenis' });
    expect(within(history).getByText('Binnengekomen als Nieuw')).toBeTruthy();
    expect(within(history).getByText('Nieuw → Contact gehad')).toBeTruthy();
    expect(within(history).getByText(/door Olivia Jansen/)).toBeTruthy();

    const notes = screen.getByRole('region', { name: 'Interne notities' });
    fireEvent.click(within(notes).getByRole('button', { name: 'Notitie toevoegen' }));
    expect(await within(notes).findByText('Schrijf eerst de notitie.')).toBeTruthy();
    fireEvent.change(within(notes).getByLabelText('Nieuwe notitie'), { target: { value: '  Demo on Thursday.  ' } });
    fireEvent.click(within(notes).getByRole('button', { name: 'Notitie toevoegen' }));
    expect(await within(notes).findByText('Demo on Thursday.')).toBeTruthy();
    expect(sent('POST /api/console/quotes/q-1/notes')).toEqual([{ body: 'Demo on Thursday.' }]);
    // The field empties once the note is saved (the same render, or the next one).
    await waitFor(() => expect((within(notes).getByLabelText('Nieuwe notitie') as HTMLTextAreaElement).value).toBe(''));
  });

  it('changes the status with the version it shows; a stale version reloads the request and says why', async () => {
    let loads = 0;
    const { sent } = mockApi({
      'GET /api/me': staffMe(),
      'GET /api/console/quotes/q-1': () => json(200, { quote: ++loads === 1 ? DETAIL : { ...DETAIL, status: 'lost', version: 3 } }),
      'GET /api/console/agents': json(200, { items: [AGENT] }),
      'PATCH /api/console/quotes/q-1': apiError(409, 'version_conflict'),
    });
    await renderConsole('/console/quotes/q-1');
    const status = await screen.findByRole('region', { name: 'Status' });
    fireEvent.change(within(status).getByLabelText('New status'), { target: { value: 'proposal_sent' } });
    fireEvent.click(within(status).getByRole('button', { name: 'Save status' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Someone else changed this in the meantime, so we reloaded it. Check their change, then try again.',
    );
    expect(sent('PATCH /api/console/quotes/q-1')).toEqual([{ status: 'proposal_sent', version: 2 }]);
    // Reloaded: the other person's status and version are what the form now shows and sends.
    expect(await screen.findByText('Lost', { selector: '.badge' })).toBeTruthy();
    expect((screen.getByLabelText('New status') as HTMLSelectElement).value).toBe('lost');
  });

  it('turns the request into an order: agent from the catalogue, its price to start with, euros by default', async () => {
    let loads = 0;
    const { sent } = mockApi({
      'GET /api/me': staffMe(),
      'GET /api/console/quotes/q-1': () =>
        json(200, {
          quote:
            ++loads === 1
              ? DETAIL
              : { ...DETAIL, status: 'won', version: 3, orders: [{ id: 'o-1', number: 'abcd1234', status: 'pending' }] },
        }),
      'GET /api/console/agents': json(200, { items: [AGENT] }),
      'POST /api/console/quotes/q-1/orders': json(201, { order: ORDER, invited: true }),
    });
    await renderConsole('/console/quotes/q-1');
    const form = await screen.findByRole('region', { name: 'Turn into an order' });
    const agent = await within(form).findByLabelText('Agent');
    expect(within(agent).getByRole('option', { name: 'Front Desk · €3,499.00' })).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Create order' }));
    expect(await within(form).findByText('Choose an agent.')).toBeTruthy();
    expect(sent('POST /api/console/quotes/q-1/orders')).toEqual([]);

    fireEvent.change(agent, { target: { value: 'a-1' } });
    const amount = within(form).getByLabelText('Amount') as HTMLInputElement;
    expect(amount.value).toBe('3499.00');
    expect((within(form).getByLabelText('Currency') as HTMLSelectElement).value).toBe('EUR');
    fireEvent.change(amount, { target: { value: '2,499.50' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create order' }));
    expect(
      await within(form).findByText(
        'Order #abcd1234 created. fenna@example.nl had no account: we created one and sent an invitation to set a password.',
      ),
    ).toBeTruthy();
    expect(sent('POST /api/console/quotes/q-1/orders')).toEqual([{ agentId: 'a-1', amountCents: 249_950, currency: 'EUR' }]);
    expect(await screen.findByRole('link', { name: 'Order #abcd1234' })).toBeTruthy();
    expect(screen.getByText('Won', { selector: '.badge' })).toBeTruthy();
  });

  it('after an order (or any change) the status form shows the stored status and sends its version, never the old choice', async () => {
    let loads = 0;
    const WON = { ...DETAIL, status: 'won' as const, version: 3, orders: [{ id: 'o-1', number: 'abcd1234', status: 'pending' }] };
    const { sent } = mockApi({
      'GET /api/me': staffMe(),
      'GET /api/console/quotes/q-1': () => json(200, { quote: ++loads === 1 ? DETAIL : WON }),
      'GET /api/console/agents': json(200, { items: [AGENT] }),
      'POST /api/console/quotes/q-1/orders': json(201, { order: ORDER, invited: false }),
      'PATCH /api/console/quotes/q-1': json(200, { quote: { ...WON, version: 4 } }),
    });
    await renderConsole('/console/quotes/q-1');
    const status = await screen.findByRole('region', { name: 'Status' });
    const select = within(status).getByLabelText('New status') as HTMLSelectElement;
    expect(select.value).toBe('contacted');
    const form = screen.getByRole('region', { name: 'Turn into an order' });
    fireEvent.change(await within(form).findByLabelText('Agent'), { target: { value: 'a-1' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create order' }));
    expect(await screen.findByText('Won', { selector: '.badge' })).toBeTruthy();
    // The order made the request won: the form says so, and a save keeps it won with the new version.
    expect(select.value).toBe('won');
    fireEvent.click(within(status).getByRole('button', { name: 'Save status' }));
    expect(await within(status).findByText('Status saved.')).toBeTruthy();
    expect(sent('PATCH /api/console/quotes/q-1')).toEqual([{ status: 'won', version: 3 }]);
  });
});

describe('/console/orders', () => {
  it('is a table of orders in their currency, with the assistant and calls this month; a number opens the order', async () => {
    mockApi({
      'GET /api/me': staffMe(),
      'GET /api/console/orders?buyer=b-1': json(200, {
        items: [ORDER, { ...ORDER, id: 'o-2', number: 'ef567890', status: 'completed', assistantId: ASSISTANT, callsThisMonth: 7 }],
        nextCursor: null,
      }),
    });
    const app = await renderConsole('/nl/console/orders?buyer=b-1', 'nl');
    const table = await screen.findByRole('table', { name: 'Bestellingen, nieuwste eerst' });
    expect(screen.getByText('Koper: Fenna Visser')).toBeTruthy();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Bestelling', 'Koper', 'Agent', 'Status', 'Bedrag', 'Assistent', 'Gesprekken deze maand']);
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first).getAllByText('€ 2.499,00').length).toBeGreaterThan(0);
    // The agent by its Dutch name on the Dutch page.
    expect(within(first).getAllByText('Receptie', { exact: false }).length).toBeGreaterThan(0);
    expect(within(first).getByText('Niet gekoppeld')).toBeTruthy();
    expect(within(first).getByText('Wordt ingericht', { selector: '.badge' })).toBeTruthy();
    expect(within(second).getByText('Gekoppeld')).toBeTruthy();
    expect(within(second).getAllByRole('cell').at(-1)?.textContent).toBe('7');
    const link = within(second).getByRole('link', { name: '#ef567890' });
    expect(link.getAttribute('href')).toBe('/nl/console/orders/o-2');
    // Nothing to edit in the table: that is the order's page.
    expect(within(table).queryByRole('combobox')).toBeNull();
    fireEvent.click(link);
    await waitFor(() => expect(app.location()).toBe('/nl/console/orders/o-2'));
  });
});

describe('/console/orders/:id', () => {
  const USAGE = [
    { month: '2026-11', calls: 3, seconds: 390, costCents: 65, currency: 'EUR' },
    { month: '2026-10', calls: 1, seconds: 60, costCents: 10, currency: 'EUR' },
  ];
  const HISTORY = [
    {
      from: null,
      to: 'pending',
      actor: { id: 'staff-1', email: 'ops@example.com', fullName: 'Olivia Jansen' },
      at: '2026-11-20T12:00:00Z',
    },
  ];
  const detail = (over: Partial<ConsoleOrder> = {}, history = HISTORY) =>
    json(200, { order: { ...ORDER, ...over }, history, usage: USAGE });
  const calls = json(200, {
    items: [
      call({
        id: '9',
        order: {
          id: 'o-1',
          number: 'abcd1234',
          buyerEmail: 'fenna@example.nl',
          buyerName: 'Fenna Visser',
          agentName: 'Front Desk',
          agentNameNl: 'Receptie',
        },
      }),
    ],
    nextCursor: null,
  });

  it('shows the order, its usage by month, its calls and history, and changes the status with its version', async () => {
    const { sent } = mockApi({
      'GET /api/me': staffMe(),
      'GET /api/console/orders/o-1': detail(),
      'GET /api/console/calls?order=o-1': calls,
      'PATCH /api/console/orders/o-1': json(200, { order: { ...ORDER, status: 'completed', version: 5 } }),
    });
    await renderConsole('/nl/console/orders/o-1', 'nl');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bestelling #abcd1234' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Bestellingen' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Fenna Visser' }).getAttribute('href')).toBe('/nl/console/buyers/b-1');
    expect(screen.getByRole('link', { name: 'Aanvraag openen' }).getAttribute('href')).toBe('/nl/console/quotes/q-1');

    const usage = within(screen.getByRole('region', { name: 'Gebruik per maand' })).getByRole('table');
    const rows = within(usage).getAllByRole('row');
    expect(within(rows[1]).getByRole('rowheader').textContent).toBe('november 2026');
    expect(
      within(rows[1])
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['3', '6,5', '€\u00a00,65']);
    expect(within(rows[2]).getByRole('rowheader').textContent).toBe('oktober 2026');

    const callList = screen.getByRole('region', { name: 'Gesprekken' });
    const callLink = await within(callList).findByRole('link');
    expect(callLink.getAttribute('href')).toBe('/nl/console/calls/9');
    expect(within(callList).getByText('+31 6 •••• 5678')).toBeTruthy();

    const history = screen.getByRole('region', { name: 'Geschiedenis' });
    expect(within(history).getByText('Aangemaakt als Wordt ingericht')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Status van bestelling #abcd1234'), { target: { value: 'completed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Status van bestelling #abcd1234 opslaan' }));
    expect(await screen.findByText('Opgeslagen. De koper krijgt een e-mail.')).toBeTruthy();
    expect(screen.getByText('Afgerond (live)', { selector: '.badge' })).toBeTruthy();
    expect(sent('PATCH /api/console/orders/o-1')).toEqual([{ status: 'completed', version: 4 }]);
  });

  it('says when there are no calls and no usage yet, and when the order does not exist', async () => {
    mockApi({
      'GET /api/me': staffMe(),
      'GET /api/console/orders/o-1': json(200, { order: ORDER, history: [], usage: [] }),
      'GET /api/console/calls?order=o-1': json(200, { items: [], nextCursor: null }),
    });
    await renderConsole('/console/orders/o-1');
    expect(await screen.findByText('No calls yet, so no usage.')).toBeTruthy();
    expect(await screen.findByText('This order has no calls yet.')).toBeTruthy();
    cleanup();
    mockApi({
      'GET /api/me': staffMe(),
      'GET /api/console/orders/o-9': apiError(404, 'not_found'),
      'GET /api/console/calls?order=o-9': json(200, { items: [], nextCursor: null }),
    });
    await renderConsole('/console/orders/o-9');
    expect(await screen.findByText('There is no such order.')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to orders/ }).getAttribute('href')).toBe('/console/orders');
  });

  it('on a stale version shows the order as it is now and says why', async () => {
    let reads = 0;
    mockApi({
      'GET /api/me': staffMe(),
      'GET /api/console/orders/o-1': () => (reads++ === 0 ? detail() : detail({ status: 'cancelled', version: 5 })),
      'GET /api/console/calls?order=o-1': calls,
      'PATCH /api/console/orders/o-1': apiError(409, 'version_conflict'),
    });
    await renderConsole('/console/orders/o-1');
    const status = await screen.findByRole('region', { name: 'Status' });
    fireEvent.change(within(status).getByLabelText('Status of order #abcd1234'), { target: { value: 'completed' } });
    fireEvent.click(within(status).getByRole('button', { name: 'Save the status of order #abcd1234' }));
    expect((await within(status).findByRole('alert')).textContent).toMatch(/^Someone else changed this/);
    expect(screen.getAllByText('Cancelled', { selector: '.badge' }).length).toBeGreaterThan(0);
    expect((within(status).getByLabelText('Status of order #abcd1234') as HTMLSelectElement).value).toBe('cancelled');
  });
});

describe('/console/orders/:id: the assistant', () => {
  const page = (order: ConsoleOrder = ORDER) => ({
    'GET /api/console/orders/o-1': json(200, { order, history: [], usage: [] }),
    'GET /api/console/calls?order=o-1': json(200, { items: [], nextCursor: null }),
  });

  it('links an assistant with the version, in Dutch', async () => {
    const { sent } = mockApi({
      'GET /api/me': staffMe(),
      ...page(),
      'PATCH /api/console/orders/o-1': json(200, { order: { ...ORDER, assistantId: ASSISTANT, version: 5 } }),
    });
    await renderConsole('/nl/console/orders/o-1', 'nl');
    const row = await screen.findByRole('region', { name: 'Vapi-assistent' });
    fireEvent.change(within(row).getByLabelText('Vapi-assistent-id van bestelling #abcd1234'), { target: { value: ` ${ASSISTANT} ` } });
    fireEvent.click(within(row).getByRole('button', { name: 'Assistent van bestelling #abcd1234 opslaan' }));
    expect(await within(row).findByText('Opgeslagen. Het dashboard van de koper toont de gesprekken van deze assistent.')).toBeTruthy();
    expect(sent('PATCH /api/console/orders/o-1')).toEqual([{ assistantId: ASSISTANT, version: 4 }]);
  });

  it('shows a taken assistant id at its field', async () => {
    mockApi({ 'GET /api/me': staffMe(), ...page(), 'PATCH /api/console/orders/o-1': apiError(409, 'assistant_taken') });
    await renderConsole('/console/orders/o-1');
    const row = await screen.findByRole('region', { name: 'Vapi assistant' });
    const field = within(row).getByLabelText('Vapi assistant id of order #abcd1234');
    fireEvent.change(field, { target: { value: ASSISTANT } });
    fireEvent.click(within(row).getByRole('button', { name: 'Save the assistant of order #abcd1234' }));
    expect(await within(row).findByText('Another order already has this assistant. Remove it there first.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toContain('order-link-o-1-assistant-error');
    expect(within(row).queryByRole('alert')).toBeNull();
  });

  it('shows a malformed assistant id at its field', async () => {
    mockApi({ 'GET /api/me': staffMe(), ...page(), 'PATCH /api/console/orders/o-1': apiError(400, 'invalid_assistant') });
    await renderConsole('/console/orders/o-1');
    const row = await screen.findByRole('region', { name: 'Vapi assistant' });
    fireEvent.change(within(row).getByLabelText('Vapi assistant id of order #abcd1234'), { target: { value: 'not-a-uuid' } });
    fireEvent.click(within(row).getByRole('button', { name: 'Save the assistant of order #abcd1234' }));
    expect(await within(row).findByText(/^An assistant id is a UUID/)).toBeTruthy();
  });

  it('on a stale version shows the link as it is now and says why', async () => {
    let reads = 0;
    const now = { ...ORDER, assistantId: ASSISTANT, version: 6 };
    mockApi({
      'GET /api/me': staffMe(),
      ...page(),
      'GET /api/console/orders/o-1': () => json(200, { order: reads++ === 0 ? ORDER : now, history: [], usage: [] }),
      'PATCH /api/console/orders/o-1': apiError(409, 'version_conflict'),
    });
    await renderConsole('/console/orders/o-1');
    const row = await screen.findByRole('region', { name: 'Vapi assistant' });
    fireEvent.change(within(row).getByLabelText('Vapi assistant id of order #abcd1234'), { target: { value: 'other' } });
    fireEvent.click(within(row).getByRole('button', { name: 'Save the assistant of order #abcd1234' }));
    expect((await within(row).findByRole('alert')).textContent).toMatch(/^Someone else changed this/);
    expect((within(row).getByLabelText('Vapi assistant id of order #abcd1234') as HTMLInputElement).value).toBe(ASSISTANT);
  });
});

describe('/console/orders/:id: the fees', () => {
  const page = (order: ConsoleOrder = ORDER) => ({
    'GET /api/console/orders/o-1': json(200, { order, history: [], usage: [] }),
    'GET /api/console/calls?order=o-1': json(200, { items: [], nextCursor: null }),
  });

  it('shows the setup fee and live date, and saves the monthly fee and rate typed the Dutch way as cents with the version', async () => {
    const live = { ...ORDER, status: 'completed' as const, liveAt: '2026-10-14T09:30:00Z' };
    const { sent } = mockApi({
      'GET /api/me': staffMe(),
      ...page(live),
      'PATCH /api/console/orders/o-1': (body) => json(200, { order: { ...live, ...(body as object), version: 5 } }),
    });
    await renderConsole('/nl/console/orders/o-1', 'nl');
    const fees = await screen.findByRole('region', { name: 'Tarieven' });
    // The setup fee is the order's amount; the live date in Amsterdam time.
    expect(within(fees).getByText('€ 2.499,00')).toBeTruthy();
    expect(within(fees).getByText('14 oktober 2026')).toBeTruthy();
    const monthly = within(fees).getByLabelText('Maandbedrag van bestelling #abcd1234') as HTMLInputElement;
    const rate = within(fees).getByLabelText('Prijs per minuut van bestelling #abcd1234') as HTMLInputElement;
    expect(monthly.value).toBe('49,00');
    expect(rate.value).toBe('0,10');

    fireEvent.change(monthly, { target: { value: '59,50' } });
    fireEvent.click(within(fees).getByRole('button', { name: 'Tarieven van bestelling #abcd1234 opslaan' }));
    expect(await within(fees).findByText('Opgeslagen. Het volgende overzicht gebruikt deze tarieven.')).toBeTruthy();
    // Only what changed, with the version shown.
    expect(sent('PATCH /api/console/orders/o-1')).toEqual([{ monthlyCents: 5_950, version: 4 }]);
    expect(monthly.value).toBe('59,50');

    // A price that is no amount stays here, said at its field; the next save goes with the answered version.
    fireEvent.change(rate, { target: { value: 'twaalf' } });
    fireEvent.click(within(fees).getByRole('button', { name: 'Tarieven van bestelling #abcd1234 opslaan' }));
    expect(await within(fees).findByText('Vul een bedrag in zoals 0,10: nul of meer, met hoogstens twee decimalen.')).toBeTruthy();
    expect(rate.getAttribute('aria-invalid')).toBe('true');
    expect(sent('PATCH /api/console/orders/o-1')).toHaveLength(1);
    fireEvent.change(rate, { target: { value: '0,12' } });
    fireEvent.click(within(fees).getByRole('button', { name: 'Tarieven van bestelling #abcd1234 opslaan' }));
    await waitFor(() => expect(sent('PATCH /api/console/orders/o-1')).toHaveLength(2));
    expect(sent('PATCH /api/console/orders/o-1')[1]).toEqual({ perMinuteCents: 12, version: 5 });
  });

  it('reads amounts the English way, says an order is not live yet, and shows the server’s refusal at its field', async () => {
    const { sent } = mockApi({
      'GET /api/me': staffMe(),
      ...page(),
      'PATCH /api/console/orders/o-1': json(400, {
        error: { code: 'invalid_amount', field: 'perMinuteCents', message: 'The per-minute rate must be…' },
      }),
    });
    await renderConsole('/console/orders/o-1');
    const fees = await screen.findByRole('region', { name: 'Fees' });
    expect(within(fees).getByText('Not live yet')).toBeTruthy();
    const monthly = within(fees).getByLabelText('Monthly fee of order #abcd1234') as HTMLInputElement;
    const rate = within(fees).getByLabelText('Price per minute of order #abcd1234') as HTMLInputElement;
    expect(monthly.value).toBe('49.00');
    fireEvent.change(monthly, { target: { value: '1,049.00' } });
    fireEvent.change(rate, { target: { value: '2000.00' } });
    fireEvent.click(within(fees).getByRole('button', { name: 'Save the fees of order #abcd1234' }));
    await waitFor(() => expect(rate.getAttribute('aria-invalid')).toBe('true'));
    expect(sent('PATCH /api/console/orders/o-1')).toEqual([{ monthlyCents: 104_900, perMinuteCents: 200_000, version: 4 }]);
    expect(monthly.getAttribute('aria-invalid')).toBeNull();
  });

  it('on a stale version shows the fees as they are now and says why', async () => {
    let reads = 0;
    const now = { ...ORDER, monthlyCents: 7_500, perMinuteCents: 15, version: 6 };
    mockApi({
      'GET /api/me': staffMe(),
      ...page(),
      'GET /api/console/orders/o-1': () => json(200, { order: reads++ === 0 ? ORDER : now, history: [], usage: [] }),
      'PATCH /api/console/orders/o-1': apiError(409, 'version_conflict'),
    });
    await renderConsole('/console/orders/o-1');
    const fees = await screen.findByRole('region', { name: 'Fees' });
    fireEvent.change(within(fees).getByLabelText('Price per minute of order #abcd1234'), { target: { value: '0.20' } });
    fireEvent.click(within(fees).getByRole('button', { name: 'Save the fees of order #abcd1234' }));
    expect((await within(fees).findByRole('alert')).textContent).toMatch(/^Someone else changed this/);
    expect((within(fees).getByLabelText('Price per minute of order #abcd1234') as HTMLInputElement).value).toBe('0.15');
    expect((within(fees).getByLabelText('Monthly fee of order #abcd1234') as HTMLInputElement).value).toBe('75.00');
  });
});

describe('/console/agents', () => {
  it('edits an agent in both languages, sending only what changed with its version', async () => {
    const { sent } = mockApi({
      'GET /api/me': staffMe(),
      'GET /api/console/agents': json(200, { items: [AGENT] }),
      'PATCH /api/console/agents/a-1': json(200, { agent: { ...AGENT, nameNl: 'Balie', deliveryDays: 10, version: 4 } }),
    });
    await renderConsole('/console/agents');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Front Desk' }));
    const form = screen.getByRole('form', { name: 'Edit Front Desk' });
    expect(document.activeElement?.textContent).toBe('Edit Front Desk');
    const dutch = within(form).getByRole('group', { name: 'Dutch' });
    fireEvent.change(within(dutch).getByLabelText(/Name/), { target: { value: 'Balie' } });
    fireEvent.change(within(form).getByLabelText(/Delivery time/), { target: { value: '400' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save agent' }));
    expect(await within(form).findByText('Enter a whole number of days from 0 to 365.')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText(/Delivery time/), { target: { value: '10' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save agent' }));
    expect(await screen.findByText('Agent saved.')).toBeTruthy();
    expect(sent('PATCH /api/console/agents/a-1')).toEqual([{ nameNl: 'Balie', deliveryDays: 10, version: 3 }]);
  });
});

describe('/console/agents (new)', () => {
  it('creates an agent with both languages, its delivery time and price in euros', async () => {
    let loads = 0;
    const { sent } = mockApi({
      'GET /api/me': staffMe(),
      'GET /api/console/agents': () => json(200, { items: ++loads === 1 ? [] : [{ ...AGENT, id: 'a-2' }] }),
      'POST /api/console/agents': json(201, { agent: { ...AGENT, id: 'a-2' } }),
    });
    await renderConsole('/nl/console/agents', 'nl');
    expect(await screen.findByText('Nog geen agenten.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Agent toevoegen' }));
    const form = screen.getByRole('form', { name: 'Nieuwe agent' });
    fireEvent.click(within(form).getByRole('button', { name: 'Agent aanmaken' }));
    // Nothing is sent while a name or title is missing; the first bad field has the focus.
    expect(within(form).getAllByText('Vul dit in.')).toHaveLength(4);
    expect(document.activeElement?.id).toBe('agent-new-nameEn');
    const fill = (group: string, label: RegExp, value: string) =>
      fireEvent.change(within(within(form).getByRole('group', { name: group })).getByLabelText(label), { target: { value } });
    fill('Engels', /Naam/, 'Front Desk');
    fill('Engels', /Functie/, 'Receptionist');
    fill('Nederlands', /Naam/, 'Receptie');
    fill('Nederlands', /Functie/, 'Receptiemedewerker');
    fireEvent.change(within(form).getByLabelText(/Catalogusprijs/), { target: { value: '3.499,00' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Agent aanmaken' }));
    expect(await screen.findByText('Agent opgeslagen.')).toBeTruthy();
    expect(sent('POST /api/console/agents')).toEqual([
      {
        nameEn: 'Front Desk',
        nameNl: 'Receptie',
        titleEn: 'Receptionist',
        titleNl: 'Receptiemedewerker',
        descriptionEn: '',
        descriptionNl: '',
        deliveryDays: 14,
        priceCents: 349_900,
        currency: 'EUR',
      },
    ]);
    expect(await screen.findByRole('heading', { level: 2, name: 'Receptie' })).toBeTruthy();
  });
});

describe('/console/buyers', () => {
  it('lists accounts with a link to their orders', async () => {
    mockApi({
      'GET /api/me': staffMe(),
      'GET /api/console/buyers': json(200, {
        items: [
          {
            id: 'b-1',
            email: 'fenna@example.nl',
            fullName: '',
            role: 'buyer',
            locale: 'nl',
            verified: false,
            createdAt: '2026-11-20T12:00:00Z',
            orderCount: 2,
          },
        ],
        nextCursor: null,
      }),
    });
    await renderConsole('/console/buyers');
    const row = (await screen.findByRole('heading', { level: 2, name: 'Open the account of fenna@example.nl' })).closest('li')!;
    expect(within(row).getByRole('link', { name: 'Open the account of fenna@example.nl' }).getAttribute('href')).toBe(
      '/console/buyers/b-1',
    );
    expect(within(row).getByText('Not verified yet')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Orders of fenna@example.nl' }).getAttribute('href')).toBe('/console/orders?buyer=b-1');
  });
});

describe('/console/buyers/:id', () => {
  const BUYER: BuyerDetail = {
    id: 'b-1',
    email: 'fenna@example.nl',
    fullName: 'Fenna Visser',
    role: 'buyer',
    locale: 'nl',
    verified: false,
    createdAt: '2026-11-20T12:00:00Z',
    orderCount: 1,
    lastSignIn: null,
    lastSeen: null,
    canInvite: true,
    orders: [{ ...ORDER, callsThisMonth: 2 }],
    invitations: [
      { id: 41, state: 'done', attempts: 1, lastError: '', createdAt: '2026-11-20T12:00:00Z', updatedAt: '2026-11-20T12:00:05Z' },
    ],
  };

  it('shows the account, its orders and invitations, and sends the invitation again', async () => {
    const again = { ...BUYER, invitations: [{ ...BUYER.invitations[0], id: 42, state: 'pending' as const }, ...BUYER.invitations] };
    const { sent } = mockApi({
      'GET /api/me': staffMe(),
      'GET /api/console/buyers/b-1': json(200, { buyer: BUYER }),
      'POST /api/console/buyers/b-1/invite': json(200, { buyer: again }),
    });
    await renderConsole('/nl/console/buyers/b-1', 'nl');
    expect(await screen.findByRole('heading', { level: 1, name: 'Fenna Visser' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Kopers' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByText('Geen inlog bekend')).toBeTruthy();
    expect(screen.getByText('Nog niet geverifieerd')).toBeTruthy();
    const orders = screen.getByRole('region', { name: 'Bestellingen' });
    expect(within(orders).getByRole('link', { name: '#abcd1234' }).getAttribute('href')).toBe('/nl/console/orders/o-1');
    expect(within(orders).getByText(/Gesprekken deze maand: 2/)).toBeTruthy();
    const invitations = screen.getByRole('region', { name: 'Uitnodigingen' });
    expect(within(invitations).getAllByRole('listitem')).toHaveLength(1);
    expect(within(invitations).getByText('Verzonden')).toBeTruthy();
    fireEvent.click(within(invitations).getByRole('button', { name: 'Uitnodiging opnieuw sturen' }));
    expect(await within(invitations).findByText('Er is een nieuwe uitnodiging onderweg naar fenna@example.nl.')).toBeTruthy();
    expect(within(invitations).getAllByRole('listitem')).toHaveLength(2);
    expect(within(invitations).getByText('Wacht op verzending')).toBeTruthy();
    expect(sent('POST /api/console/buyers/b-1/invite')).toHaveLength(1);
  });

  it('says so when the buyer has a password already', async () => {
    mockApi({
      'GET /api/me': staffMe(),
      'GET /api/console/buyers/b-1': json(200, { buyer: BUYER }),
      'POST /api/console/buyers/b-1/invite': apiError(409, 'account_active'),
    });
    await renderConsole('/console/buyers/b-1');
    const invitations = await screen.findByRole('region', { name: 'Invitations' });
    fireEvent.click(within(invitations).getByRole('button', { name: 'Send the invitation again' }));
    expect((await within(invitations).findByRole('alert')).textContent).toMatch(/^This buyer has set a password already/);
    expect(within(invitations).queryByRole('button')).toBeNull();
  });

  it('shows the last sign-in of an active account, without "send again"', async () => {
    mockApi({
      'GET /api/me': staffMe(),
      'GET /api/console/buyers/b-1': json(200, {
        buyer: { ...BUYER, verified: true, canInvite: false, lastSignIn: '2026-11-25T08:00:00Z', lastSeen: '2026-11-26T09:00:00Z' },
      }),
      'GET /api/console/buyers/b-9': apiError(404, 'not_found'),
    });
    await renderConsole('/console/buyers/b-1');
    expect(await screen.findByText('Last sign-in')).toBeTruthy();
    expect(screen.queryByText('No sign-in on record')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send the invitation again' })).toBeNull();
    cleanup();
    mockApi({ 'GET /api/me': staffMe(), 'GET /api/console/buyers/b-9': apiError(404, 'not_found') });
    await renderConsole('/console/buyers/b-9');
    expect(await screen.findByText('There is no such account.')).toBeTruthy();
  });
});

describe('parseAmount', () => {
  it('reads what staff type, in either notation, as cents', () => {
    expect(parseAmount('2499')).toBe(249_900);
    expect(parseAmount('2499.5')).toBe(249_950);
    expect(parseAmount('2499,00')).toBe(249_900);
    expect(parseAmount('2.499,00')).toBe(249_900);
    expect(parseAmount('2,499.00')).toBe(249_900);
    expect(parseAmount(' 0 ')).toBe(0);
  });

  it('refuses what is no amount', () => {
    for (const text of ['', 'abc', '-5', '2.499.00', '2,499,00', '2499.999', '1e3', '12.34.5']) {
      expect(parseAmount(text), text).toBeNull();
    }
  });

  it('reads three digits after a lone separator as thousands', () => {
    expect(parseAmount('1.234')).toBe(123_400);
    expect(parseAmount('1,234')).toBe(123_400);
  });
});
