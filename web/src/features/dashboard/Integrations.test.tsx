import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screenRoute } from '../../app/routes';
import type { WebhookDelivery, WebhookEndpoint } from '../../shared/api/types';
import { json, mockApi, signedIn, USER } from '../../shared/testing/mockApi';
import { loadedRoute, renderApp } from '../../shared/testing/renderApp';

// The integrations page through the dashboard's real route (/dashboard/integrations).
const renderPage = async (lang: 'en' | 'nl' = 'en') =>
  renderApp(
    await loadedRoute(screenRoute(lang, 'dashboard')),
    lang === 'nl' ? '/nl/dashboard/integrations' : '/dashboard/integrations',
    lang,
  );

const ENDPOINT: WebhookEndpoint = {
  id: 'ep-1',
  url: 'https://hooks.zapier.com/hooks/catch/1/abc',
  events: ['call.ended'],
  orderIds: [],
  enabled: true,
  disabledReason: '',
  failingSince: null,
  createdAt: '2026-11-27T10:00:00Z',
};
const DELIVERY: WebhookDelivery = {
  id: '7',
  messageId: 'msg_abc',
  event: 'call.ended',
  attempt: 1,
  statusCode: 500,
  durationMs: 123,
  error: 'HTTP 500',
  ok: false,
  at: '2026-11-27T10:05:00Z',
};
const DASHBOARD = json(200, { user: USER, stats: { active: 0, settingUp: 0, totalPurchases: 0, totalInvested: [] }, orders: [] });

const api = (over: Record<string, Response | ((body: unknown) => Response)> = {}) =>
  mockApi({
    'GET /api/me': signedIn(),
    'GET /api/dashboard?lang=en': DASHBOARD,
    'GET /api/dashboard?lang=nl': DASHBOARD,
    'GET /api/integrations/webhooks': json(200, { endpoints: [ENDPOINT], events: ['call.ended', 'call.followup'] }),
    ...over,
  });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the integrations page', () => {
  it('adds an endpoint with its events and shows the secret once', async () => {
    const added = { ...ENDPOINT, id: 'ep-2', url: 'https://n8n.example.com/webhook/x', events: ['call.ended', 'call.followup'] };
    const { sent } = api({
      'POST /api/integrations/webhooks': json(201, { endpoint: added, secret: 'whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0' }),
    });
    await renderPage();
    fireEvent.change(await screen.findByLabelText(/Endpoint URL/), { target: { value: ' https://n8n.example.com/webhook/x ' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Call needs follow-up/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect((await screen.findByTestId('webhook-secret')).textContent).toBe('whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0');
    expect(sent('POST /api/integrations/webhooks')).toEqual([
      { url: 'https://n8n.example.com/webhook/x', events: ['call.ended', 'call.followup'], orderIds: [] },
    ]);
    expect(screen.getByRole('heading', { name: 'https://n8n.example.com/webhook/x' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'I have stored it' }));
    expect(screen.queryByTestId('webhook-secret')).toBeNull();
  });

  it('names a refused address under the URL field', async () => {
    api({
      'POST /api/integrations/webhooks': json(400, { error: { code: 'webhook_url_not_public', message: 'private', field: 'url' } }),
    });
    await renderPage();
    const url = await screen.findByLabelText(/Endpoint URL/);
    fireEvent.change(url, { target: { value: 'https://10.0.0.1/hook' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByText(/does not reach the public internet/)).toBeTruthy();
    expect(url.getAttribute('aria-invalid')).toBe('true');
  });

  it('switches an endpoint off, sends a test event, and lists and redelivers its deliveries', async () => {
    const { sent } = api({
      'PATCH /api/integrations/webhooks/ep-1': (body) => json(200, { endpoint: { ...ENDPOINT, ...(body as object) } }),
      'POST /api/integrations/webhooks/ep-1/test': new Response(null, { status: 204 }),
      'GET /api/integrations/webhooks/ep-1/deliveries': json(200, { deliveries: [DELIVERY] }),
      'POST /api/integrations/webhooks/ep-1/deliveries/7/redeliver': new Response(null, { status: 204 }),
    });
    await renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Switch off' }));
    expect(await screen.findByRole('button', { name: 'Switch on' })).toBeTruthy();
    expect(screen.getByText('Off')).toBeTruthy();
    expect(sent('PATCH /api/integrations/webhooks/ep-1')).toEqual([{ enabled: false }]);

    fireEvent.click(screen.getByRole('button', { name: 'Send test event' }));
    expect(await screen.findByText(/A test event is on its way/)).toBeTruthy();
    const table = await screen.findByRole('table');
    const row = within(table).getAllByRole('row')[1];
    expect(within(row).getByText('500')).toBeTruthy();
    expect(within(row).getByText('123 ms')).toBeTruthy();
    expect(within(row).getByText('HTTP 500')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: /Redeliver the call.ended/ }));
    expect(await screen.findByText(/Sent again/)).toBeTruthy();
    await waitFor(() => expect(sent('POST /api/integrations/webhooks/ep-1/deliveries/7/redeliver')).toHaveLength(1));
  });

  it('deletes an endpoint after confirming', async () => {
    const { sent } = api({ 'DELETE /api/integrations/webhooks/ep-1': new Response(null, { status: 204 }) });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    await renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The endpoint is deleted.')).toBeTruthy();
    expect(screen.getByText('You have no endpoints yet.')).toBeTruthy();
    expect(sent('DELETE /api/integrations/webhooks/ep-1')).toHaveLength(1);
  });

  it('reads in Dutch', async () => {
    api();
    await renderPage('nl');
    expect(await screen.findByRole('button', { name: 'Endpoint toevoegen' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Koppelingen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Endpoint toevoegen' })).toBeTruthy();
    expect(screen.getByText('Aan')).toBeTruthy();
  });
});
