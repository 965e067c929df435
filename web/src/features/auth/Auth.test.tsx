import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, mockApi, signedIn, signedOut, USER } from '../../shared/testing/mockApi';
import { renderApp } from '../../shared/testing/renderApp';
import { Component as AuthPage } from './Auth';

const renderAuth = (url = '/auth') => renderApp({ path: 'auth', element: <AuthPage /> }, url);

const panel = (name: string) => screen.getByRole('tabpanel', { name });

function fillSignIn(email = 'ada@example.com', password = 'correct-horse') {
  const form = panel('Sign in');
  fireEvent.change(within(form).getByRole('textbox', { name: 'Email address' }), { target: { value: email } });
  fireEvent.change(within(form).getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(within(form).getByRole('button', { name: 'Sign in' }));
}

beforeEach(() => {
  // sonner asks for this when it mounts; jsdom has none.
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as never;
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/auth', () => {
  it('shows the sign-in tab first, with the fields the browser can fill in', () => {
    mockApi({ 'GET /api/me': signedOut() });
    renderAuth();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in to Belwise' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Sign in' }).getAttribute('aria-selected')).toBe('true');
    const email = within(panel('Sign in')).getByRole('textbox', { name: 'Email address' });
    expect(email.getAttribute('type')).toBe('email');
    expect(email.getAttribute('autocomplete')).toBe('email');
    expect(within(panel('Sign in')).getByLabelText('Password').getAttribute('autocomplete')).toBe('current-password');
  });

  it('labels the button "Signing in..." and disables it while signing in', async () => {
    const { sent } = mockApi({ 'GET /api/me': signedOut(), 'POST /api/auth/sign-in': new Promise<Response>(() => {}) });
    renderAuth();
    fillSignIn();
    const busy = await screen.findByRole('button', { name: 'Signing in...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(sent('POST /api/auth/sign-in')).toEqual([{ email: 'ada@example.com', password: 'correct-horse' }]));
  });

  it('reports invalid credentials once, next to the form (no toast saying the same), keeping what was typed', async () => {
    mockApi({ 'GET /api/me': signedOut(), 'POST /api/auth/sign-in': apiError(401, 'invalid_credentials') });
    renderAuth();
    fillSignIn('ada@example.com', 'wrong-password');
    expect((await within(panel('Sign in')).findByRole('alert')).textContent).toBe('Invalid email or password.');
    expect(screen.queryByText('Error signing in')).toBeNull();
    expect(screen.getAllByText('Invalid email or password.')).toHaveLength(1);
    expect(within(panel('Sign in')).getByRole('textbox', { name: 'Email address' })).toHaveProperty('value', 'ada@example.com');
    expect(within(panel('Sign in')).getByLabelText('Password')).toHaveProperty('value', 'wrong-password');
    expect(screen.getByRole('button', { name: 'Sign in' })).toHaveProperty('disabled', false);
  });

  it('offers to resend the link when the email is not verified yet', async () => {
    const { sent } = mockApi({
      'GET /api/me': signedOut(),
      'POST /api/auth/sign-in': apiError(403, 'email_not_verified'),
      'POST /api/auth/resend-verification': json(202, { ok: true }),
    });
    renderAuth();
    fillSignIn();
    expect(await screen.findByText('Please verify your email address first. We sent you a link when you signed up.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText('If an account exists for ada@example.com, a new link is on its way.')).toBeTruthy();
    expect(sent('POST /api/auth/resend-verification')).toEqual([{ email: 'ada@example.com', locale: 'en' }]);
  });

  it('turns a 429 into minutes from Retry-After', async () => {
    mockApi({ 'GET /api/me': signedOut(), 'POST /api/auth/sign-in': apiError(429, 'rate_limited', { 'Retry-After': '120' }) });
    renderAuth();
    fillSignIn();
    await waitFor(() =>
      expect(within(panel('Sign in')).getByRole('alert').textContent).toBe('Too many attempts. Please try again in 2 minutes.'),
    );
  });

  it('checks the fields before sending anything, tying each message to its input', async () => {
    const { fetchMock } = mockApi({ 'GET /api/me': signedOut() });
    renderAuth();
    const form = panel('Sign in');
    fireEvent.change(within(form).getByRole('textbox', { name: 'Email address' }), { target: { value: 'not-an-email' } });
    fireEvent.submit(within(form).getByRole('button', { name: 'Sign in' }).closest('form')!);
    const email = within(form).getByRole('textbox', { name: 'Email address' });
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Enter a valid email address, like name@example.com.',
    );
    expect(within(form).getByText('Enter your password.')).toBeTruthy();
    expect(document.activeElement).toBe(email);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/me']);
  });

  it('goes to the dashboard after signing in, or to a same-site `next`', async () => {
    mockApi({ 'GET /api/me': signedOut(), 'POST /api/auth/sign-in': json(200, { user: USER }) });
    const first = renderAuth();
    fillSignIn();
    await waitFor(() => expect(first.location()).toBe('/dashboard'));
    first.unmount();

    const second = renderAuth('/auth?next=%2Fdashboard%2Forders%2F42');
    fillSignIn();
    await waitFor(() => expect(second.location()).toBe('/dashboard/orders/42'));
    second.unmount();

    const third = renderAuth('/auth?next=%2F%2Fevil.example');
    fillSignIn();
    await waitFor(() => expect(third.location()).toBe('/dashboard'));
  });

  it('after signing up, says so and switches to sign in with the email kept', async () => {
    const { sent } = mockApi({ 'GET /api/me': signedOut(), 'POST /api/auth/sign-up': json(202, { ok: true }) });
    renderAuth();
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Sign up' }));
    const form = panel('Sign up');
    fireEvent.change(within(form).getByRole('textbox', { name: 'Full name' }), { target: { value: 'Ada Lovelace' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Email address' }), { target: { value: 'ada@example.com' } });
    const password = within(form).getByLabelText('Password');
    expect(password.getAttribute('minlength')).toBe('8');
    expect(password.getAttribute('maxlength')).toBe('128');
    expect(document.getElementById(password.getAttribute('aria-describedby')!)!.textContent).toBe('At least 8 characters');
    fireEvent.change(password, { target: { value: 'correct-horse' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Account created! Please check your email to verify your account.')).toBeTruthy();
    expect(screen.getAllByText(/Account created!/)).toHaveLength(1); // said once: no toast repeating the notice
    expect(screen.getByRole('tab', { name: 'Sign in' }).getAttribute('aria-selected')).toBe('true');
    expect(within(panel('Sign in')).getByRole('textbox', { name: 'Email address' })).toHaveProperty('value', 'ada@example.com');
    expect(sent('POST /api/auth/sign-up')).toEqual([
      { fullName: 'Ada Lovelace', email: 'ada@example.com', password: 'correct-horse', locale: 'en' },
    ]);
  });

  it('shows sign-up errors next to the field, without a toast repeating them', async () => {
    mockApi({ 'GET /api/me': signedOut(), 'POST /api/auth/sign-up': apiError(400, 'password_too_short') });
    renderAuth();
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Sign up' }));
    const form = panel('Sign up');
    fireEvent.change(within(form).getByRole('textbox', { name: 'Full name' }), { target: { value: 'Ada' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Email address' }), { target: { value: 'ada@example.com' } });
    fireEvent.change(within(form).getByLabelText('Password'), { target: { value: '12345678' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(within(form).getByLabelText('Password').getAttribute('aria-invalid')).toBe('true'));
    const error = form.querySelector('#signup-password-error')?.textContent ?? '';
    expect(error).not.toBe('');
    expect(screen.getAllByText(error)).toHaveLength(1);
    expect(screen.queryByText('Error creating account')).toBeNull();
  });

  it('sends a reset link from "Forgot password?"', async () => {
    const { sent } = mockApi({ 'GET /api/me': signedOut(), 'POST /api/auth/forgot-password': json(202, { ok: true }) });
    renderAuth();
    fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Email address' }), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText("If an account exists for ada@example.com, we've sent a link to reset your password.")).toBeTruthy();
    expect(sent('POST /api/auth/forgot-password')).toEqual([{ email: 'ada@example.com', locale: 'en' }]);
  });

  it('verifies the token from #verify=…, drops it from the URL and goes to the dashboard', async () => {
    let answer: (r: Response) => void = () => {};
    const { sent } = mockApi({
      'GET /api/me': signedOut(),
      'POST /api/auth/verify': new Promise<Response>((resolve) => (answer = resolve)),
    });
    const app = renderAuth('/auth#verify=tok-123');
    expect(await screen.findByText('Verifying your email...')).toBeTruthy();
    expect(app.router.state.location.hash).toBe('');
    expect(sent('POST /api/auth/verify')).toEqual([{ token: 'tok-123' }]);
    answer(json(200, { user: USER }));
    await waitFor(() => expect(app.location()).toBe('/dashboard'));
  });

  it('explains an expired verification link and offers a new one', async () => {
    mockApi({ 'GET /api/me': signedOut(), 'POST /api/auth/verify': apiError(400, 'invalid_token') });
    renderAuth('/auth#verify=old');
    expect((await screen.findByRole('alert')).textContent).toBe('This link is invalid or has expired.');
    expect(screen.getByRole('button', { name: 'Send the link again' })).toBeTruthy();
  });

  it('says a used or expired reset link is dead as soon as the page opens, without using it', async () => {
    const { sent } = mockApi({ 'GET /api/me': signedOut(), 'POST /api/auth/check-token': apiError(400, 'invalid_token') });
    renderAuth('/auth#reset=used-tok');
    expect((await screen.findByRole('alert')).textContent).toContain('This link is invalid or has expired.');
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeTruthy();
    // The heading no longer offers to choose a new password.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('This link no longer works');
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(sent('POST /api/auth/check-token')).toEqual([{ token: 'used-tok', purpose: 'reset' }]);
    expect(sent('POST /api/auth/reset-password')).toEqual([]);
  });

  it('the heading follows the mode, and says "Welcome back" only after a sign-in on this browser', async () => {
    localStorage.removeItem('belwise.returning');
    mockApi({ 'GET /api/me': signedOut(), 'POST /api/auth/sign-in': json(200, { user: USER }) });
    renderAuth();
    const h1 = () => screen.getByRole('heading', { level: 1 }).textContent;
    expect(h1()).toBe('Sign in to Belwise');
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Sign up' }));
    await waitFor(() => expect(h1()).toBe('Create your Belwise account'));
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Sign in' }));
    await waitFor(() => expect(h1()).toBe('Sign in to Belwise'));
    fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await waitFor(() => expect(h1()).toBe('Reset your password'));
    cleanup();
    renderAuth();
    fillSignIn();
    await waitFor(() => expect(localStorage.getItem('belwise.returning')).toBe('1'));
    cleanup();
    mockApi({ 'GET /api/me': signedOut() });
    renderAuth();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back' })).toBeTruthy();
    localStorage.removeItem('belwise.returning');
  });

  it('shows and hides the password with a toggle button', () => {
    mockApi({ 'GET /api/me': signedOut() });
    renderAuth();
    const input = within(panel('Sign in')).getByLabelText('Password');
    const toggle = within(panel('Sign in')).getByRole('button', { name: 'Show password' });
    expect(input.getAttribute('type')).toBe('password');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(input.getAttribute('type')).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(toggle);
    expect(input.getAttribute('type')).toBe('password');
  });

  it('sets a new password from #reset=…', async () => {
    const { sent } = mockApi({ 'GET /api/me': signedOut(), 'POST /api/auth/reset-password': json(200, { user: USER }) });
    const app = renderAuth('/auth#reset=tok-9');
    expect(await screen.findByRole('heading', { level: 2, name: 'Choose a new password' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'brand-new-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    await waitFor(() => expect(app.location()).toBe('/dashboard'));
    expect(sent('POST /api/auth/reset-password')).toEqual([{ token: 'tok-9', password: 'brand-new-pass' }]);
  });

  it('sets the first password from an invitation (#invite=…) with the same form, in Dutch, and lands on the Dutch dashboard', async () => {
    const { sent } = mockApi({ 'GET /api/me': signedOut(), 'POST /api/auth/accept-invite': json(200, { user: USER }) });
    const app = renderApp({ path: 'auth', element: <AuthPage /> }, '/nl/auth#invite=tok-inv', 'nl');
    expect(await screen.findByRole('heading', { name: 'Welkom bij Belwise: kies uw wachtwoord' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Nieuw wachtwoord'), { target: { value: 'een goed wachtwoord' } });
    fireEvent.click(screen.getByRole('button', { name: 'Wachtwoord opslaan en inloggen' }));
    await waitFor(() => expect(app.location()).toBe('/nl/dashboard'));
    expect(sent('POST /api/auth/accept-invite')).toEqual([{ token: 'tok-inv', password: 'een goed wachtwoord' }]);
    expect(sent('POST /api/auth/reset-password')).toEqual([]);
  });

  it('offers a new link when an invitation has expired', async () => {
    mockApi({ 'GET /api/me': signedOut(), 'POST /api/auth/accept-invite': apiError(400, 'invalid_token') });
    renderAuth('/auth#invite=old');
    fireEvent.change(await screen.findByLabelText('New password'), { target: { value: 'brand-new-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save password and sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This link is invalid or has expired. Request a new link below.');
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeTruthy();
  });

  it('sends a signed-in visitor to the home page', async () => {
    mockApi({ 'GET /api/me': signedIn() });
    const app = renderAuth();
    await waitFor(() => expect(app.location()).toBe('/'));
  });
});
