import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, mockApi, signedOut } from '../../shared/testing/mockApi';
import { renderApp } from '../../shared/testing/renderApp';
import { Component as AuthPage } from './Auth';
import { groupKey } from './SecondStep';

const STAFF = { id: 's-1', email: 'ops@example.com', fullName: 'Olivia Jansen', role: 'staff' } as const;
const SETUP = {
  step: 'totp-setup',
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauthUrl: 'otpauth://totp/Belwise:ops@example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  qr: 'data:image/png;base64,iVBORw0KGgo=',
};
const CODES = [
  'ABCDE-FGHJK',
  'BCDEF-GHJKL',
  'CDEFG-HJKLM',
  'DEFGH-JKLMN',
  'EFGHJ-KLMNP',
  'FGHJK-LMNPQ',
  'GHJKL-MNPQR',
  'HJKLM-NPQRS',
  'JKLMN-PQRST',
  'KLMNP-QRSTU',
];

const renderAuth = (url = '/auth', lang: 'en' | 'nl' = 'en') => renderApp({ path: 'auth', element: <AuthPage /> }, url, lang);

function signInWithPassword(lang: 'en' | 'nl' = 'en') {
  const [tab, email, password] = lang === 'nl' ? ['Inloggen', 'E-mailadres', 'Wachtwoord'] : ['Sign in', 'Email address', 'Password'];
  const form = screen.getByRole('tabpanel', { name: tab });
  fireEvent.change(within(form).getByRole('textbox', { name: email }), { target: { value: 'ops@example.com' } });
  fireEvent.change(within(form).getByLabelText(password), { target: { value: 'demo-ops-2026' } });
  fireEvent.click(within(form).getByRole('button', { name: tab }));
}

beforeEach(() => {
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as never;
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('staff sign-in, second step', () => {
  it('asks for the code after the password, then lands on the console', async () => {
    const { sent } = mockApi({
      'GET /api/me': signedOut(),
      'POST /api/auth/sign-in': json(200, { step: 'totp' }),
      'POST /api/auth/totp': json(200, { user: STAFF }),
    });
    const app = renderAuth();
    signInWithPassword();
    expect(await screen.findByRole('heading', { level: 1, name: 'Enter your sign-in code' })).toBeTruthy();
    const code = screen.getByRole('textbox', { name: 'Sign-in code' });
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(document.activeElement).toBe(code);
    // Nothing is sent until the code looks like one, and the message is tied to the field.
    fireEvent.change(code, { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('The code is 6 digits.').id).toBe('twostep-code-error');
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(sent('POST /api/auth/totp')).toEqual([]);
    fireEvent.change(code, { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(app.location()).toBe('/console'));
    expect(sent('POST /api/auth/totp')).toEqual([{ code: '123456' }]);
  });

  it('shows a wrong or used code at the field and keeps the step', async () => {
    let answer = apiError(400, 'invalid_code');
    mockApi({ 'GET /api/me': signedOut(), 'POST /api/auth/sign-in': json(200, { step: 'totp' }), 'POST /api/auth/totp': () => answer });
    renderAuth('/nl/auth', 'nl');
    signInWithPassword('nl');
    const code = await screen.findByRole('textbox', { name: 'Inlogcode' });
    fireEvent.change(code, { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Doorgaan' }));
    expect((await screen.findByText('Deze code klopt niet. Controleer de tijd op uw telefoon en probeer de huidige code.')).id).toBe(
      'twostep-code-error',
    );
    expect(code.getAttribute('aria-invalid')).toBe('true');
    answer = apiError(400, 'code_used');
    fireEvent.change(code, { target: { value: '111111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Doorgaan' }));
    expect(await screen.findByText('Deze code is net gebruikt. Wacht op de volgende.')).toBeTruthy();
  });

  it('takes a recovery code instead, and says at its field when it does not work', async () => {
    let answer = apiError(400, 'invalid_code');
    const { sent } = mockApi({
      'GET /api/me': signedOut(),
      'POST /api/auth/sign-in': json(200, { step: 'totp' }),
      'POST /api/auth/totp': () => answer,
    });
    const app = renderAuth('/auth?next=%2Fconsole%2Forders');
    signInWithPassword();
    fireEvent.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    const field = screen.getByRole('textbox', { name: 'Recovery code' });
    expect(screen.queryByRole('textbox', { name: 'Sign-in code' })).toBeNull();
    fireEvent.change(field, { target: { value: 'abcde-fghjk' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByText('This recovery code is not right or was used already.')).id).toBe('twostep-recoveryCode-error');
    answer = json(200, { user: STAFF });
    fireEvent.change(field, { target: { value: 'BCDEF-GHJKL' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(app.location()).toBe('/console/orders'));
    expect(sent('POST /api/auth/totp')).toEqual([{ recoveryCode: 'abcde-fghjk' }, { recoveryCode: 'BCDEF-GHJKL' }]);
  });

  it('sets up the app the first time: the key as text and QR code, then the recovery codes once', async () => {
    const { sent } = mockApi({
      'GET /api/me': signedOut(),
      'POST /api/auth/sign-in': json(200, SETUP),
      'POST /api/auth/totp': json(200, { user: STAFF, recoveryCodes: CODES }),
    });
    const app = renderAuth('/nl/auth', 'nl');
    signInWithPassword('nl');
    expect(await screen.findByRole('heading', { level: 1, name: 'Stel inloggen in twee stappen in' })).toBeTruthy();
    const qr = screen.getByRole('img', { name: 'QR-code met de Belwise-inlogsleutel voor uw authenticator-app' });
    expect(qr.getAttribute('src')).toBe(SETUP.qr);
    expect(screen.getByTestId('totp-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    // No recovery codes exist yet: nothing offers one.
    expect(screen.queryByRole('button', { name: 'Een herstelcode gebruiken' })).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: 'Inlogcode' }), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Bevestigen en doorgaan' }));

    const list = await screen.findByRole('list', { name: 'Uw 10 herstelcodes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(screen.getByRole('alert').textContent).toContain('Deze codes ziet u alleen nu.');
    expect(app.location()).toBe('/nl/auth'); // not before they say they saved them
    fireEvent.click(screen.getByRole('button', { name: 'Ik heb ze bewaard' }));
    await waitFor(() => expect(app.location()).toBe('/nl/console'));
    expect(sent('POST /api/auth/totp')).toEqual([{ code: '654321' }]);
  });

  it('opens on the code step after a sign-in posted without JavaScript, and goes back when it expired', async () => {
    mockApi({ 'GET /api/me': json(200, { authenticated: false, secondStep: true }), 'GET /api/auth/totp': json(200, SETUP) });
    const first = renderAuth('/auth?step=code');
    expect(await screen.findByRole('heading', { level: 1, name: 'Set up two-step sign-in' })).toBeTruthy();
    expect(screen.getByTestId('totp-secret').textContent).toBe(groupKey(SETUP.secret));
    first.unmount();

    mockApi({ 'GET /api/me': signedOut(), 'GET /api/auth/totp': apiError(401, 'unauthenticated') });
    const second = renderAuth('/auth?step=code');
    expect((await screen.findByRole('alert')).textContent).toBe('Your session has ended. Please sign in again.');
    expect(screen.getByRole('tabpanel', { name: 'Sign in' })).toBeTruthy();
    await waitFor(() => expect(second.location()).toBe('/auth'));
  });

  it('"Sign in as someone else" ends the pending session and shows the password form', async () => {
    const { sent } = mockApi({
      'GET /api/me': signedOut(),
      'POST /api/auth/sign-in': json(200, { step: 'totp' }),
      'POST /api/auth/sign-out': json(204, null),
    });
    renderAuth();
    signInWithPassword();
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in as someone else' }));
    expect(await screen.findByRole('tabpanel', { name: 'Sign in' })).toBeTruthy();
    expect(sent('POST /api/auth/sign-out')).toHaveLength(1);
  });

  it('a buyer still lands on the dashboard without a second step', async () => {
    mockApi({ 'GET /api/me': signedOut(), 'POST /api/auth/sign-in': json(200, { user: { ...STAFF, role: 'buyer' } }) });
    const app = renderAuth();
    signInWithPassword();
    await waitFor(() => expect(app.location()).toBe('/dashboard'));
  });
});
