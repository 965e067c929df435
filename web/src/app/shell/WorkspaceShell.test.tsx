import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { registerDictionary } from '../../shared/i18n/dictionaries';
import en from '../../shared/i18n/en';
import nl from '../../shared/i18n/nl';
import { json, mockApi, signedIn, USER } from '../../shared/testing/mockApi';
import { routes } from '../routes';
import { SECTIONS, workspaceOf } from './WorkspaceShell';

// The whole route table, as the browser has it: the public pages in the site's shell, the dashboard and
// the console in the workspace shell.

const STAFF = { ...USER, id: 'staff-1', email: 'ops@example.com', fullName: 'Olivia Jansen', role: 'staff' } as unknown as typeof USER;
const DASHBOARD = json(200, { user: USER, stats: { active: 0, settingUp: 0, totalPurchases: 0, totalInvested: [] }, orders: [] });

beforeAll(() => {
  registerDictionary('en', en);
  registerDictionary('nl', nl);
});
beforeEach(() => {
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as never;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderAt(url: string) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return router;
}

/** What the public site's shell has and a workspace must not: the footer, "Get a quote", the voice button. */
function expectNoMarketing(quote: string, talk: string) {
  expect(screen.queryByRole('contentinfo')).toBeNull();
  expect(within(screen.getByRole('banner')).queryByRole('link', { name: quote })).toBeNull();
  expect(screen.queryByRole('button', { name: new RegExp(talk) })).toBeNull();
}

describe('the workspace shell', () => {
  it("shows the dashboard's sections, the language link and the account, and nothing of the marketing site", async () => {
    mockApi({ 'GET /api/me': signedIn(), 'GET /api/dashboard?lang=en': DASHBOARD });
    renderAt('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Sections' });
    expect(within(nav).getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Profile' }).getAttribute('href')).toBe('/dashboard/profile');
    // Invoices follow the overview; Company sits between Integrations and Profile.
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Overview', 'Invoices', 'Integrations', 'Company', 'Agreement', 'Profile', 'Nederlands']);
    expect(within(nav).getByRole('link', { name: 'Company' }).getAttribute('href')).toBe('/dashboard/company');
    expect(within(nav).getByRole('link', { name: 'Nederlands' }).getAttribute('href')).toBe('/nl/dashboard');
    expect(screen.getByRole('link', { name: 'Belwise Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(await screen.findByRole('button', { name: /Account menu/ })).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    expectNoMarketing('Get a quote', 'Talk to Assistant');
  });

  it("shows the console's sections in Dutch, the current one marked", async () => {
    mockApi({ 'GET /api/me': signedIn(STAFF) });
    renderAt('/nl/console/jobs');
    const nav = await screen.findByRole('navigation', { name: 'Onderdelen' });
    const names = within(nav)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(names).toEqual([
      'Offertes',
      'Bestellingen',
      'Gesprekken',
      'Agenten',
      'Kopers',
      'Wijzigingen',
      'Facturatie',
      'Wachtrij',
      'English',
    ]);
    expect(within(nav).getByRole('link', { name: 'Wachtrij' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Belwise Console' }).getAttribute('href')).toBe('/nl/console');
    expectNoMarketing('Offerte aanvragen', 'Praat met');
  });

  it('leaves the public pages their own shell', async () => {
    mockApi({ 'GET /api/me': signedIn() });
    renderAt('/pricing');
    expect(await screen.findByRole('contentinfo')).toBeTruthy();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Get a quote' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Talk to Assistant/ })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Sections' })).toBeNull();
  });

  it('closes its menu on Escape and gives the focus back to the button (narrow screens)', async () => {
    mockApi({ 'GET /api/me': signedIn(), 'GET /api/dashboard?lang=en': DASHBOARD });
    renderAt('/dashboard');
    const toggle = await screen.findByRole('button', { name: 'Menu' });
    expect(toggle.getAttribute('aria-controls')).toBe('app-nav-list');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const link = screen.getByRole('link', { name: 'Profile' });
    link.focus();
    fireEvent.keyDown(link, { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });

  it('has the profile, the other language and sign out in the account menu; Escape closes it onto its button', async () => {
    mockApi({ 'GET /api/me': signedIn(STAFF) });
    renderAt('/console/jobs');
    const trigger = await screen.findByRole('button', { name: /Account menu/ });
    trigger.focus();
    await act(async () => fireEvent.keyDown(trigger, { key: 'Enter' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Profile' }).getAttribute('href')).toBe('/console/profile');
    expect(within(menu).getByRole('menuitem', { name: 'Nederlands' }).getAttribute('href')).toBe('/nl/console/jobs');
    expect(within(menu).getByRole('menuitem', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(within(menu).queryByRole('menuitem', { name: 'Console' })).toBeNull();
    expect(within(menu).getByRole('menuitem', { name: 'Sign out' })).toBeTruthy();
    await act(async () => fireEvent.keyDown(within(menu).getByRole('menuitem', { name: 'Profile' }), { key: 'Escape' }));
    expect(screen.queryByRole('menu')).toBeNull();
    // The button is Radix's own now (AccountButton swapped it in when it was pressed).
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: /Account menu/ })));
  });

  it('opens the menu at a tap, loading it then if a pointer over the button has not already', async () => {
    mockApi({ 'GET /api/me': signedIn(STAFF) });
    renderAt('/console/jobs');
    const button = await screen.findByRole('button', { name: /Account menu/ });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    fireEvent.click(button);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Sign out' })).toBeTruthy();
  });

  it('keeps its own button while a pointer over it loads the menu, and swaps in the menu, open, at the press', async () => {
    mockApi({ 'GET /api/me': signedIn(STAFF) });
    renderAt('/console/jobs');
    const button = await screen.findByRole('button', { name: /Account menu/ });
    fireEvent.pointerEnter(button);
    await act(() => import('./AccountMenu'));
    expect(screen.getByRole('button', { name: /Account menu/ })).toBe(button);
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.click(button);
    expect(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Profile' })).toBeTruthy();
  });
});

describe('the sections', () => {
  it('own the screens below them, so later screens are marked too', () => {
    const current = (path: string) => SECTIONS[workspaceOf(path)].filter((s) => s.owns.test(path)).map((s) => s.path);
    expect(current('/dashboard')).toEqual(['/dashboard']);
    expect(current('/dashboard/agents/o-1/contacts')).toEqual(['/dashboard']);
    expect(current('/dashboard/profile')).toEqual(['/dashboard/profile']);
    expect(current('/dashboard/profiles')).toEqual(['/dashboard']);
    expect(current('/dashboard/integrations')).toEqual(['/dashboard/integrations']);
    expect(current('/dashboard/invoices')).toEqual(['/dashboard/invoices']);
    expect(current('/dashboard/invoicesx')).toEqual(['/dashboard']);
    expect(current('/dashboard/company')).toEqual(['/dashboard/company']);
    expect(current('/dashboard/company/')).toEqual(['/dashboard/company']);
    expect(current('/console')).toEqual(['/console']);
    expect(current('/console/quotes/q-1')).toEqual(['/console']);
    expect(current('/console/orders/o-1')).toEqual(['/console/orders']);
    expect(current('/console/buyers/b-1')).toEqual(['/console/buyers']);
    expect(current('/console/calls/c-1')).toEqual(['/console/calls']);
    expect(current('/console/billing')).toEqual(['/console/billing']);
    expect(current('/console/profile')).toEqual([]);
  });
});
