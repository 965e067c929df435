import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Lang } from '../../shared/paths';
import { apiError, json, mockApi, signedIn, signedOut } from '../../shared/testing/mockApi';
import { renderApp } from '../../shared/testing/renderApp';
import { Component as QuotePage } from './Quote';

const renderQuote = (url = '/quote', lang: Lang = 'en') => renderApp({ path: 'quote', element: <QuotePage /> }, url, lang);

const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

function fillRequired() {
  fireEvent.change(field('Full name'), { target: { value: 'Ada Lovelace' } });
  fireEvent.change(field('Email address'), { target: { value: 'ada@example.com' } });
  fireEvent.change(field('Description'), { target: { value: 'Answer calls and book appointments.' } });
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Request quote' }));

// The address the Go server writes into every page (QUOTE_INBOX); the form reads it from there.
const INBOX = 'offertes@agency.test';
const inboxMeta = document.createElement('meta');
inboxMeta.name = 'quote-inbox';

beforeEach(() => {
  // sonner asks for this when it mounts; jsdom has none.
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as never;
  inboxMeta.content = INBOX;
  document.head.append(inboxMeta);
});

afterEach(() => {
  // sonner keeps its toasts in a module-wide store and replays active ones to the next outlet.
  toast.dismiss();
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/quote', () => {
  it('shows the fields with their autocomplete, marking the required ones', () => {
    mockApi({ 'GET /api/me': signedOut() });
    renderQuote();
    expect(screen.getByRole('heading', { level: 1, name: 'Request a quote' })).toBeTruthy();
    for (const [name, autocomplete, required] of [
      ['Full name', 'name', true],
      ['Email address', 'email', true],
      ['Company name', 'organization', false],
      ['Business type', null, false],
      ['Phone number', 'tel', false],
      ['Description', null, true],
    ] as const) {
      const input = field(name);
      expect(input.getAttribute('autocomplete'), name).toBe(autocomplete);
      expect(input.required, name).toBe(required);
      expect(input.getAttribute('aria-required'), name).toBe(required ? 'true' : null);
      // The asterisk is for the eyes only: it is not part of the accessible name.
      expect(document.querySelector(`label[for="${input.id}"]`)!.textContent, name).toBe(required ? `${name} *` : name);
    }
    expect(field('Email address').type).toBe('email');
    expect(screen.getByRole('textbox', { name: 'Phone number' }).getAttribute('type')).toBe('tel');
    expect(field('Description').tagName).toBe('TEXTAREA');
    expect(field('Description').maxLength).toBe(5000);
    expect(screen.getByText('0 / 5000')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Preferred language' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'English' })).toHaveProperty('checked', true);
    expect(screen.getByRole('button', { name: 'Request quote' }).closest('form')!.noValidate).toBe(true);
  });

  it('defaults the language to the page language and translates the form', () => {
    mockApi({ 'GET /api/me': signedOut() });
    renderQuote('/nl/quote', 'nl');
    expect(screen.getByRole('heading', { level: 1, name: 'Offerte aanvragen' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Nederlands' })).toHaveProperty('checked', true);
    expect(screen.getByRole('textbox', { name: 'Volledige naam' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Offerte aanvragen' })).toBeTruthy();
  });

  it('sends nothing when a required field is blank: a toast, and the fields marked invalid', async () => {
    const { fetchMock } = mockApi({ 'GET /api/me': signedOut() });
    renderQuote();
    fireEvent.change(field('Full name'), { target: { value: '   ' } });
    fireEvent.change(field('Email address'), { target: { value: 'ada@example.com' } });
    submit();
    expect(await screen.findByText('Required fields missing')).toBeTruthy();
    expect(screen.getByText('Full name, email, and description are required.')).toBeTruthy();
    expect(field('Full name').getAttribute('aria-invalid')).toBe('true');
    expect(field('Description').getAttribute('aria-invalid')).toBe('true');
    expect(field('Email address').getAttribute('aria-invalid')).toBeNull();
    expect(document.getElementById(field('Full name').getAttribute('aria-describedby')!)!.textContent).toBe('Enter your full name.');
    expect(document.activeElement).toBe(field('Full name'));
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/me']);
  });

  it('says why an email address is not valid, without sending', () => {
    const { fetchMock } = mockApi({ 'GET /api/me': signedOut() });
    renderQuote();
    fillRequired();
    fireEvent.change(field('Email address'), { target: { value: 'not-an-email' } });
    submit();
    const email = field('Email address');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Enter a valid email address, like name@example.com.',
    );
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/me']);
  });

  it('reads "Submitting..." and is disabled while sending, and sends every field', async () => {
    const { sent } = mockApi({ 'GET /api/me': signedOut(), 'POST /api/quotes': new Promise<Response>(() => {}) });
    renderQuote();
    fillRequired();
    fireEvent.change(field('Company name'), { target: { value: ' Tandarts De Molen ' } });
    fireEvent.change(field('Business type'), { target: { value: 'Dental practice' } });
    fireEvent.change(field('Phone number'), { target: { value: '+31 20 123 4567' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Dutch' }));
    submit();
    const busy = await screen.findByRole('button', { name: 'Submitting...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() =>
      expect(sent('POST /api/quotes')).toEqual([
        {
          fullName: 'Ada Lovelace',
          companyName: 'Tandarts De Molen',
          businessType: 'Dental practice',
          email: 'ada@example.com',
          phone: '+31 20 123 4567',
          language: 'dutch',
          description: 'Answer calls and book appointments.',
          locale: 'en',
          timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
          website: '',
        },
      ]),
    );
  });

  it('sends the honeypot as `website`, hidden from people and assistive technology', async () => {
    const { sent } = mockApi({ 'GET /api/me': signedOut(), 'POST /api/quotes': json(201, { ok: true, id: 'q-1' }) });
    const { container } = renderQuote();
    const trap = container.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(trap.tabIndex).toBe(-1);
    expect(trap.getAttribute('autocomplete')).toBe('off');
    expect(trap.closest('[aria-hidden="true"]')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Website (leave empty)' })).toBeNull();
    fillRequired();
    fireEvent.change(trap, { target: { value: 'https://spam.example' } });
    submit();
    await screen.findByRole('heading', { name: 'Thank you for your request!' });
    expect(sent('POST /api/quotes')[0]).toMatchObject({ website: 'https://spam.example' });
  });

  it('replaces the form with a thank-you card that takes the focus and links home', async () => {
    mockApi({ 'GET /api/me': signedOut(), 'POST /api/quotes': json(201, { ok: true, id: 'q-1' }) });
    renderQuote('/nl/quote', 'nl');
    fireEvent.change(screen.getByRole('textbox', { name: 'Volledige naam' }), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'E-mailadres' }), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Omschrijving' }), { target: { value: 'Afspraken inplannen.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Offerte aanvragen' }));
    const heading = await screen.findByRole('heading', { level: 2, name: 'Bedankt voor uw aanvraag!' });
    // The focus moves in an effect after the card is in the DOM: on a loaded machine, a moment later.
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByText(/bevestiging gestuurd naar ada@example\.com/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Terug naar de homepage' }).getAttribute('href')).toBe('/nl');
    expect(screen.queryByRole('button', { name: 'Offerte aanvragen' })).toBeNull();
  });

  it.each([
    ['a server error', () => apiError(500, 'internal')],
    ['the database being down', () => apiError(503, 'unavailable')],
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('on %s, shows the error toast with the agency address and keeps every value', async (_, reply) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ 'GET /api/me': signedOut(), 'POST /api/quotes': () => reply() });
    renderQuote();
    fillRequired();
    fireEvent.change(field('Phone number'), { target: { value: '0612345678' } });
    submit();
    expect(await screen.findByText('Error sending request')).toBeTruthy();
    expect(screen.getByText(`Please try again or contact us directly at ${INBOX}`)).toBeTruthy();
    expect(error).toHaveBeenCalled();
    expect(field('Full name').value).toBe('Ada Lovelace');
    expect(field('Email address').value).toBe('ada@example.com');
    expect(field('Phone number').value).toBe('0612345678');
    expect(field('Description').value).toBe('Answer calls and book appointments.');
    expect(screen.getByRole('button', { name: 'Request quote' })).toHaveProperty('disabled', false);
  });

  it('names whatever inbox the server configured, never a built-in address', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    inboxMeta.content = 'sales@elsewhere.test';
    mockApi({ 'GET /api/me': signedOut(), 'POST /api/quotes': apiError(503, 'unavailable') });
    renderQuote();
    fillRequired();
    submit();
    expect(await screen.findByText('Please try again or contact us directly at sales@elsewhere.test')).toBeTruthy();
  });

  it('adds the wait in minutes on 429, in Dutch', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ 'GET /api/me': signedOut(), 'POST /api/quotes': apiError(429, 'rate_limited', { 'Retry-After': '540' }) });
    renderQuote('/nl/quote', 'nl');
    fireEvent.change(screen.getByRole('textbox', { name: 'Volledige naam' }), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'E-mailadres' }), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Omschrijving' }), { target: { value: 'Bellen.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Offerte aanvragen' }));
    expect(await screen.findByText('Versturen mislukt')).toBeTruthy();
    expect(screen.getByText(`Te veel aanvragen. Probeer het over 9 minuten opnieuw of mail ons direct op ${INBOX}`)).toBeTruthy();
  });

  it('puts a 400 about one field next to that field, and in the toast', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({
      'GET /api/me': signedOut(),
      'POST /api/quotes': json(400, { error: { code: 'invalid_email', message: 'Please enter a valid email address.', field: 'email' } }),
    });
    renderQuote();
    fillRequired();
    submit();
    expect(await screen.findByText('Error sending request')).toBeTruthy();
    const email = field('Email address');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(`${email.id}-error`)!.textContent).toBe('Enter a valid email address, like name@example.com.');
    expect(document.activeElement).toBe(email);
    // Typing again clears the message.
    fireEvent.change(email, { target: { value: 'ada@example.org' } });
    expect(email.getAttribute('aria-invalid')).toBeNull();
  });

  it('names the limit for a field that is too long', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({
      'GET /api/me': signedOut(),
      'POST /api/quotes': json(400, { error: { code: 'too_long', message: 'Phone is too long.', field: 'phone' } }),
    });
    renderQuote();
    fillRequired();
    submit();
    expect(await screen.findByText('This is too long: use at most 40 characters.', { selector: '.field-error' })).toBeTruthy();
    expect(field('Phone number').getAttribute('aria-invalid')).toBe('true');
  });

  it('fills the description from ?description= after hydration', async () => {
    mockApi({ 'GET /api/me': signedOut() });
    const prompt = 'We are a bakery & café; book tables in Google Calendar.';
    renderQuote(`/quote?description=${encodeURIComponent(prompt)}`);
    await waitFor(() => expect(field('Description').value).toBe(prompt));
    expect(screen.getByText(`${prompt.length} / 5000`)).toBeTruthy();
  });

  it('fills in name and email of a signed-in visitor, unless already typed', async () => {
    mockApi({ 'GET /api/me': signedIn() });
    renderQuote();
    await waitFor(() => expect(field('Full name').value).toBe('Ada Lovelace'));
    expect(field('Email address').value).toBe('ada@example.com');
  });

  it('announces the count politely once typing pauses', async () => {
    vi.useFakeTimers();
    mockApi({ 'GET /api/me': signedOut() });
    renderQuote();
    const description = field('Description');
    description.focus();
    fireEvent.change(description, { target: { value: 'Hello' } });
    const live = document.querySelector('[aria-live="polite"]')!;
    act(() => vi.advanceTimersByTime(999));
    expect(live.textContent).toBe('');
    act(() => vi.advanceTimersByTime(1));
    expect(live.textContent).toBe('5 of 5000 characters used');
    expect(description.getAttribute('aria-describedby')).toContain('quote-description-count');
  });
});
