import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { randomInt, randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { t } from './dictionaries';
import { linkIn, messagesTo, uniqueEmail, type SinkMessage } from './mail';
import {
  acceptAgreement,
  expectAxeClean,
  gotoHydrated,
  type Lang,
  localized,
  newBuyerOrder,
  patchOrder,
  postReport,
  signInStaff,
  snap,
} from './support';

// Issue 20: a buyer whose only order is being set up sees its progress; once its agent is live and linked,
// its callers are grouped by number on the contacts page (two calls from one number, written two ways, are
// one contact with 2 calls), a contact's calls open their pages, and a call's page links the calls just
// newer and older than it. A fresh buyer and assistant, so nothing else posts calls between these.

test.describe.configure({ mode: 'serial' });

const assistant = randomUUID();
// A mobile number of our own: +31 6 2xxxxxxx.
const digits = String(randomInt(10_000_000)).padStart(7, '0');
const NUMBER = `+3162${digits}`;
const OTHER = `+3247${digits}`;
const DISPLAY = { en: `+31 6 2${digits}`, nl: `06 2${digits}` } as const;

let email = '';
let orderId = '';
/** The buyer's session, kept for every test after the first. */
let buyerState = join(tmpdir(), `contacts-buyer-${process.pid}.json`);
/** The order's three calls, oldest first: NUMBER, OTHER, NUMBER (written another way). */
const calls = { a1: '', b: '', a2: '' };

/** Where the screenshots go (look at them: they check nothing). */
const shots = process.env.SHOTS_DIR ?? join(tmpdir(), 'contacts-shots');
mkdirSync(shots, { recursive: true });

/** An end-of-call report as Vapi sends it, for a call from `number` that started `minutesAgo` minutes ago. */
function report(number: string, minutesAgo: number, summary: string) {
  const started = new Date(Date.now() - minutesAgo * 60_000);
  const ended = new Date(started.getTime() + 75_000);
  return {
    message: {
      type: 'end-of-call-report',
      endedReason: 'customer-ended-call',
      durationSeconds: 75,
      startedAt: started.toISOString(),
      endedAt: ended.toISOString(),
      call: { id: randomUUID(), type: 'inboundPhoneCall', assistantId: assistant, customer: { number } },
      analysis: { summary },
      artifact: {
        messages: [
          { role: 'bot', message: 'Goedemorgen, waarmee kan ik u helpen?', secondsFromStart: 0.5 },
          { role: 'user', message: 'Ik wil graag een afspraak maken.', secondsFromStart: 3 },
        ],
      },
    },
  };
}

async function buyerPage(browser: Browser, width = 1280) {
  const context = await browser.newContext({ storageState: buyerState, viewport: { width, height: width < 600 ? 844 : 800 } });
  return context.newPage();
}

async function axe(page: Page) {
  // Toasts and transitions settle first.
  await page.waitForTimeout(300);
  await expectAxeClean(page, '', { allRules: true });
}

test('a buyer whose only order is pending sees its setup progress, with the expected date, in English and Dutch', async ({
  browser,
  page,
}) => {
  test.setTimeout(90_000);
  await signInStaff(page);
  ({ email, orderId } = await newBuyerOrder(page.request, 'contacts', 'Pieter Bakker'));

  // The invitation: the buyer chooses a password and lands on the dashboard.
  let invite: SinkMessage | undefined;
  await expect
    .poll(async () => (invite = (await messagesTo(email)).find((m) => m.text.includes('#invite='))) !== undefined, { timeout: 15_000 })
    .toBe(true);
  const context = await browser.newContext();
  const buyer = await context.newPage();
  await gotoHydrated(buyer, linkIn(invite!, 'invite'));
  await buyer.getByLabel(t('en', 'auth.fields.newPassword')).fill('a strong password');
  await buyer.getByRole('button', { name: t('en', 'auth.invite.submit') }).click();
  await expect(buyer).toHaveURL(/\/dashboard$/);
  await context.storageState({ path: buyerState });

  const { orders } = (await (await buyer.request.get('/api/dashboard?lang=en')).json()) as {
    orders: { id: string; expectedDate: string }[];
  };
  const expected = orders[0].expectedDate;
  expect(expected).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  for (const lang of ['en', 'nl'] as const) {
    await gotoHydrated(buyer, localized(lang, '/dashboard'));
    const panel = buyer.getByRole('tabpanel', { name: t(lang, 'dashboard.tabs.agents') });
    await expect(panel.getByRole('heading', { name: t(lang, 'dashboard.progress.title') })).toBeVisible();
    await expect(panel.getByText(t(lang, 'dashboard.agents.emptyTitle'))).toHaveCount(0);
    const steps = panel.getByRole('list', { name: t(lang, 'dashboard.progress.steps') }).getByRole('listitem');
    await expect(steps).toHaveCount(3);
    await expect(steps.nth(1)).toHaveAttribute('aria-current', 'step');
    await expect(steps.nth(1)).toContainText(t(lang, 'dashboard.progress.building'));
    const day = new Intl.DateTimeFormat(lang === 'nl' ? 'nl-NL' : 'en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${expected}T12:00:00Z`),
    );
    await expect(panel.locator(`time[datetime="${expected}"]`)).toContainText(day);
  }
  await context.close();
});

test('two calls from one number are one contact; a contact opens their calls; a call links the newer and older one', async ({
  browser,
  page,
}) => {
  test.setTimeout(90_000);
  // Staff put the agent live and link its assistant; then three calls come in.
  // The buyer accepts the processor agreement first: without it the agent cannot go live (issue 23).
  const accepting = await buyerPage(browser);
  await acceptAgreement(accepting.request);
  await accepting.context().close();
  await signInStaff(page);
  await patchOrder(page.request, orderId, { status: 'completed' });
  await patchOrder(page.request, orderId, { assistantId: assistant });
  await postReport(page.request, report(NUMBER, 30, 'First call: asked for the opening hours.'));
  await postReport(page.request, report(OTHER, 20, 'Someone else asked for a quote.'));
  await postReport(page.request, report(`+31 6 2${digits}`, 10, 'Second call: booked an appointment.'));

  for (const lang of ['en', 'nl'] as const) {
    const buyer = await buyerPage(browser);
    // From the agent page.
    await gotoHydrated(buyer, localized(lang, `/dashboard/agents/${orderId}`));
    await buyer.getByRole('link', { name: new RegExp(t(lang, 'calls.contacts.link')) }).click();
    await expect(buyer).toHaveURL(new RegExp(`/dashboard/agents/${orderId}/contacts$`));
    await expect(buyer.getByRole('heading', { level: 1, name: t(lang, 'calls.contacts.title') })).toBeVisible();
    const contacts = buyer.getByRole('main').getByRole('listitem');
    await expect(contacts).toHaveCount(2);
    // The most recent caller first: the number that called twice, once written with spaces.
    const first = contacts.nth(0);
    await expect(first.getByRole('link', { name: DISPLAY[lang] })).toBeVisible();
    await expect(first).toContainText(t(lang, 'calls.contacts.callsMany').replace('{count}', '2'));
    await expect(first).toContainText(t(lang, 'calls.outcome.answered'));
    await expect(contacts.nth(1)).toContainText(t(lang, 'calls.contacts.callsOne'));

    // The contact: both calls, newest first, each a link to its page.
    await first.getByRole('link', { name: DISPLAY[lang] }).click();
    await expect(buyer.getByRole('heading', { level: 1, name: DISPLAY[lang] })).toBeVisible();
    const region = buyer.getByRole('region', { name: new RegExp(t(lang, 'calls.contact.callsTitle')) });
    const links = region.getByRole('listitem').getByRole('link');
    await expect(links).toHaveCount(2);
    await expect(region.getByRole('listitem').nth(0)).toContainText('Second call');
    await expect(region.getByRole('listitem').nth(1)).toContainText('First call');
    await expect(buyer.getByRole('link', { name: t(lang, 'calls.contact.callBack') })).toHaveAttribute('href', `tel:${NUMBER}`);
    const hrefs = await links.evaluateAll((els) => els.map((a) => a.getAttribute('href') ?? ''));
    calls.a2 = hrefs[0].split('/').pop()!;
    calls.a1 = hrefs[1].split('/').pop()!;

    // The newest call: no newer one; older is the other caller's, whose older is the first call.
    await links.nth(0).click();
    await expect(buyer).toHaveURL(new RegExp(`/calls/${calls.a2}$`));
    const nav = buyer.getByRole('navigation', { name: t(lang, 'calls.call.neighbours') });
    await expect(nav.getByRole('link', { name: t(lang, 'calls.call.newer') })).toHaveCount(0);
    await nav.getByRole('link', { name: t(lang, 'calls.call.older') }).click();
    await expect(buyer.getByRole('region', { name: t(lang, 'calls.call.summary') })).toContainText('Someone else');
    calls.b = new URL(buyer.url()).pathname.split('/').pop()!;
    await nav.getByRole('link', { name: t(lang, 'calls.call.older') }).click();
    await expect(buyer).toHaveURL(new RegExp(`/calls/${calls.a1}$`));
    await expect(nav.getByRole('link', { name: t(lang, 'calls.call.older') })).toHaveCount(0);
    await nav.getByRole('link', { name: t(lang, 'calls.call.newer') }).click();
    await expect(buyer).toHaveURL(new RegExp(`/calls/${calls.b}$`));
    await buyer.context().close();
  }

  // Anyone but the buyer (staff too) gets 404 for the order's contacts, as for an order that does not exist.
  expect((await page.request.get(`/api/orders/${orderId}/contacts`)).status()).toBe(404);
});

for (const width of [390, 1280]) {
  for (const lang of ['en', 'nl'] as const) {
    test(`axe finds no violations on the agent page, the contacts, a contact and a call with its neighbours (${lang}, ${width} px)`, async ({
      browser,
    }) => {
      test.setTimeout(60_000);
      const buyer = await buyerPage(browser, width);
      const screens: [string, string, string][] = [
        // The agent page, with its link to the contacts.
        ['agent', `/dashboard/agents/${orderId}`, ''],
        ['contacts', `/dashboard/agents/${orderId}/contacts`, t(lang, 'calls.contacts.title')],
        ['contact', `/dashboard/agents/${orderId}/contacts/${encodeURIComponent(NUMBER)}`, DISPLAY[lang]],
        ['call', `/dashboard/agents/${orderId}/calls/${calls.b}`, ''],
      ];
      for (const [name, path, heading] of screens) {
        await gotoHydrated(buyer, localized(lang, path));
        if (heading) await expect(buyer.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        else if (name === 'agent')
          await expect(buyer.getByRole('link', { name: new RegExp(t(lang, 'calls.contacts.link')) })).toBeVisible();
        else await expect(buyer.getByRole('navigation', { name: t(lang, 'calls.call.neighbours') })).toBeVisible();
        await axe(buyer);
        await snap(buyer, join(shots, `${name}-${lang}-${width}.png`), { fullPage: true });
      }
      await buyer.context().close();
    });
  }
}

test('axe finds no violations on the setup progress (both languages, 390 and 1280 px)', async ({ browser, page }) => {
  test.setTimeout(90_000);
  // A second fresh buyer, still pending: the first one's order is live by now.
  await signInStaff(page);
  const saved = { email, orderId, buyerState };
  ({ email, orderId } = await newBuyerOrder(page.request, 'contacts', 'Pieter Bakker'));
  let invite: SinkMessage | undefined;
  await expect
    .poll(async () => (invite = (await messagesTo(email)).find((m) => m.text.includes('#invite='))) !== undefined, { timeout: 15_000 })
    .toBe(true);
  const context = await browser.newContext();
  const buyer = await context.newPage();
  await gotoHydrated(buyer, linkIn(invite!, 'invite'));
  await buyer.getByLabel(t('en', 'auth.fields.newPassword')).fill('a strong password');
  await buyer.getByRole('button', { name: t('en', 'auth.invite.submit') }).click();
  await expect(buyer).toHaveURL(/\/dashboard$/);
  for (const width of [390, 1280]) {
    await buyer.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    for (const lang of ['en', 'nl'] as Lang[]) {
      await gotoHydrated(buyer, localized(lang, '/dashboard'));
      await expect(buyer.getByRole('heading', { name: t(lang, 'dashboard.progress.title') })).toBeVisible();
      await axe(buyer);
      await snap(buyer, join(shots, `progress-${lang}-${width}.png`), { fullPage: true });
    }
  }
  await context.close();
  ({ email, orderId, buyerState } = saved);
});
