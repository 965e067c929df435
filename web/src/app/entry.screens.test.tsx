// @vitest-environment node
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ZoneParts } from '../shared/format';
import { USER } from '../shared/testing/mockApi';
import { order } from '../shared/testing/orders';
import type { renderScreen as RenderScreen } from './entry.screens';

// The signed-in screens as the Go server draws them (internal/screens runs this entry's build in goja): the
// app's own components, from the first data alone, with no document, in the visitor's zone. goja has no
// fetch API: without Node's, the entry brings its stand-ins (screens/webapi.ts), as it does there.
let renderScreen: typeof RenderScreen;
beforeAll(async () => {
  for (const name of ['Request', 'Response', 'Headers', 'fetch']) vi.stubGlobal(name, undefined);
  ({ renderScreen } = await import('./entry.screens'));
});

const STATS = { active: 7, settingUp: 2, totalPurchases: 12, totalInvested: [{ currency: 'EUR', amountCents: 1_234_500 }] };
// Active since 23:30 UTC on 1 June: already 2 June in Amsterdam.
const ORDERS = [order({ id: 'aaaaaaaa-0000-4000-8000-000000000001', status: 'completed', createdAt: '2025-06-01T23:30:00Z' })];

/** A date's parts in `timeZone`, as Go gives them (time.In). */
const partsIn =
  (timeZone: string): ZoneParts =>
  (ms) => {
    const f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      weekday: 'short',
    });
    const p = Object.fromEntries(f.formatToParts(ms).map((x) => [x.type, x.value]));
    return {
      year: Number(p.year),
      month: Number(p.month) - 1,
      day: Number(p.day),
      weekday: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(p.weekday!),
      hour: Number(p.hour),
      minute: Number(p.minute),
    };
  };

function dashboardData(lang: 'en' | 'nl', user: { fullName: string } = USER) {
  return JSON.stringify({
    '/api/me': { authenticated: true, user: { ...USER, ...user } },
    [`/api/dashboard?lang=${lang}`]: { user: { ...USER, ...user }, stats: STATS, orders: ORDERS },
    '/api/company': { company: null },
    [`/api/dpa?lang=${lang}`]: { accepted: true },
  });
}

const text = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/[ \t\n]+/g, ' ');

/** The dashboard drawn from dashboardData(lang, user) in `zone`, as text. */
const drawnDashboard = async (lang: 'en' | 'nl', zone = 'Europe/Amsterdam', user?: { fullName: string }) =>
  text(
    await renderScreen({
      url: lang === 'nl' ? '/nl/dashboard' : '/dashboard',
      data: dashboardData(lang, user),
      timeZone: zone,
      zoneParts: partsIn(zone),
    }),
  );

describe('renderScreen', () => {
  it('draws the dashboard from the first data, signed in, in English and Dutch', async () => {
    const en = await drawnDashboard('en');
    expect(en).toContain('Welcome, Ada Lovelace');
    expect(en).toContain('Active agents 7');
    expect(en).toContain('Total invested €12,345.00');
    expect(en).toContain('Reception Robin');
    // The account menu's trigger names the user: /api/me came from the data too.
    expect(en).toMatch(/Account menu: Ada Lovelace/);
    // Nothing left loading, and the notice the company answer asks for.
    expect(en).not.toMatch(/Loading/);
    expect(en).toMatch(/company details/i);

    const nl = await drawnDashboard('nl');
    expect(nl).toContain('Welkom, Ada Lovelace');
    expect(nl).toContain('Actieve agenten 7');
    expect(nl).toContain('€\u00a012.345,00');
  });

  it("writes dates in the visitor's zone, whatever the process's", async () => {
    expect(await drawnDashboard('en', 'Europe/Amsterdam')).toContain('June 2, 2025');
    expect(await drawnDashboard('en', 'America/New_York')).toContain('June 1, 2025');
  });

  it("each render has its own data: nothing of one user's reaches the next", async () => {
    expect(await drawnDashboard('en', 'UTC', { fullName: 'Ann First' })).toContain('Welcome, Ann First');
    const second = await drawnDashboard('en', 'UTC', { fullName: 'Bob Second' });
    expect(second).toContain('Welcome, Bob Second');
    expect(second).not.toContain('Ann First');
  });
});
