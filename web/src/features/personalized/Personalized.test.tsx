import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Lang } from '../../shared/paths';
import { mockApi, signedOut } from '../../shared/testing/mockApi';
import { renderApp } from '../../shared/testing/renderApp';
import { Component as PersonalizedPage } from './Personalized';

const PROMPT =
  'We run a dental practice in Utrecht. Patients should book appointments 24/7 in Google Calendar and get reminders via WhatsApp.';

const renderPage = (lang: Lang = 'en') =>
  renderApp({ path: 'personalized', element: <PersonalizedPage /> }, lang === 'nl' ? '/nl/personalized' : '/personalized', lang);

const prompt = () => screen.getByRole('textbox', { name: 'Describe your business and what your agent should do' });
const generate = () => screen.getByRole('button', { name: 'Generate my agent' }) as HTMLButtonElement;

function generateFor(text: string) {
  fireEvent.change(prompt(), { target: { value: text } });
  fireEvent.click(generate());
}

beforeEach(() => {
  mockApi({ 'GET /api/me': signedOut() });
  // Only the timers: the router and React keep their own scheduling.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('/personalized', () => {
  it('keeps Generate disabled while the prompt is empty or only whitespace', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Try your personalized voice agent' })).toBeTruthy();
    expect(generate().disabled).toBe(true);
    fireEvent.change(prompt(), { target: { value: '  \n\t ' } });
    expect(generate().disabled).toBe(true);
    fireEvent.change(prompt(), { target: { value: 'A bakery' } });
    expect(generate().disabled).toBe(false);
  });

  it('reads "Generating Your Agent..." for exactly 2 seconds, then shows the ready card', () => {
    renderPage();
    generateFor(PROMPT);
    const busy = screen.getByRole('button', { name: 'Generating Your Agent...' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('Building your agent. This takes a moment.');

    act(() => vi.advanceTimersByTime(1999));
    expect(screen.getByRole('button', { name: 'Generating Your Agent...' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Your agent is ready' })).toBeNull();

    act(() => vi.advanceTimersByTime(1));
    const heading = screen.getByRole('heading', { level: 2, name: 'Your agent is ready' });
    expect(document.activeElement).toBe(heading);
    expect(screen.queryByRole('button', { name: 'Generating Your Agent...' })).toBeNull();
    expect(generate().disabled).toBe(false);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('shows what it derived from the prompt: name, goals, languages, integrations and greeting', () => {
    renderPage();
    generateFor(PROMPT);
    act(() => vi.advanceTimersByTime(2000));
    const card = screen.getByRole('region', { name: 'Your agent is ready' });
    expect(within(card).getByRole('heading', { level: 3 }).textContent).toMatch(/dental practice/);
    expect(within(card).getByText(/Google Calendar/, { selector: 'p' })).toBeTruthy();
    const integrations = within(card).getByRole('list', { name: 'Connects to' });
    expect(
      within(integrations)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Google Calendar', 'WhatsApp']);
    const languages = within(card).getByRole('list', { name: 'Call languages' });
    expect(
      within(languages)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['English']);
    expect(card.querySelector('blockquote')!.getAttribute('lang')).toBe('en');
    expect(within(card).getByRole('heading', { name: 'What it does' })).toBeTruthy();
  });

  it('offers a Test agent button that starts a call with the draft, and a quote link carrying the prompt', async () => {
    const startVoiceCall = vi.fn(() => true);
    vi.doMock('../voice/api', () => ({ startVoiceCall }));
    const app = renderPage();
    generateFor(PROMPT);
    act(() => vi.advanceTimersByTime(2000));
    const test = screen.getByRole('button', { name: 'Test agent' }) as HTMLButtonElement;
    expect(test.disabled).toBe(false);
    expect(document.getElementById(test.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Starts a test call with this agent in the assistant at the bottom right: type or talk to it.',
    );
    fireEvent.click(test);
    await vi.waitFor(() => expect(startVoiceCall).toHaveBeenCalledTimes(1));
    const [{ draft }] = startVoiceCall.mock.calls[0] as unknown as [{ draft: { name: string; integrations: string[] } }];
    expect(draft.integrations).toContain('Google Calendar');
    vi.doUnmock('../voice/api');
    const quote = screen.getByRole('link', { name: 'Get full implementation quote' });
    expect(quote.getAttribute('href')).toBe(`/quote?description=${encodeURIComponent(PROMPT)}`);
    fireEvent.click(quote);
    expect(app.location()).toBe(`/quote?description=${encodeURIComponent(PROMPT)}`);
  });

  it('replaces the card when generating again with a changed prompt', () => {
    renderPage();
    generateFor(PROMPT);
    act(() => vi.advanceTimersByTime(2000));
    generateFor('We sell shoes online with Shopify and answer questions about orders in Dutch and German.');
    // The old card goes while the new one is being made.
    expect(screen.queryByRole('heading', { name: 'Your agent is ready' })).toBeNull();
    act(() => vi.advanceTimersByTime(2000));
    const card = screen.getByRole('region', { name: 'Your agent is ready' });
    expect(within(within(card).getByRole('list', { name: 'Connects to' })).getByText('Shopify')).toBeTruthy();
    expect(within(card).queryByText('Google Calendar')).toBeNull();
    expect(
      within(within(card).getByRole('list', { name: 'Call languages' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Dutch', 'German']);
    expect(screen.getAllByRole('heading', { name: 'Your agent is ready' })).toHaveLength(1);
  });

  it('speaks Dutch on the Dutch page', () => {
    renderPage('nl');
    fireEvent.change(screen.getByRole('textbox', { name: 'Beschrijf uw bedrijf en wat uw agent moet doen' }), {
      target: {
        value: 'Ik heb een tandartspraktijk en wil afspraken in Google Agenda, in het Nederlands en Engels, en een herinnering per sms.',
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Maak mijn agent' }));
    expect(screen.getByRole('button', { name: 'Uw agent wordt gemaakt...' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(2000));
    const card = screen.getByRole('region', { name: 'Uw agent is klaar' });
    expect(
      within(within(card).getByRole('list', { name: 'Gesprekstalen' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Nederlands', 'Engels']);
    // Products by their Dutch names, on the chips as in the text.
    expect(
      within(within(card).getByRole('list', { name: 'Koppelt met' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Google Agenda', 'Sms']);
    expect(within(card).queryByText(/Google Calendar/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Agent testen' })).toHaveProperty('disabled', false);
    expect(screen.getByRole('link', { name: 'Vraag een volledige offerte aan' }).getAttribute('href')).toMatch(
      /^\/nl\/quote\?description=/,
    );
  });
});
