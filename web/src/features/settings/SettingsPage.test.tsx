import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screenRoute } from '../../app/routes';
import { json, mockApi, signedIn } from '../../shared/testing/mockApi';
import { loadedRoute, renderApp } from '../../shared/testing/renderApp';
import type { AgentSettings, SettingsView, Version } from './api';

// The buyer's settings page through the dashboard's real route (/dashboard/agents/:orderId/settings).
const render = async (url: string, lang: 'en' | 'nl' = 'en') => renderApp(await loadedRoute(screenRoute(lang, 'dashboard')), url, lang);

const LIVE: AgentSettings = {
  greeting: {
    en: 'Hello, you are speaking with the digital assistant of De Vries. This call is recorded.',
    nl: 'Goedendag, u spreekt met de digitale assistent van De Vries. Dit gesprek wordt opgenomen.',
  },
  hours: { mon: [{ from: '09:00', to: '17:00' }], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] },
  closedDays: [],
  timeZone: 'Europe/Amsterdam',
  afterHours: { en: 'We are closed.', nl: 'Wij zijn gesloten.' },
  transferNumber: '+31201234567',
  qa: [],
  voicemail: { en: '', nl: '' },
  recordsCalls: true,
};
const view = (over: Partial<SettingsView> = {}): SettingsView => ({
  orderId: 'o-1',
  settings: LIVE,
  version: 3,
  status: 'live',
  delivery: { status: 'live', attempts: 1, pushedVersion: 3, updatedAt: '2026-11-27T10:00:00Z' },
  pending: null,
  lastDecision: null,
  transferNumberNational: '020 123 4567',
  updatedAt: '2026-11-27T10:00:00Z',
  ...over,
});
const VERSIONS: Version[] = [
  {
    number: 3,
    source: 'approved',
    changed: ['greeting', 'hours'],
    author: { name: 'Ada Lovelace', staff: false },
    createdAt: '2026-11-27T10:00:00Z',
    settings: LIVE,
  },
];
const problem = (errors: { code: string; field: string; message: string }[]) => json(400, { error: { ...errors[0], errors } });

beforeEach(() => {
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as never;
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const el = (id: string) => document.getElementById(id) as HTMLInputElement;
const type = (id: string, value: string) => fireEvent.change(el(id), { target: { value } });

describe('/dashboard/agents/:orderId/settings', () => {
  it('shows each problem of a 400 at its field, inserts the suggested sentence, keeps what was typed on a 409, then sends', async () => {
    let reply: Response = problem([
      {
        code: 'ai_disclosure_missing',
        field: 'greeting.nl',
        message: 'The greeting must tell callers … For example: "U spreekt met de digitale assistent van De Vries."',
      },
      { code: 'invalid_phone', field: 'transferNumber', message: 'x' },
      { code: 'overlapping_hours', field: 'hours.mon.1.from', message: 'x' },
    ]);
    let current = view();
    const { sent } = mockApi({
      'GET /api/me': signedIn(),
      'GET /api/orders/o-1/settings': () => json(200, { settings: current }),
      'GET /api/orders/o-1/settings/versions': json(200, { versions: VERSIONS }),
      'PUT /api/orders/o-1/settings': () => reply,
    });
    await render('/dashboard/agents/o-1/settings');
    expect(await screen.findByRole('button', { name: 'Send for approval' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Agent settings' })).toBeTruthy();
    expect(screen.getAllByText('Live').length).toBeGreaterThan(0);
    expect(screen.getByText('Saved as 020 123 4567.')).toBeTruthy();
    expect(screen.getByText('Changed: Greeting, Opening hours')).toBeTruthy();

    // Hours: a second range on Monday, then an empty Saturday gets office hours and loses them again.
    fireEvent.click(screen.getByRole('button', { name: 'Add hours on Monday' }));
    expect(el('settings-hours-mon-1-from').value).toBe('18:00');
    type('settings-hours-mon-1-from', '16:00');
    type('settings-hours-mon-1-to', '18:00');
    fireEvent.click(screen.getByRole('button', { name: 'Add hours on Saturday' }));
    expect(el('settings-hours-sat-0-to').value).toBe('17:00');
    fireEvent.click(screen.getByRole('button', { name: 'Remove 09:00–17:00 on Saturday' }));
    expect(el('settings-hours-sat-0-from')).toBeNull();

    type('settings-greeting-nl', 'Goedemorgen, waarmee kan ik u helpen?');
    type('settings-transferNumber', '12345');
    fireEvent.click(screen.getByRole('button', { name: 'Send for approval' }));

    expect(await screen.findByText('The greeting must tell callers they are speaking with an AI assistant.')).toBeTruthy();
    expect(el('settings-greeting-nl').getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('settings-transferNumber-error')?.textContent).toContain('not a phone number');
    expect(document.getElementById('settings-hours-mon-1-from-error')?.textContent).toBe(
      'This range overlaps another range of the same day.',
    );
    expect(el('settings-greeting-en').getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(el('settings-greeting-nl')));
    expect(sent('PUT /api/orders/o-1/settings')[0]).toMatchObject({
      version: 3,
      greeting: { nl: 'Goedemorgen, waarmee kan ik u helpen?' },
      hours: {
        mon: [
          { from: '09:00', to: '17:00' },
          { from: '16:00', to: '18:00' },
        ],
        sat: [],
      },
      transferNumber: '12345',
    });

    // The suggestion goes in front; the field's message goes.
    expect(screen.getByText('U spreekt met de digitale assistent van De Vries.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Insert this sentence into the Dutch greeting' }));
    expect(el('settings-greeting-nl').value).toBe(
      'U spreekt met de digitale assistent van De Vries. Goedemorgen, waarmee kan ik u helpen?',
    );
    expect(el('settings-greeting-nl').getAttribute('aria-invalid')).toBeNull();

    // Changed meanwhile: everything typed stays, the form takes the new version and says so.
    type('settings-transferNumber', '020 765 4321');
    type('settings-hours-mon-1-from', '17:00');
    current = view({ version: 4 });
    reply = json(409, { error: { code: 'version_conflict', message: 'changed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send for approval' }));
    expect((await screen.findByRole('alert')).textContent).toContain('were changed meanwhile');
    expect(el('settings-transferNumber').value).toBe('020 765 4321');
    expect(el('settings-greeting-nl').value).toMatch(/^U spreekt met de digitale assistent/);

    // Sent again with the new version: the change waits for approval.
    current = view({
      version: 4,
      status: 'pending',
      pending: {
        id: 'c-1',
        orderId: 'o-1',
        status: 'pending',
        settings: { ...LIVE, transferNumber: '+31207654321' },
        baseVersion: 4,
        changed: ['transferNumber'],
        requestedBy: { name: 'Ada Lovelace', staff: false },
        requestedAt: '2026-11-28T03:00:00Z',
        decidedBy: null,
        decidedAt: null,
        note: '',
      },
    });
    reply = json(202, { change: current.pending });
    await waitFor(() => expect(sent('PUT /api/orders/o-1/settings')).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Send for approval' }));
    expect(await screen.findByText('Sent. We check your change and let you know when it is live.')).toBeTruthy();
    expect(sent('PUT /api/orders/o-1/settings')[2]).toMatchObject({ version: 4, transferNumber: '020 765 4321' });
    expect(await screen.findByText('Waiting for approval')).toBeTruthy();
  }, 60_000);

  it('in Dutch: the rejection’s note for the buyer, and a failed delivery without the reason', async () => {
    mockApi({
      'GET /api/me': signedIn(),
      'GET /api/orders/o-1/settings': json(200, {
        settings: view({
          status: 'failed',
          delivery: { status: 'failed', attempts: 3, pushedVersion: 2, updatedAt: null, reason: 'vapi: HTTP 500' },
          lastDecision: {
            id: 'c-0',
            orderId: 'o-1',
            status: 'rejected',
            settings: LIVE,
            baseVersion: 2,
            changed: ['greeting'],
            requestedBy: null,
            requestedAt: '2026-11-26T10:00:00Z',
            decidedBy: { name: 'Belwise', staff: true },
            decidedAt: '2026-11-26T11:00:00Z',
            note: 'Graag de begroeting korter.',
          },
        }),
      }),
      'GET /api/orders/o-1/settings/versions': json(200, { versions: [] }),
    });
    await render('/nl/dashboard/agents/o-1/settings', 'nl');
    expect(await screen.findByText('Kon niet worden verstuurd')).toBeTruthy();
    expect(screen.queryByText(/vapi: HTTP 500/)).toBeNull();
    expect(screen.getByText('Graag de begroeting korter.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ter goedkeuring versturen' })).toBeTruthy();
  });
});
