import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screenRoute } from '../../app/routes';
import type { Device } from '../../shared/api/types';
import type { AlertMode, AlertSetting } from '../alerts';
import { json, mockApi, signedIn } from '../../shared/testing/mockApi';
import { loadedRoute, renderApp } from '../../shared/testing/renderApp';

// The profile page through the dashboard's real route (/dashboard/profile).
const renderProfile = async (lang: 'en' | 'nl' = 'en') =>
  renderApp(await loadedRoute(screenRoute(lang, 'dashboard')), lang === 'nl' ? '/nl/dashboard/profile' : '/dashboard/profile', lang);

const PROFILE = json(200, { profile: { fullName: 'Ada Lovelace', email: 'ada@example.com', locale: 'en' } });
const DEVICES: Device[] = [
  {
    id: 'dev-this-000000000000',
    browser: 'Firefox',
    system: 'Linux',
    createdAt: '2026-11-20T10:00:00Z',
    lastSeenAt: '2026-11-27T09:00:00Z',
    current: true,
  },
  {
    id: 'dev-phone-00000000000',
    browser: 'Chrome',
    system: 'Android',
    createdAt: '2026-11-21T10:00:00Z',
    lastSeenAt: '2026-11-26T09:00:00Z',
    current: false,
  },
  {
    id: 'dev-other-00000000000',
    browser: '',
    system: '',
    createdAt: '2026-11-22T10:00:00Z',
    lastSeenAt: '2026-11-22T10:00:00Z',
    current: false,
  },
];
const api = (over: Record<string, Response | ((body: unknown) => Response)> = {}) =>
  mockApi({
    'GET /api/me': signedIn(),
    'GET /api/account/profile': PROFILE,
    'GET /api/account/devices': json(200, { devices: DEVICES }),
    'PUT /api/account/digests': json(200, { digests: { weeklyDigest: true, timeZone: 'Europe/Amsterdam' } }),
    'GET /api/account/alerts?lang=en': json(200, { items: [] }),
    'GET /api/account/alerts?lang=nl': json(200, { items: [] }),
    ...over,
  });

const SETTING = (over: Partial<AlertSetting> = {}): AlertSetting => ({
  orderId: 'o-1',
  orderNumber: 'B-1001',
  agentName: 'Appointment Setter',
  mode: '',
  default: 'followup',
  effective: 'followup',
  ...over,
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the profile page', () => {
  it('turns the weekly digest off in one click and tells the server the browser time zone', async () => {
    const { sent } = api({
      'PUT /api/account/digests': (body) =>
        json(200, { digests: { weeklyDigest: (body as { weeklyDigest?: boolean }).weeklyDigest ?? true, timeZone: 'Europe/Amsterdam' } }),
    });
    await renderProfile();
    const box = (await screen.findByRole('checkbox', { name: 'Send me the weekly digest' })) as HTMLInputElement;
    expect(box.checked).toBe(true);
    expect(sent('PUT /api/account/digests')[0]).toEqual({ browserTimeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });
    fireEvent.click(box);
    expect(await screen.findByText('The weekly digest is off.')).toBeTruthy();
    expect(sent('PUT /api/account/digests')[1]).toEqual({ weeklyDigest: false });
    expect(box.checked).toBe(false);
  });

  it('changes the name and the language of the emails', async () => {
    const { sent } = api({
      'PUT /api/account/profile': (body) => json(200, { profile: { ...(body as object), fullName: 'Ada King', email: 'ada@example.com' } }),
    });
    await renderProfile();
    const name = await screen.findByLabelText(/Full name/);
    expect((name as HTMLInputElement).value).toBe('Ada Lovelace');
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    fireEvent.change(name, { target: { value: ' Ada King ' } });
    fireEvent.change(screen.getByLabelText('Language of our emails'), { target: { value: 'nl' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your details are saved.')).toBeTruthy();
    expect(sent('PUT /api/account/profile')).toEqual([{ fullName: ' Ada King ', locale: 'nl' }]);
    expect((name as HTMLInputElement).value).toBe('Ada King');
  });

  it("shows the server's word on a field under that field", async () => {
    api({ 'PUT /api/account/profile': json(400, { error: { code: 'full_name_too_long', message: 'too long', field: 'fullName' } }) });
    await renderProfile();
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('That name is too long. Please shorten it.')).toBeTruthy();
    expect(screen.getByLabelText(/Full name/).getAttribute('aria-invalid')).toBe('true');
  });

  it('asks the current password, names a wrong one at its field, and after a change lists this device alone', async () => {
    let answer = json(400, { error: { code: 'wrong_password', message: 'wrong', field: 'currentPassword' } });
    const { sent } = api({ 'POST /api/account/password': () => answer });
    await renderProfile();
    const current = await screen.findByLabelText(/Current password/);
    const next = screen.getByLabelText(/New password/);
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    // Checked before anything is sent.
    expect(await screen.findAllByText('Enter your password.')).toHaveLength(2);
    expect(sent('POST /api/account/password')).toEqual([]);

    fireEvent.change(current, { target: { value: 'not it at all' } });
    fireEvent.change(next, { target: { value: 'a new password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('This is not your current password.')).toBeTruthy();
    expect(current.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(current));

    answer = new Response(null, { status: 204 });
    fireEvent.change(current, { target: { value: 'the right one' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password is changed. Every other device has been signed out.')).toBeTruthy();
    expect(sent('POST /api/account/password').at(-1)).toEqual({ currentPassword: 'the right one', newPassword: 'a new password' });
    expect((current as HTMLInputElement).value).toBe('');
    const devices = screen.getByRole('region', { name: 'Signed-in devices' });
    expect(within(devices).getAllByRole('listitem')).toHaveLength(1);
    expect(within(devices).getByText('This device')).toBeTruthy();
    expect(within(devices).getByText('No other devices are signed in.')).toBeTruthy();
  });

  it('lists the devices, this one marked, and signs another out', async () => {
    const { requested } = api({ 'DELETE /api/account/devices/dev-phone-00000000000': new Response(null, { status: 204 }) });
    await renderProfile();
    const devices = await screen.findByRole('region', { name: 'Signed-in devices' });
    const rows = within(devices).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]).getByText('This device')).toBeTruthy();
    expect(within(rows[0]).queryByRole('button')).toBeNull();
    expect(within(rows[2]).getByText('Unknown browser')).toBeTruthy();
    fireEvent.click(within(rows[1]).getByRole('button', { name: /^Sign out Chrome on Android, signed in / }));
    expect(await screen.findByText('Chrome on Android is signed out.')).toBeTruthy();
    expect(requested()).toContain('/api/account/devices/dev-phone-00000000000');
    expect(within(devices).getAllByRole('listitem')).toHaveLength(2);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Signed-in devices' }));
  });

  it('lists the call alerts of each agent and saves a choice at once', async () => {
    const { sent } = api({
      'GET /api/account/alerts?lang=en': json(200, {
        items: [SETTING(), SETTING({ orderId: 'o-2', orderNumber: 'B-1002', agentName: 'Receptionist', mode: 'none', effective: 'none' })],
      }),
      'PUT /api/orders/o-1/alerts?lang=en': (body) =>
        json(200, SETTING({ mode: (body as { mode: AlertMode }).mode, effective: (body as { mode: AlertMode }).mode })),
    });
    await renderProfile();
    const section = await screen.findByRole('region', { name: 'Call alerts' });
    const first = within(section).getByLabelText('Email me about calls of Appointment Setter') as HTMLSelectElement;
    expect(first.value).toBe('followup');
    expect((within(section).getByLabelText('Email me about calls of Receptionist') as HTMLSelectElement).value).toBe('none');
    fireEvent.change(first, { target: { value: 'all' } });
    expect(await within(section).findByText('Saved: Every call.')).toBeTruthy();
    expect(sent('PUT /api/orders/o-1/alerts?lang=en')).toEqual([{ mode: 'all' }]);
    expect(first.value).toBe('all');
  });

  it('keeps the call alert choice when saving it fails, and says so', async () => {
    api({
      'GET /api/account/alerts?lang=en': json(200, { items: [SETTING()] }),
      'PUT /api/orders/o-1/alerts?lang=en': json(503, { error: { code: 'unavailable', message: 'down' } }),
    });
    await renderProfile();
    const select = (await screen.findByLabelText('Email me about calls of Appointment Setter')) as HTMLSelectElement;
    fireEvent.change(select, { target: { value: 'none' } });
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(select.value).toBe('followup');
  });

  it('shows no alerts section without agents (staff)', async () => {
    api();
    await renderProfile();
    await screen.findByRole('heading', { name: 'Signed-in devices' });
    expect(screen.queryByRole('region', { name: 'Call alerts' })).toBeNull();
  });

  it('reads in Dutch', async () => {
    api();
    await renderProfile('nl');
    expect(await screen.findByRole('heading', { name: 'Ingelogde apparaten' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Profiel' })).toBeTruthy();
    expect(screen.getByText('Dit apparaat')).toBeTruthy();
    expect(screen.getByText('Firefox op Linux')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Wachtwoord wijzigen' })).toBeTruthy();
  });

  it('offers the call alerts in Dutch', async () => {
    api({ 'GET /api/account/alerts?lang=nl': json(200, { items: [SETTING({ agentName: 'Afsprakenplanner' })] }) });
    await renderProfile('nl');
    const section = await screen.findByRole('region', { name: 'Meldingen over gesprekken' });
    const select = within(section).getByLabelText('Mail mij over gesprekken van Afsprakenplanner');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Elk gesprek', 'Alleen als opvolging nodig is', 'Geen gesprekken']);
  });
});
