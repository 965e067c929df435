import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screenRoute } from '../../app/routes';
import { WorkspaceHeader } from '../../app/shell/WorkspaceShell';
import { apiError, json, mockApi, signedIn, USER } from '../../shared/testing/mockApi';
import { loadedRoute, renderApp } from '../../shared/testing/renderApp';
import type { Job } from './api';

/** The screen's list items (the workspace header's section links are list items too). */
const items = () => screen.getAllByRole('listitem').filter((li) => !li.closest('header'));

// The console's queue screen through its real route (the frame, the loader, the nested screen).
const renderJobs = async (url = '/console/jobs', lang: 'en' | 'nl' = 'en') =>
  renderApp(await loadedRoute(screenRoute(lang, 'console')), url, lang, <WorkspaceHeader />);

const STAFF = { ...USER, id: 'staff-1', email: 'ops@example.com', fullName: 'Olivia Jansen', role: 'staff' } as unknown as typeof USER;

const job = (over: Partial<Job> & { id: number }): Job => ({
  kind: 'mail',
  state: 'pending',
  attempts: 0,
  runAt: '2026-11-25T10:00:00Z',
  lastError: null,
  mail: { kind: 'quote.inbox', recipientDomain: 'example.nl' },
  createdAt: '2026-11-25T09:59:00Z',
  updatedAt: '2026-11-25T09:59:30Z',
  ...over,
});

const FAILED = job({ id: 7, state: 'failed', attempts: 5, lastError: 'smtp: connection refused', updatedAt: '2026-11-25T11:00:00Z' });
const PENDING = job({ id: 8 });
const CLEANUP = job({ id: 6, kind: 'cleanup', state: 'done', attempts: 1, mail: undefined });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the queue', () => {
  it('lists the jobs in English: kind in words, state, attempts, time, last error, and only the actions a state allows', async () => {
    mockApi({
      'GET /api/me': signedIn(STAFF),
      'GET /api/console/jobs': json(200, { items: [PENDING, FAILED, CLEANUP], nextCursor: null }),
    });
    await renderJobs();
    expect(await screen.findByRole('heading', { level: 1, name: 'Queue' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Queue' }).getAttribute('aria-current')).toBe('page');
    await screen.findByRole('button', { name: 'Retry job 7' });
    const rows = items();
    expect(rows).toHaveLength(3);
    const failed = within(rows[1]);
    expect(failed.getByRole('heading', { name: 'Email' })).toBeTruthy();
    expect(failed.getByText('Failed')).toBeTruthy();
    expect(failed.getByText('smtp: connection refused')).toBeTruthy();
    expect(failed.getByText('5')).toBeTruthy();
    expect(failed.getByText('Updated')).toBeTruthy();
    expect(failed.getByText(/quote\.inbox to an address at example\.nl/)).toBeTruthy();
    expect(failed.getByRole('button', { name: 'Retry job 7' })).toBeTruthy();
    expect(failed.queryByRole('button', { name: /Cancel/ })).toBeNull();
    const pending = within(rows[0]);
    expect(pending.getByText('Next run')).toBeTruthy();
    expect(pending.getByRole('button', { name: 'Cancel job 8' })).toBeTruthy();
    const done = within(rows[2]);
    expect(done.getByRole('heading', { name: 'Clean-up' })).toBeTruthy();
    expect(done.queryByRole('button')).toBeNull();
    expect(screen.getByText('That is everything.')).toBeTruthy();
  });

  it('speaks Dutch at /nl/console/jobs', async () => {
    mockApi({
      'GET /api/me': signedIn(STAFF),
      'GET /api/console/jobs': json(200, {
        items: [FAILED, job({ id: 5, kind: 'calls.retention', state: 'running', mail: undefined })],
        nextCursor: null,
      }),
    });
    await renderJobs('/nl/console/jobs', 'nl');
    expect(await screen.findByRole('heading', { level: 1, name: 'Wachtrij' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Wachtrij' }).getAttribute('aria-current')).toBe('page');
    expect((await screen.findByRole('button', { name: 'Taak 7 opnieuw proberen' })).textContent).toBe('Opnieuw proberen');
    const [failed, running] = items();
    expect(within(failed).getByText('Mislukt')).toBeTruthy();
    expect(within(failed).getByText('Laatste fout')).toBeTruthy();
    expect(within(failed).getByText(/quote\.inbox aan een adres bij example\.nl/)).toBeTruthy();
    expect(within(running).getByRole('heading', { name: 'Bewaartermijn gesprekken' })).toBeTruthy();
    expect(within(running).getByText('Bezig')).toBeTruthy();
    expect(within(running).queryByRole('button')).toBeNull();
  });

  it('keeps the state filter in the URL and asks the API for that state', async () => {
    const { requested } = mockApi({
      'GET /api/me': signedIn(STAFF),
      'GET /api/console/jobs': json(200, { items: [PENDING], nextCursor: null }),
      'GET /api/console/jobs?state=failed': json(200, { items: [FAILED], nextCursor: 'c-2' }),
      'GET /api/console/jobs?state=failed&cursor=c-2': json(200, { items: [job({ id: 3, state: 'failed' })], nextCursor: null }),
    });
    const app = await renderJobs();
    await screen.findByRole('button', { name: 'Cancel job 8' });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'failed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(app.location()).toBe('/console/jobs?state=failed'));
    expect(await screen.findByRole('button', { name: 'Retry job 7' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel job 8' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('button', { name: 'Retry job 3' })).toBeTruthy();
    expect(requested()).toContain('/api/console/jobs?state=failed&cursor=c-2');
  });

  it('retries a failed job and reloads the list', async () => {
    let retried = false;
    const { sent, requested } = mockApi({
      'GET /api/me': signedIn(STAFF),
      'GET /api/console/jobs': () =>
        json(200, { items: [retried ? { ...FAILED, state: 'pending', attempts: 0, lastError: null } : FAILED], nextCursor: null }),
      'POST /api/console/jobs/7/retry': () => {
        retried = true;
        return json(200, { job: { ...FAILED, state: 'pending' } });
      },
    });
    await renderJobs();
    fireEvent.click(await screen.findByRole('button', { name: 'Retry job 7' }));
    expect(await screen.findByText('Job 7 will run again now.')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Cancel job 7' })).toBeTruthy();
    expect(sent('POST /api/console/jobs/7/retry')).toHaveLength(1);
    expect(requested().filter((u) => u === '/api/console/jobs')).toHaveLength(2);
  });

  it('cancels a pending job; a 409 reloads the list and says so', async () => {
    let calls = 0;
    const { sent } = mockApi({
      'GET /api/me': signedIn(STAFF),
      'GET /api/console/jobs': () => json(200, { items: [calls++ === 0 ? PENDING : { ...PENDING, state: 'done' }], nextCursor: null }),
      'POST /api/console/jobs/8/cancel': apiError(409, 'version_conflict'),
    });
    await renderJobs();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel job 8' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/Job 8 had moved on/);
    await waitFor(() => {
      expect(items()).toHaveLength(1);
      expect(within(items()[0]).getByText('Done')).toBeTruthy();
    });
    expect(screen.queryByRole('button', { name: 'Cancel job 8' })).toBeNull();
    expect(sent('POST /api/console/jobs/8/cancel')).toHaveLength(1);
  });
});
