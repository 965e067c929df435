import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, signedIn } from '../../shared/testing/mockApi';
import { renderApp } from '../../shared/testing/renderApp';
import type { AlertSetting } from './api';
import { ConsoleAlertDefault } from './AlertSettings';

const ORDER = 'o-1';
const SETTING: AlertSetting = {
  orderId: ORDER,
  orderNumber: 'B-1001',
  agentName: 'Appointment Setter',
  mode: '',
  default: 'followup',
  effective: 'followup',
};
const render = (lang: 'en' | 'nl' = 'en') =>
  renderApp({ path: 'editor', element: <ConsoleAlertDefault orderId={ORDER} /> }, lang === 'nl' ? '/nl/editor' : '/editor', lang);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ConsoleAlertDefault', () => {
  it("sets the order's default and says what the buyer chose", async () => {
    const api = mockApi({
      'GET /api/me': signedIn(),
      [`GET /api/console/orders/${ORDER}/alerts?lang=en`]: json(200, SETTING),
      [`PUT /api/console/orders/${ORDER}/alerts?lang=en`]: (body) =>
        json(200, { ...SETTING, default: (body as { default: string }).default, effective: (body as { default: string }).default }),
    });
    render();
    const select = (await screen.findByLabelText('Default for this order')) as HTMLSelectElement;
    expect(select.value).toBe('followup');
    expect(screen.getByText('The buyer has not chosen: the default applies.')).toBeTruthy();
    fireEvent.change(select, { target: { value: 'all' } });
    expect(await screen.findByText('Saved: Every call.')).toBeTruthy();
    expect(api.sent(`PUT /api/console/orders/${ORDER}/alerts?lang=en`)).toEqual([{ default: 'all' }]);
  });

  it("shows the default, not the buyer's choice, in Dutch", async () => {
    mockApi({
      'GET /api/me': signedIn(),
      [`GET /api/console/orders/${ORDER}/alerts?lang=nl`]: json(200, { ...SETTING, mode: 'none', effective: 'none' }),
    });
    render('nl');
    const select = (await screen.findByLabelText('Standaard voor deze bestelling')) as HTMLSelectElement;
    expect(select.value).toBe('followup');
    expect(screen.getByText('De klant koos: Geen gesprekken')).toBeTruthy();
  });
});
