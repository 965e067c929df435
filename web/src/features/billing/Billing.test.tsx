import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screenRoute } from '../../app/routes';
import { WorkspaceHeader } from '../../app/shell/WorkspaceShell';
import { amsterdamToday, previousMonth } from '../../shared/format';
import { apiError, json, mockApi, signedIn, USER } from '../../shared/testing/mockApi';
import { loadedRoute, renderApp } from '../../shared/testing/renderApp';
import type { BuyerInvoices, Invoice, InvoiceSummary, Line, Overview, Statement } from './api';

// The billing screens through their real routes: the console's /console/billing and the buyer's
// /dashboard/invoices, under the workspace shell's header.

const STAFF = { ...USER, id: 'staff-1', email: 'ops@example.com', fullName: 'Olivia Jansen', role: 'staff' } as unknown as typeof USER;
const NBSP = '\u00a0';

const renderConsole = async (url: string, lang: 'en' | 'nl' = 'en') =>
  renderApp(await loadedRoute(screenRoute(lang, 'console')), url, lang, <WorkspaceHeader />);
const renderDashboard = async (lang: 'en' | 'nl' = 'en') =>
  renderApp(
    await loadedRoute(screenRoute(lang, 'dashboard')),
    lang === 'nl' ? '/nl/dashboard/invoices' : '/dashboard/invoices',
    lang,
    <WorkspaceHeader />,
  );

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const LAST = previousMonth();

const LINES: Line[] = [
  {
    kind: 'setup',
    orderId: 'o-1',
    orderNumber: 'abcd1234',
    description: 'Setup fee, order #abcd1234',
    quantity: '1',
    unit: 'C62',
    baseQuantity: '1',
    unitPriceCents: 249_900,
    netCents: 249_900,
    vatRateBp: 2100,
    vatCents: 52_479,
  },
  {
    kind: 'monthly',
    orderId: 'o-1',
    orderNumber: 'abcd1234',
    description: 'Monthly fee, order #abcd1234',
    quantity: '17',
    unit: 'DAY',
    baseQuantity: '31',
    unitPriceCents: 4_900,
    netCents: 2_687,
    vatRateBp: 2100,
    vatCents: 564,
  },
  {
    kind: 'usage',
    orderId: 'o-1',
    orderNumber: 'abcd1234',
    description: 'Calls, order #abcd1234: 612.5 min × €0.10 per minute',
    quantity: '36750',
    unit: 'SEC',
    baseQuantity: '60',
    unitPriceCents: 10,
    netCents: 6_125,
    vatRateBp: 2100,
    vatCents: 1_286,
  },
];

const STATEMENT: Statement = {
  buyer: { id: 'u-1', email: 'ada@example.com', fullName: 'Ada Lovelace', locale: 'nl' },
  company: {
    id: 'c-1',
    legalName: 'Lovelace Analytica B.V.',
    country: 'NL',
    vatId: 'NL123456789B01',
    invoiceEmail: 'facturen@lovelace.nl',
  },
  companyMissing: false,
  period: LAST,
  currency: 'EUR',
  vatTreatment: 'standard',
  lines: LINES,
  subtotalCents: 258_712,
  vat: [{ rateBp: 2100, netCents: 258_712, vatCents: 54_329 }],
  vatCents: 54_329,
  totalCents: 313_041,
  invoice: null,
};

const REVERSE: Statement = {
  ...STATEMENT,
  buyer: { id: 'u-2', email: 'jan@example.be', fullName: 'Jan Peeters', locale: 'en' },
  company: { id: 'c-2', legalName: 'Peeters BV', country: 'BE', vatId: 'BE0123456789', invoiceEmail: 'jan@example.be' },
  vatTreatment: 'reverse_charge',
  lines: [{ ...LINES[2], vatRateBp: 0, vatCents: 0 }],
  subtotalCents: 6_125,
  vat: [{ rateBp: 0, netCents: 6_125, vatCents: 0 }],
  vatCents: 0,
  totalCents: 6_125,
};

const MISSING: Statement = {
  ...STATEMENT,
  buyer: { id: 'u-3', email: 'kim@example.nl', fullName: 'Kim de Vries', locale: 'nl' },
  company: null,
  companyMissing: true,
};

const overview = (over: Partial<Overview> = {}): Overview => ({
  period: LAST,
  closed: true,
  missing: [],
  statements: [STATEMENT],
  ...over,
});

const summary = (over: Partial<InvoiceSummary> & { id: string; number: string }): InvoiceSummary => ({
  kind: 'invoice',
  status: 'open',
  period: '2026-09',
  issuedOn: '2026-10-01',
  dueOn: '2026-10-15',
  currency: 'EUR',
  subtotalCents: 10_000,
  vatCents: 2_100,
  totalCents: 12_100,
  correctsId: null,
  correctsNumber: null,
  companyId: 'c-1',
  buyerName: 'Lovelace Analytica B.V.',
  paidAt: null,
  ...over,
});

const full = (s: InvoiceSummary, over: Partial<Invoice> = {}): Invoice => ({
  ...s,
  locale: 'nl',
  vatTreatment: 'standard',
  reason: '',
  seller: {
    name: 'Belwise B.V.',
    street: 'Keizersgracht 1',
    postcode: '1015 AA',
    city: 'Amsterdam',
    country: 'NL',
    kvk: '12345678',
    vatId: 'NL001234567B01',
    email: '',
    iban: 'NL91ABNA0417164300',
  },
  buyer: {
    name: s.buyerName,
    street: 'Dam 1',
    postcode: '1012 JS',
    city: 'Amsterdam',
    country: 'NL',
    kvk: '87654321',
    vatId: 'NL123456789B01',
    email: 'facturen@lovelace.nl',
    iban: '',
  },
  lines: LINES,
  vat: [{ rateBp: 2100, netCents: s.subtotalCents, vatCents: s.vatCents }],
  paidVia: '',
  reminderSentAt: null,
  creditedCents: 0,
  creditNotes: [],
  version: 3,
  createdAt: '2026-10-01T08:00:00Z',
  createdBy: 'staff-1',
  ...over,
});

const OPEN = summary({ id: 'i-1', number: '2026-0001' });
const OVERDUE = summary({
  id: 'i-2',
  number: '2026-0002',
  status: 'overdue',
  dueOn: '2026-09-15',
  issuedOn: '2026-09-01',
  period: '2026-08',
});

const consoleApi = (handlers: Record<string, Response | ((body: unknown) => Response)> = {}, ov: Overview = overview()) =>
  mockApi({
    'GET /api/me': signedIn(STAFF),
    [`GET /api/console/billing?period=${ov.period}`]: json(200, ov),
    'GET /api/console/invoices': json(200, { invoices: [OVERDUE, OPEN] }),
    ...handlers,
  });

describe('/console/billing: statements', () => {
  it('shows last month’s statements in Dutch, and issues an invoice only after a confirmation', async () => {
    const issued = full(summary({ id: 'i-9', number: '2026-0009', period: LAST, totalCents: 313_041 }), {
      buyer: { ...full(OPEN).buyer, email: 'facturen@lovelace.nl' },
    });
    const { sent } = consoleApi({ 'POST /api/console/billing/invoices': json(201, { invoice: issued }) });
    await renderConsole('/nl/console/billing', 'nl');
    // The month picker shows last month.
    expect(((await screen.findByLabelText('Maand')) as HTMLSelectElement).value).toBe(LAST);
    expect(screen.getByRole('heading', { level: 1, name: 'Facturatie' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Facturatie' }).getAttribute('aria-current')).toBe('page');

    const card = screen.getByRole('article', { name: 'Lovelace Analytica B.V.' });
    const rows = within(within(card).getByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(within(rows[1]).getByText('Setup fee, order #abcd1234')).toBeTruthy();
    expect(within(rows[2]).getByText('17 van 31 dagen')).toBeTruthy();
    expect(within(rows[2]).getByText(`€ 49,00 per maand`)).toBeTruthy();
    expect(within(rows[3]).getByText('612,5 min')).toBeTruthy();
    expect(within(rows[3]).getByText(`€ 0,10 per minuut`)).toBeTruthy();
    expect(within(rows[3]).getByText(`€ 61,25`)).toBeTruthy();
    expect(within(card).getByText('Subtotaal excl. btw').nextElementSibling?.textContent).toBe(`€${NBSP}2.587,12`);
    expect(within(card).getByText('Btw 21%').nextElementSibling?.textContent).toBe(`€${NBSP}543,29`);
    expect(within(card).getByText('Totaal incl. btw').nextElementSibling?.textContent).toBe(`€${NBSP}3.130,41`);

    // Nothing is issued before the confirmation; the question gets the focus.
    fireEvent.click(within(card).getByRole('button', { name: /^Factuur opmaken voor Lovelace Analytica B\.V\./ }));
    const question = within(card).getByRole('group');
    expect(document.activeElement?.textContent).toMatch(/^Factuur opmaken voor Lovelace Analytica B\.V\., .+\?$/);
    expect(within(question).getByText(/kunt u niet meer wijzigen of intrekken: een correctie gaat via een creditnota/)).toBeTruthy();
    expect(within(question).getByText(/facturen@lovelace\.nl/)).toBeTruthy();
    expect(sent('POST /api/console/billing/invoices')).toEqual([]);

    // Cancel puts the focus back on the button; confirming issues it.
    fireEvent.click(within(question).getByRole('button', { name: 'Annuleren' }));
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toMatch(/^Factuur opmaken voor/));
    fireEvent.click(within(card).getByRole('button', { name: /^Factuur opmaken voor/ }));
    fireEvent.click(within(card).getByRole('button', { name: 'Ja, factuur opmaken' }));
    const done = await within(card).findByText(`Factuur 2026-0009 opgemaakt voor € 3.130,41. Die is onderweg naar facturen@lovelace.nl.`);
    expect(sent('POST /api/console/billing/invoices')).toEqual([{ buyerId: 'u-1', period: LAST }]);
    await waitFor(() => expect(document.activeElement?.contains(done)).toBe(true));
    expect(within(card).queryByRole('button', { name: /^Factuur opmaken/ })).toBeNull();
    expect(within(card).getByRole('link', { name: '2026-0009 downloaden als pdf' }).getAttribute('href')).toBe('/api/invoices/i-9.pdf');
    // The issued invoice heads the list below.
    const list = screen.getByRole('table', { name: 'Opgemaakte facturen en creditnota’s, nieuwste eerst' });
    expect(within(list).getAllByRole('row')[1].textContent).toContain('2026-0009');
  });

  it('marks reverse charge and missing company details, and offers no invoice for them or an issued one', async () => {
    const invoiced = { ...STATEMENT, invoice: { id: 'i-1', number: '2026-0001', status: 'open' as const } };
    consoleApi({}, overview({ statements: [invoiced, REVERSE, MISSING] }));
    await renderConsole('/console/billing');
    const reverse = await screen.findByRole('article', { name: 'Peeters BV' });
    expect(within(reverse).getAllByText('VAT reverse charged').length).toBeGreaterThan(0);
    expect(within(reverse).getByText(/the buyer accounts for the VAT/)).toBeTruthy();
    expect(within(reverse).getByRole('button', { name: /^Issue the invoice for Peeters BV/ })).toBeTruthy();

    const missing = screen.getByRole('article', { name: 'Kim de Vries' });
    expect(within(missing).getAllByText('Company details missing').length).toBeGreaterThan(0);
    expect(within(missing).queryByRole('button', { name: /^Issue/ })).toBeNull();

    const done = screen.getByRole('article', { name: 'Lovelace Analytica B.V.' });
    expect(within(done).getByText(/Invoiced as 2026-0001/)).toBeTruthy();
    expect(within(done).queryByRole('button', { name: /^Issue/ })).toBeNull();
  });

  it('says a month is still running and offers no invoice yet', async () => {
    consoleApi({}, overview({ closed: false }));
    await renderConsole('/console/billing');
    expect(await screen.findByText(/is still running: these statements grow until the month is over/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Issue/ })).toBeNull();
  });

  it('says which COMPANY_ settings are missing before anyone tries', async () => {
    consoleApi({}, overview({ missing: ['COMPANY_IBAN', 'COMPANY_VAT'] }));
    await renderConsole('/console/billing');
    expect((await screen.findAllByRole('alert'))[0].textContent).toBe(
      'Invoices cannot be issued until the server has the agency’s details. Missing: COMPANY_IBAN, COMPANY_VAT.',
    );
  });

  it.each([
    ['period_open', /is not over yet\. Its invoices can be issued from the 1st of the next month\.$/],
    ['already_invoiced', /^This buyer’s invoice for .+ has been issued already\./],
    ['company_missing', /^This buyer has no company details yet/],
    ['nothing_to_bill', /^There is nothing to bill for this buyer in .+\.$/],
    ['billing_not_configured', /Missing: COMPANY_KVK\.$/],
  ])('shows the server’s 409 %s in words', async (code, words) => {
    const ov = overview();
    mockApi({
      'GET /api/me': signedIn(STAFF),
      [`GET /api/console/billing?period=${LAST}`]: () => json(200, code === 'billing_not_configured' ? { ...ov, missing: [] } : ov),
      'GET /api/console/invoices': json(200, { invoices: [] }),
      'POST /api/console/billing/invoices': apiError(409, code),
    });
    await renderConsole('/console/billing');
    const card = await screen.findByRole('article', { name: 'Lovelace Analytica B.V.' });
    fireEvent.click(within(card).getByRole('button', { name: /^Issue the invoice/ }));
    fireEvent.click(within(card).getByRole('button', { name: 'Yes, issue invoice' }));
    const alert = await within(card).findByRole('alert');
    if (code === 'billing_not_configured')
      expect(alert.textContent).toMatch(/^Invoices cannot be issued until the server has the agency’s details/);
    else expect(alert.textContent).toMatch(words);
  });

  it('reads another month from the URL and goes to the one chosen', async () => {
    const { requested } = mockApi({
      'GET /api/me': signedIn(STAFF),
      'GET /api/console/billing?period=2026-03': json(200, overview({ period: '2026-03', statements: [] })),
      'GET /api/console/invoices': json(200, { invoices: [] }),
    });
    const app = await renderConsole('/console/billing?period=2026-03');
    expect(await screen.findByText('Nothing to bill for March 2026: no order was live and no calls were made.')).toBeTruthy();
    expect(screen.getByText('No invoices issued yet.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Month'), { target: { value: LAST } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(app.location()).toBe(`/console/billing?period=${LAST}`));
    await waitFor(() => expect(requested()).toContain(`/api/console/billing?period=${LAST}`));
  });
});

describe('/console/billing: issued invoices', () => {
  it('lists them with their status, overdue highlighted, and the downloads', async () => {
    consoleApi();
    await renderConsole('/console/billing');
    const table = await screen.findByRole('table', { name: 'Issued invoices and credit notes, newest first' });
    const [, overdue, open] = within(table).getAllByRole('row');
    expect(overdue.hasAttribute('data-overdue')).toBe(true);
    expect(within(overdue).getByText('Overdue')).toBeTruthy();
    expect(within(overdue).getByText('Overdue since September 15, 2026')).toBeTruthy();
    expect(open.hasAttribute('data-overdue')).toBe(false);
    expect(within(open).getByText('Due October 15, 2026')).toBeTruthy();
    expect(within(open).getByText('€121.00')).toBeTruthy();
    expect(within(open).getByRole('link', { name: 'Download 2026-0001 as UBL e-invoice (XML)' }).getAttribute('href')).toBe(
      '/api/invoices/i-1.xml',
    );
  });

  it('marks an invoice paid on a day (today by default) with its version', async () => {
    const { sent } = consoleApi({
      'GET /api/console/invoices/i-1': json(200, { invoice: full(OPEN) }),
      'PATCH /api/console/invoices/i-1': (body) =>
        json(200, { invoice: full({ ...OPEN, status: 'paid', paidAt: (body as { paidAt: string }).paidAt }, { version: 4 }) }),
    });
    await renderConsole('/console/billing');
    const table = await screen.findByRole('table', { name: 'Issued invoices and credit notes, newest first' });
    fireEvent.click(within(table).getByRole('button', { name: 'Mark invoice 2026-0001 paid' }));
    const date = within(table).getByLabelText(/^Date invoice 2026-0001 was paid/) as HTMLInputElement;
    expect(date.value).toBe(amsterdamToday());
    expect(document.activeElement).toBe(date);
    // Not in the future.
    fireEvent.change(date, { target: { value: '2999-01-01' } });
    fireEvent.click(within(table).getByRole('button', { name: 'Save the payment of invoice 2026-0001' }));
    expect(await within(table).findByText('Enter the date the payment arrived, not in the future.')).toBeTruthy();
    fireEvent.change(date, { target: { value: '2026-10-10' } });
    fireEvent.click(within(table).getByRole('button', { name: 'Save the payment of invoice 2026-0001' }));
    const said = await within(table).findByText('Invoice 2026-0001 is marked paid on October 10, 2026.');
    expect(sent('PATCH /api/console/invoices/i-1')).toEqual([{ paidAt: '2026-10-10', version: 3 }]);
    await waitFor(() => expect(document.activeElement).toBe(said));
    const row = within(table)
      .getAllByRole('row')
      .find((r) => r.textContent?.includes('2026-0001'))!;
    expect(within(row).getByText('Paid')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: /Mark invoice/ })).toBeNull();
  });

  it('makes a credit note of some amounts, typed the Dutch way, with a reason', async () => {
    const note = full(
      summary({
        id: 'c-9',
        number: '2026-0010',
        kind: 'credit_note',
        status: 'credit',
        totalCents: -3_025,
        correctsId: 'i-1',
        correctsNumber: '2026-0001',
      }),
    );
    const { sent } = consoleApi({
      'GET /api/console/invoices/i-1': json(200, { invoice: full(OPEN) }),
      'POST /api/console/invoices/i-1/credit-note': json(201, { invoice: note }),
    });
    await renderConsole('/nl/console/billing', 'nl');
    const table = await screen.findByRole('table', { name: 'Opgemaakte facturen en creditnota’s, nieuwste eerst' });
    fireEvent.click(within(table).getByRole('button', { name: 'Creditnota maken voor factuur 2026-0001' }));
    const form = within(table).getByRole('form', { name: 'Creditnota voor factuur 2026-0001' });
    expect(document.activeElement?.textContent).toBe('Creditnota voor factuur 2026-0001');
    expect(within(form).getByLabelText(`De hele factuur (€ 121,00)`)).toBeTruthy();
    fireEvent.click(within(form).getByLabelText('Een deel van de bedragen'));
    fireEvent.click(within(form).getByRole('button', { name: 'Creditnota maken' }));
    expect(await within(form).findByText('Geef aan waarom u deze factuur crediteert.')).toBeTruthy();
    expect(within(form).getByText('Omschrijf wat deze regel crediteert.')).toBeTruthy();
    expect(sent('POST /api/console/invoices/i-1/credit-note')).toEqual([]);

    fireEvent.change(within(form).getByLabelText(/^Reden/), { target: { value: 'Minuten dubbel geteld' } });
    fireEvent.change(within(form).getByLabelText('Omschrijving van regel 1'), { target: { value: 'Gespreksminuten september' } });
    fireEvent.change(within(form).getByLabelText('Bedrag van regel 1 excl. btw'), { target: { value: '25,00' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Regel toevoegen' }));
    fireEvent.change(within(form).getByLabelText('Omschrijving van regel 2'), { target: { value: 'Korting' } });
    fireEvent.change(within(form).getByLabelText('Bedrag van regel 2 excl. btw'), { target: { value: '0' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Creditnota maken' }));
    expect(await within(form).findByText(`Vul een bedrag boven nul in zoals 25,00, met hoogstens twee decimalen.`)).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Regel 2 verwijderen' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Creditnota maken' }));
    expect(await screen.findByText(`Creditnota 2026-0010 gemaakt voor € -30,25. Die is onderweg naar de koper.`)).toBeTruthy();
    expect(sent('POST /api/console/invoices/i-1/credit-note')).toEqual([
      { reason: 'Minuten dubbel geteld', lines: [{ description: 'Gespreksminuten september', amountCents: 2_500 }] },
    ]);
    const first = within(table).getAllByRole('row')[1];
    expect(first.textContent).toContain('2026-0010');
    expect(first.textContent).toContain('Corrigeert factuur 2026-0001');
  });

  it('credits the whole invoice without lines, and says when that is too much', async () => {
    const { sent } = consoleApi({
      'GET /api/console/invoices/i-1': json(200, {
        invoice: full(OPEN, { creditedCents: 12_100, creditNotes: [summary({ id: 'c-1', number: '2026-0003' })] }),
      }),
      'POST /api/console/invoices/i-1/credit-note': apiError(409, 'credit_exceeds_invoice'),
    });
    await renderConsole('/console/billing');
    const table = await screen.findByRole('table', { name: 'Issued invoices and credit notes, newest first' });
    fireEvent.click(within(table).getByRole('button', { name: 'Make a credit note for invoice 2026-0001' }));
    const form = within(table).getByRole('form', { name: 'Credit note for invoice 2026-0001' });
    expect(await within(form).findByText('Credited so far: €121.00 incl. VAT (2026-0003).')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText(/^Reason/), { target: { value: 'Cancelled before going live' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Make credit note' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'The credit notes would add up to more than this invoice’s total. Credit a smaller amount.',
    );
    expect(sent('POST /api/console/invoices/i-1/credit-note')).toEqual([{ reason: 'Cancelled before going live' }]);
  });
});

const MINE: BuyerInvoices = {
  invoices: [
    summary({
      id: 'c-9',
      number: '2026-0010',
      kind: 'credit_note',
      status: 'credit',
      totalCents: -3_025,
      correctsId: 'i-1',
      correctsNumber: '2026-0001',
    }),
    summary({ id: 'i-2', number: '2026-0002', status: 'overdue', payUrl: 'https://pay.example/tr_1' }),
    { ...OPEN, payTo: { name: 'Belwise B.V.', iban: 'NL91ABNA0417164300' } },
    summary({ id: 'i-0', number: '2025-0042', status: 'paid', paidAt: '2025-12-20', period: '2025-11' }),
  ],
  usageThisMonth: { period: '2026-11', seconds: 36_720, minutes: 612, amountCents: 6_120, currency: 'EUR' },
  hasCompany: true,
};

describe('/dashboard/invoices', () => {
  it('says the usage so far this month, and lists every invoice and credit note with its downloads and how to pay', async () => {
    mockApi({ 'GET /api/me': signedIn(), 'GET /api/invoices': json(200, MINE) });
    await renderDashboard();
    expect(await screen.findByText('Usage so far this month: 612 minutes, €61.20 excl. VAT')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Invoices' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Invoices' }).getAttribute('aria-current')).toBe('page');
    expect(screen.queryByText('Your company details are missing')).toBeNull();

    const table = screen.getByRole('table', { name: 'Your invoices and credit notes, newest first' });
    const text = (number: string) =>
      within(table)
        .getAllByRole('row')
        .filter((r) => r.textContent?.includes(number) || r.previousElementSibling?.textContent?.includes(number))
        .map((r) => r.textContent)
        .join(' | ');
    expect(text('2026-0010')).toContain('Corrects invoice 2026-0001');
    expect(text('2026-0010')).toContain('Credit note');
    // Open with a pay link: iDEAL; open without: bank transfer with the number as reference; paid: neither.
    expect(within(table).getByRole('link', { name: 'Pay invoice 2026-0002 with iDEAL' }).getAttribute('href')).toBe(
      'https://pay.example/tr_1',
    );
    expect(text('2026-0001')).toContain(
      'Transfer €121.00 by October 15, 2026 to NL91 ABNA 0417 1643 00 (Belwise B.V.), with reference 2026-0001.',
    );
    expect(within(table).queryByRole('link', { name: 'Pay invoice 2026-0001 with iDEAL' })).toBeNull();
    expect(text('2025-0042')).toContain('Paid on December 20, 2025');
    expect(text('2025-0042')).not.toContain('Transfer');
    expect(within(table).getByRole('link', { name: 'Download 2025-0042 as PDF' }).getAttribute('href')).toBe('/api/invoices/i-0.pdf');
  });

  it('in Dutch, with no invoices yet and no company details: the empty state and the way to add them', async () => {
    mockApi({
      'GET /api/me': signedIn(),
      'GET /api/invoices': json(200, { ...MINE, invoices: [], hasCompany: false }),
    });
    await renderDashboard('nl');
    expect(await screen.findByText(`Verbruik deze maand tot nu toe: 612 minuten, € 61,20 excl. btw`)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Nog geen facturen' })).toBeTruthy();
    const notice = screen.getByRole('region', { name: 'Uw bedrijfsgegevens ontbreken' });
    expect(within(notice).getByRole('link', { name: 'Bedrijfsgegevens invullen' }).getAttribute('href')).toBe('/nl/dashboard/company');
  });

  it('shows Pay with iDEAL in Dutch', async () => {
    mockApi({ 'GET /api/me': signedIn(), 'GET /api/invoices': json(200, MINE) });
    await renderDashboard('nl');
    const link = await screen.findByRole('link', { name: 'Factuur 2026-0002 betalen met iDEAL' });
    expect(link.textContent).toBe('Betalen met iDEAL');
  });

  it('says when the invoices cannot be loaded, and tries again', async () => {
    let calls = 0;
    mockApi({
      'GET /api/me': signedIn(),
      'GET /api/invoices': () => (calls++ === 0 ? apiError(503, 'unavailable') : json(200, MINE)),
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderDashboard();
    expect((await screen.findByRole('alert')).textContent).toMatch(/^We couldn’t load your invoices\./);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Usage so far this month: 612 minutes, €61.20 excl. VAT')).toBeTruthy();
  });
});
