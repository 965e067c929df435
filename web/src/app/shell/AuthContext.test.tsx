import { cleanup, fireEvent, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useAuth } from '../../shared/auth/AuthContext';
import { mockApi, signedIn, signedOut, USER } from '../../shared/testing/mockApi';
import { renderApp } from '../../shared/testing/renderApp';
import { Header } from './Header';

const renderHeader = (url = '/dashboard') => renderApp({ path: 'dashboard', element: <p>Dashboard page</p> }, url, 'en', <Header />);

beforeAll(() => {
  // Radix positions the menu with floating-ui, which watches sizes; jsdom has no ResizeObserver.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as never;
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('useAuth', () => {
  it('throws the spec message outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useAuth())).toThrow('useAuth must be used within an AuthProvider');
  });
});

describe('header session slot', () => {
  it('shows "Sign in" while loading and when signed out', async () => {
    const { fetchMock } = mockApi({ 'GET /api/me': signedOut() });
    renderHeader();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/auth');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeTruthy();
  });

  it('shows "Sign in" (and logs) when /api/me fails', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    renderHeader();
    await waitFor(() => expect(errors).toHaveBeenCalled());
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeTruthy();
  });

  it('swaps in the account menu when signed in; Sign out ends the session and goes home', async () => {
    const { sent } = mockApi({ 'GET /api/me': signedIn(), 'POST /api/auth/sign-out': new Response(null, { status: 204 }) });
    const app = renderHeader();
    const trigger = await screen.findByRole('button', { name: 'Account menu: Ada Lovelace' });
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();

    fireEvent.keyDown(trigger, { key: 'Enter' });
    expect((await screen.findByRole('menuitem', { name: 'Dashboard' })).getAttribute('href')).toBe('/dashboard');
    // Buyers never see the way into the console.
    expect(screen.queryByRole('menuitem', { name: 'Console' })).toBeNull();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Sign out' }));

    await waitFor(() => expect(app.location()).toBe('/'));
    expect(sent('POST /api/auth/sign-out')).toHaveLength(1);
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeTruthy();
  });

  it('shows Console in the account menu to staff', async () => {
    mockApi({ 'GET /api/me': signedIn({ ...USER, role: 'staff' } as unknown as typeof USER) });
    renderHeader();
    fireEvent.keyDown(await screen.findByRole('button', { name: 'Account menu: Ada Lovelace' }), { key: 'Enter' });
    expect((await screen.findByRole('menuitem', { name: 'Console' })).getAttribute('href')).toBe('/console');
  });
});
