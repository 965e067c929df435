// The buyer's time zone: times follow the browser's.
process.env.TZ = 'Europe/Amsterdam';

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screenRoute } from '../../app/routes';
import { callDetail, ORDER_ID } from '../../shared/testing/calls';
import { apiError, json, mockApi, signedIn } from '../../shared/testing/mockApi';
import type { CallDetail } from '../../shared/api/types';
import { loadedRoute, renderApp } from '../../shared/testing/renderApp';
import { notify } from '../../shared/ui/notify';

vi.mock('../../shared/ui/notify', () => ({ notify: vi.fn() }));

const renderDashboard = async (url: string, lang: 'en' | 'nl' = 'en') =>
  renderApp(await loadedRoute(screenRoute(lang, 'dashboard')), url, lang);

const CALL = `/api/orders/${ORDER_ID}/calls/c-1`;
/** The call as a page in `lang` asks for it: the server writes the number for that language. */
const GET = (lang: 'en' | 'nl') => `GET ${CALL}?lang=${lang}`;
const PAGE = (lang: 'en' | 'nl') => `${lang === 'nl' ? '/nl' : ''}/dashboard/agents/${ORDER_ID}/calls/c-1`;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const fact = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('/dashboard/agents/:orderId/calls/:callId', () => {
  it('shows the summary, the recording, the transcript (caller right, agent left) and the facts in plain words', async () => {
    mockApi({ 'GET /api/me': signedIn(), [GET('en')]: json(200, { call: callDetail() }) });
    await renderDashboard(PAGE('en'));
    expect(screen.getByRole('status').textContent).toBe('Loading call...');
    expect(await screen.findByRole('heading', { level: 1, name: 'Call on Oct 24, 2026, 4:07 PM' })).toBeTruthy();
    expect(screen.getByText('Answered', { selector: '.badge' })).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Summary' })).getByText('Mevrouw Jansen booked a check-up for Tuesday at 10:00.'),
    ).toBeTruthy();

    const audio = screen.getByRole('region', { name: 'Recording' }).querySelector('audio');
    expect(audio?.getAttribute('src')).toBe('https://storage.vapi.ai/c-1-mono.wav');
    expect(audio?.hasAttribute('controls')).toBe(true);

    const turns = within(screen.getByRole('region', { name: 'Transcript' })).getAllByRole('listitem');
    // Who speaks and when, in words too (' · ' is for the eye, ', ' for screen readers).
    expect(turns.map((li) => li.textContent)).toEqual([
      'Agent · , 0:00Good afternoon, Dental Care Utrecht, how can I help?',
      'Caller · , 0:04I would like to book a check-up.',
      'Agent · , 1:11Tuesday at 10:00 is free. Shall I book it?',
    ]);
    expect(turns.map((li) => li.classList.contains('self-end'))).toEqual([false, true, false]);

    expect(fact('Started')).toBe('Oct 24, 2026, 4:07 PM');
    expect(fact('Ended')).toBe('Oct 24, 2026, 4:10 PM');
    expect(fact('Duration')).toBe('3 min 5 s');
    expect(fact('Direction')).toBe('Incoming call');
    expect(fact('Number')).toBe('+31 6 12345678');
    expect(fact('How it ended')).toBe('The caller hung up.');
    expect(fact('Goal of the call')).toBe('Reached');
    expect(screen.getByRole('link', { name: /Back to the agent/ }).getAttribute('href')).toBe(`/dashboard/agents/${ORDER_ID}`);
  });

  it('speaks Dutch, and leaves out the player when there is no recording', async () => {
    mockApi({
      'GET /api/me': signedIn(),
      [GET('nl')]: json(200, {
        call: callDetail({
          recordingUrl: null,
          endedReason: 'pipeline-error-openai-llm-failed',
          outcome: 'failed',
          successEvaluation: 'false',
        }),
      }),
    });
    await renderDashboard(PAGE('nl'), 'nl');
    expect(await screen.findByRole('heading', { level: 1, name: 'Gesprek van 24 okt 2026, 16:07' })).toBeTruthy();
    expect(screen.getByText('Mislukt', { selector: '.badge' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Opname' })).toBeNull();
    expect(document.querySelector('audio')).toBeNull();
    const turns = within(screen.getByRole('region', { name: 'Transcript' })).getAllByRole('listitem');
    expect(turns[1].textContent).toBe('Beller · , 0:04I would like to book a check-up.');
    expect(fact('Richting')).toBe('Inkomend gesprek');
    expect(fact('Hoe het eindigde')).toBe('Een technisch probleem heeft het gesprek beëindigd.');
    expect(fact('Doel van het gesprek')).toBe('Niet bereikt');
    expect(screen.getByRole('link', { name: /Terug naar de agent/ }).getAttribute('href')).toBe(`/nl/dashboard/agents/${ORDER_ID}`);
  });

  it("shows the call data in the page's language: labels, Ja/Nee, numbers and dates written for it", async () => {
    const fields: CallDetail['fields'] = [
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
      { name: 'people', type: 'number', labelEn: 'People', labelNl: 'Personen', options: [], followUp: false, followUpOptions: [] },
      { name: 'day', type: 'datetime', labelEn: 'Day', labelNl: 'Dag', options: [], followUp: false, followUpOptions: [] },
      { name: 'reason', type: 'choice', labelEn: 'Reason', labelNl: 'Reden', options: ['Booking'], followUp: false, followUpOptions: [] },
    ];
    mockApi({
      'GET /api/me': signedIn(),
      [GET('nl')]: json(200, {
        call: callDetail({
          fields,
          data: { caller_name: 'Anna de Vries', callback_wanted: false, people: 2.5, day: '2026-12-01' },
        }),
      }),
    });
    await renderDashboard(PAGE('nl'), 'nl');
    const data = await screen.findByRole('region', { name: 'Gespreksgegevens' });
    const facts = within(data)
      .getAllByRole('term')
      .map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`);
    // A field without a value is left out.
    expect(facts).toEqual(['Naam beller: Anna de Vries', 'Terugbellen gewenst: Nee', 'Personen: 2,5', 'Dag: 1 december 2026']);
  });

  it('asks before deleting; "keep it" changes nothing, "yes" deletes and goes back to the agent page', async () => {
    const api = mockApi({
      'GET /api/me': signedIn(),
      [GET('en')]: json(200, { call: callDetail() }),
      [`DELETE ${CALL}`]: json(200, { vapiDeletion: false }),
    });
    const app = await renderDashboard(PAGE('en'));
    const open = await screen.findByRole('button', { name: 'Delete call' });
    fireEvent.click(open);
    const confirm = screen.getByRole('group', { name: 'Delete this call?' });
    expect(document.activeElement).toBe(within(confirm).getByRole('heading'));
    fireEvent.click(within(confirm).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('group', { name: 'Delete this call?' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete call' })));
    expect(api.sent(`DELETE ${CALL}`)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Delete call' }));
    fireEvent.keyDown(screen.getByRole('group', { name: 'Delete this call?' }), { key: 'Escape' });
    expect(screen.queryByRole('group', { name: 'Delete this call?' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Delete call' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, delete it' }));
    await waitFor(() => expect(app.location()).toBe(`/dashboard/agents/${ORDER_ID}`));
    expect(api.sent(`DELETE ${CALL}`)).toHaveLength(1);
  });

  it("says in the toast whether Vapi's copy is deleted too, as the answer says", async () => {
    for (const [vapiDeletion, lang, text] of [
      [false, 'en', 'The call on Oct 24, 2026, 4:07 PM has been removed.'],
      [true, 'en', 'The call on Oct 24, 2026, 4:07 PM has been removed. The copy at our voice provider (Vapi) is deleted too.'],
      [true, 'nl', 'Het gesprek van 24 okt 2026, 16:07 is verwijderd. De kopie bij onze spraakleverancier (Vapi) wordt ook verwijderd.'],
    ] as const) {
      vi.mocked(notify).mockClear();
      mockApi({
        'GET /api/me': signedIn(),
        [GET(lang)]: json(200, { call: callDetail() }),
        [`DELETE ${CALL}`]: json(200, { vapiDeletion }),
      });
      const app = await renderDashboard(PAGE(lang), lang);
      fireEvent.click(await screen.findByRole('button', { name: lang === 'nl' ? 'Gesprek verwijderen' : 'Delete call' }));
      fireEvent.click(screen.getByRole('button', { name: lang === 'nl' ? 'Ja, verwijderen' : 'Yes, delete it' }));
      await waitFor(() => expect(app.location()).toBe(`${lang === 'nl' ? '/nl' : ''}/dashboard/agents/${ORDER_ID}`));
      expect(vi.mocked(notify).mock.calls).toEqual([['success', lang === 'nl' ? 'Gesprek verwijderd' : 'Call deleted', text]]);
      cleanup();
    }
  });

  it('says so when deleting fails, and keeps the call', async () => {
    mockApi({
      'GET /api/me': signedIn(),
      [GET('nl')]: json(200, { call: callDetail() }),
      [`DELETE ${CALL}`]: apiError(503, 'unavailable'),
    });
    const app = await renderDashboard(PAGE('nl'), 'nl');
    fireEvent.click(await screen.findByRole('button', { name: 'Gesprek verwijderen' }));
    fireEvent.click(screen.getByRole('button', { name: 'Ja, verwijderen' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Het verwijderen van het gesprek is niet gelukt.');
    expect(app.location()).toBe(PAGE('nl'));
  });

  it('offers "Call back" as a tel: link to the full number, the number written as the page\'s language writes it', async () => {
    mockApi({ 'GET /api/me': signedIn(), [GET('en')]: json(200, { call: callDetail() }) });
    await renderDashboard(PAGE('en'));
    const callBack = await screen.findByRole('link', { name: 'Call back' });
    expect(callBack.getAttribute('href')).toBe('tel:+31612345678');
    expect(callBack.classList.contains('btn')).toBe(true);
    expect(fact('Number')).toBe('+31 6 12345678');
    cleanup();

    mockApi({ 'GET /api/me': signedIn(), [GET('nl')]: json(200, { call: callDetail({ numberDisplay: '06 12345678' }) }) });
    await renderDashboard(PAGE('nl'), 'nl');
    expect((await screen.findByRole('link', { name: 'Terugbellen' })).getAttribute('href')).toBe('tel:+31612345678');
    expect(fact('Nummer')).toBe('06 12345678');
  });

  it('offers no "Call back" for a web call (no number) or a number that cannot be dialled', async () => {
    mockApi({
      'GET /api/me': signedIn(),
      [GET('en')]: json(200, { call: callDetail({ direction: 'web', number: '', numberDisplay: '' }) }),
    });
    await renderDashboard(PAGE('en'));
    expect(await screen.findByRole('button', { name: 'Delete call' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Call back' })).toBeNull();
    expect(document.querySelector('a[href^="tel:"]')).toBeNull();
    expect(fact('Number')).toBe('Number unknown');
    cleanup();

    mockApi({ 'GET /api/me': signedIn(), [GET('nl')]: json(200, { call: callDetail({ number: '', numberDisplay: 'anonymous' }) }) });
    await renderDashboard(PAGE('nl'), 'nl');
    expect(await screen.findByRole('button', { name: 'Gesprek verwijderen' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Terugbellen' })).toBeNull();
    expect(fact('Nummer')).toBe('anonymous');
  });

  it("says 'not found' for a call that is not the buyer's (404)", async () => {
    mockApi({ 'GET /api/me': signedIn(), [GET('en')]: apiError(404, 'not_found') });
    await renderDashboard(PAGE('en'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Call not found' })).toBeTruthy();
    cleanup();
    mockApi({ 'GET /api/me': signedIn(), [GET('nl')]: apiError(404, 'not_found') });
    await renderDashboard(PAGE('nl'), 'nl');
    expect(await screen.findByRole('heading', { level: 1, name: 'Gesprek niet gevonden' })).toBeTruthy();
  });
});
