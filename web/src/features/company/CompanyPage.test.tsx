import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screenRoute } from '../../app/routes';
import { json, mockApi, signedIn, USER } from '../../shared/testing/mockApi';
import { loadedRoute, renderApp } from '../../shared/testing/renderApp';
import type { Company, Country } from './api';

// The company page through the dashboard's real route (/dashboard/company), and its reminder on the overview.
const render = async (url: string, lang: 'en' | 'nl' = 'en') => renderApp(await loadedRoute(screenRoute(lang, 'dashboard')), url, lang);

const COUNTRIES: Country[] = [
  { code: 'NL', postcodeExample: '1015 AA', vatExample: 'NL123456789B01' },
  { code: 'AT', postcodeExample: '1010', vatExample: 'ATU12345678' },
  { code: 'BE', postcodeExample: '1000', vatExample: 'BE0123456789' },
  { code: 'DE', postcodeExample: '10115', vatExample: 'DE123456789' },
  { code: 'GR', postcodeExample: '105 57', vatExample: 'EL123456789' },
];
const STORED: Company = {
  id: 'c-1',
  callRetention: '90',
  legalName: 'De Vries Installatietechniek B.V.',
  street: 'Stationsweg 12',
  postcode: '3511 CE',
  city: 'Utrecht',
  country: 'NL',
  kvk: '12345678',
  vatId: 'NL812345678B01',
  invoiceEmail: 'administratie@devries.example',
  version: 3,
  updatedAt: '2026-11-27T10:00:00Z',
};
const answer = (company: Company | null) => json(200, { company, countries: COUNTRIES });

beforeEach(() => {
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as never;
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const input = (label: RegExp | string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: RegExp | string, value: string) => fireEvent.change(input(label), { target: { value } });
const errorOf = (el: HTMLElement) => document.getElementById(`${el.id}-error`)?.textContent;

describe('/dashboard/company', () => {
  it('checks the form before sending, maps every problem of the 400 to its field, keeps what was typed, then saves', async () => {
    const bad = json(400, {
      error: {
        code: 'invalid_postcode',
        message: 'This is not a postcode of NL.',
        field: 'postcode',
        errors: [
          { code: 'invalid_postcode', message: 'This is not a postcode of NL.', field: 'postcode' },
          { code: 'invalid_vat_id', message: 'This is not a VAT id of NL.', field: 'vatId' },
        ],
      },
    });
    let reply = bad;
    const { sent } = mockApi({ 'GET /api/me': signedIn(), 'GET /api/company': answer(null), 'PUT /api/company': () => reply });
    await render('/dashboard/company');
    expect(await screen.findByRole('button', { name: 'Save company details' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Company details' })).toBeTruthy();
    expect(screen.getByText('You have not added your company details yet.')).toBeTruthy();
    // The Netherlands first and chosen; the KvK number is asked for a Dutch company.
    const country = screen.getByLabelText(/^Country/) as HTMLSelectElement;
    expect(country.value).toBe('NL');
    expect(within(country).getAllByRole('option')[0].textContent).toBe('Netherlands');
    expect(screen.getByText('For example NL123456789B01.')).toBeTruthy();

    // Nothing filled in: every required field says so, nothing is sent, the first is focused.
    fireEvent.click(screen.getByRole('button', { name: 'Save company details' }));
    expect(await screen.findByText("Enter your company's legal name.")).toBeTruthy();
    expect(screen.getByText('Enter the KvK number: 8 digits.')).toBeTruthy();
    expect(screen.getByText('Enter the email address for invoices.')).toBeTruthy();
    expect(sent('PUT /api/company')).toEqual([]);
    await waitFor(() => expect(document.activeElement).toBe(input(/Legal name/)));

    type(/Legal name/, 'De Vries Installatietechniek B.V.');
    type(/Street and number/, 'Stationsweg 12');
    type(/Postcode/, '35');
    type(/^City/, 'Utrecht');
    type(/KvK number/, '12345678');
    type(/VAT id/, 'NL123');
    type(/Email address for invoices/, 'administratie@devries.example');
    expect(errorOf(input(/Legal name/))).toBeUndefined();
    fireEvent.click(screen.getByRole('button', { name: 'Save company details' }));

    // The server's two problems, each at its field in words with the country's example; the rest untouched.
    expect(await screen.findByText('This is not a postcode of Netherlands. It looks like 1015 AA.')).toBeTruthy();
    expect(errorOf(input(/VAT id/))).toBe('This is not a VAT id of Netherlands. It looks like NL123456789B01.');
    expect(input(/VAT id/).getAttribute('aria-invalid')).toBe('true');
    expect(input(/Legal name/).getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(input(/Postcode/)));
    expect(input(/Legal name/).value).toBe('De Vries Installatietechniek B.V.');
    expect(input(/Postcode/).value).toBe('35');
    expect(input(/VAT id/).value).toBe('NL123');
    expect(sent('PUT /api/company')[0]).toEqual({
      legalName: 'De Vries Installatietechniek B.V.',
      street: 'Stationsweg 12',
      postcode: '35',
      city: 'Utrecht',
      country: 'NL',
      kvk: '12345678',
      vatId: 'NL123',
      invoiceEmail: 'administratie@devries.example',
    });

    // Editing a field clears its message; a save shows the stored (tidied) details and says so.
    type(/Postcode/, '3511ce');
    expect(errorOf(input(/Postcode/))).toBeUndefined();
    type(/VAT id/, 'nl812345678b01');
    reply = json(200, { company: { ...STORED, version: 1 } });
    fireEvent.click(screen.getByRole('button', { name: 'Save company details' }));
    expect(await screen.findByText('Your company details are saved.')).toBeTruthy();
    expect(input(/Postcode/).value).toBe('3511 CE');
    expect(input(/VAT id/).value).toBe('NL812345678B01');
    expect(screen.queryByText('You have not added your company details yet.')).toBeNull();
    // The next save sends the version it got.
    type(/^City/, 'Amersfoort');
    expect(screen.queryByText('Your company details are saved.')).toBeNull();
    reply = json(200, { company: { ...STORED, city: 'Amersfoort', version: 2 } });
    fireEvent.click(screen.getByRole('button', { name: 'Save company details' }));
    expect(await screen.findByText('Your company details are saved.')).toBeTruthy();
    expect(sent('PUT /api/company')[2]).toMatchObject({ city: 'Amersfoort', version: 1 });
  });

  it('in Dutch: country names in Dutch, no KvK number outside the Netherlands, the VAT id refused at its field', async () => {
    const { sent } = mockApi({
      'GET /api/me': signedIn(),
      'GET /api/company': answer(STORED),
      'PUT /api/company': json(400, {
        error: {
          code: 'invalid_vat_id',
          message: 'no',
          field: 'vatId',
          errors: [{ code: 'invalid_vat_id', message: 'no', field: 'vatId' }],
        },
      }),
    });
    await render('/nl/dashboard/company', 'nl');
    expect(await screen.findByRole('button', { name: 'Bedrijfsgegevens opslaan' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Bedrijfsgegevens' })).toBeTruthy();
    expect(input(/Statutaire naam/).value).toBe('De Vries Installatietechniek B.V.');
    const country = screen.getByLabelText(/^Land/) as HTMLSelectElement;
    expect(
      within(country)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Nederland', 'België', 'Duitsland', 'Griekenland', 'Oostenrijk']);
    expect(screen.getByLabelText(/KvK-nummer/)).toBeTruthy();
    fireEvent.change(country, { target: { value: 'BE' } });
    expect(screen.queryByLabelText(/KvK-nummer/)).toBeNull();
    expect(screen.getByText('Bijvoorbeeld BE0123456789.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Bedrijfsgegevens opslaan' }));
    expect(await screen.findByText('Dit is geen btw-nummer van België. Dat ziet eruit als BE0123456789.')).toBeTruthy();
    // A Belgian company has no KvK number to send; the version read goes along.
    expect(sent('PUT /api/company')[0]).toMatchObject({ country: 'BE', kvk: '', vatId: 'NL812345678B01', version: 3 });
  });

  it('on a stale version keeps what was typed, says so, and saves over it with the stored version next time', async () => {
    let reply = json(409, { error: { code: 'version_conflict', message: 'stale' } });
    let reads = 0;
    const { sent } = mockApi({
      'GET /api/me': signedIn(),
      // The page's read, then (someone changed it meanwhile) the one after the conflict.
      'GET /api/company': () => answer(reads++ === 0 ? STORED : { ...STORED, city: 'Zwolle', version: 4 }),
      'PUT /api/company': () => reply,
    });
    await render('/dashboard/company');
    await screen.findByRole('button', { name: 'Save company details' });
    type(/^City/, 'Amersfoort');
    fireEvent.click(screen.getByRole('button', { name: 'Save company details' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'These details were changed elsewhere in the meantime (in another tab, perhaps). What you typed is still here: check it and save again to replace them.',
    );
    expect(input(/^City/).value).toBe('Amersfoort');
    expect(sent('PUT /api/company')[0]).toMatchObject({ city: 'Amersfoort', version: 3 });
    await waitFor(() => expect(reads).toBe(2));

    reply = json(200, { company: { ...STORED, city: 'Amersfoort', version: 5 } });
    fireEvent.click(screen.getByRole('button', { name: 'Save company details' }));
    expect(await screen.findByText('Your company details are saved.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(sent('PUT /api/company')[1]).toMatchObject({ city: 'Amersfoort', version: 4 });
    expect(input(/^City/).value).toBe('Amersfoort');
  });
});

describe('the dashboard overview', () => {
  const dashboard = json(200, { user: USER, stats: { active: 0, settingUp: 0, totalPurchases: 0, totalInvested: [] }, orders: [] });

  it('reminds a buyer without company details to add them, with a link to the page', async () => {
    mockApi({ 'GET /api/me': signedIn(), 'GET /api/dashboard?lang=en': dashboard, 'GET /api/company': answer(null) });
    await render('/dashboard');
    const link = await screen.findByRole('link', { name: 'Add company details' });
    expect(link.getAttribute('href')).toBe('/dashboard/company');
    expect(screen.getByText(/Add your company details so we can send you invoices\./)).toBeTruthy();
  });

  it('says nothing once they are in, nor when they cannot be read', async () => {
    for (const company of [answer(STORED), json(503, { error: { code: 'unavailable', message: 'down' } })]) {
      mockApi({ 'GET /api/me': signedIn(), 'GET /api/dashboard?lang=en': dashboard, 'GET /api/company': company });
      await render('/dashboard');
      await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada Lovelace' });
      await new Promise((r) => setTimeout(r, 20));
      expect(screen.queryByRole('link', { name: 'Add company details' })).toBeNull();
      cleanup();
    }
  });
});
