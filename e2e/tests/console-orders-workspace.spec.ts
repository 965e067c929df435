import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { t } from './dictionaries';
import { linkIn, messagesTo, uniqueEmail } from './mail';
import { expectAxeClean, gotoHydrated, type Lang, localized, postReport, signInStaff } from './support';

// Issue 20 §3, orders and buyers in the console: the orders table, an order's own page (its editing, calls,
// usage by month and history) and a buyer's page (account, orders, invitations with "send again").

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const fill = (lang: Lang, key: string, vars: Record<string, string | number>) =>
  Object.entries(vars).reduce((s, [k, v]) => s.replace(`{${k}}`, String(v)), t(lang, key));

/** A fresh buyer's order (the buyer invited, in `lang`), its assistant linked, with `calls` calls this month. */
async function orderWithCalls(request: APIRequestContext, lang: Lang, calls: number) {
  const email = uniqueEmail('workspace');
  const quote = await request.post('/api/quotes', {
    data: { fullName: 'Sanne de Wit', email, description: 'Afspraken inplannen voor de praktijk.', language: 'dutch', locale: lang },
  });
  expect(quote.status(), await quote.text()).toBe(201);
  const { items: quotes } = (await (await request.get(`/api/console/quotes?q=${encodeURIComponent(email)}`)).json()) as {
    items: { id: string }[];
  };
  const { items: agents } = (await (await request.get('/api/console/agents')).json()) as { items: { id: string }[] };
  const made = await request.post(`/api/console/quotes/${quotes[0].id}/orders`, {
    data: { agentId: agents[0].id, amountCents: 99_900, currency: 'EUR' },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { order } = (await made.json()) as { order: { id: string; number: string; version: number; buyer: { id: string } } };
  const assistantId = randomUUID();
  const linked = await request.patch(`/api/console/orders/${order.id}`, {
    data: { assistantId, perMinuteCents: 12, version: order.version },
  });
  expect(linked.status(), await linked.text()).toBe(200);
  for (let i = 0; i < calls; i++) {
    // Ended a few minutes ago, so in this month (in Amsterdam) unless the month began in the last half hour.
    const ended = new Date(Date.now() - (i + 1) * 60_000);
    await postReport(request, {
      message: {
        type: 'end-of-call-report',
        endedReason: 'customer-ended-call',
        durationSeconds: 90,
        startedAt: new Date(ended.getTime() - 90_000).toISOString(),
        endedAt: ended.toISOString(),
        call: { id: randomUUID(), type: 'inboundPhoneCall', assistantId, customer: { number: '+31612345678' } },
        analysis: { summary: `Call ${i + 1} about an appointment.` },
      },
    });
  }
  return { ...order, email };
}

async function noSidewaysScroll(page: Page, what: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${what} scrolls sideways`).toBeLessThanOrEqual(0);
}

for (const lang of ['en', 'nl'] as const) {
  test(`staff open an order from the table, change its status, see its usage, and invite its buyer again (${lang})`, async ({ page }) => {
    test.setTimeout(90_000);
    await signInStaff(page);
    const order = await orderWithCalls(page.request, lang, 2);
    // The invitation made with the order arrives first (after the quote's confirmation).
    const invitations = async () => (await messagesTo(order.email)).filter((m) => m.text.includes('#invite='));
    await expect.poll(async () => (await invitations()).length, { timeout: 15_000 }).toBe(1);

    // 1. The table: the order's figures in its row; its number opens its page.
    await gotoHydrated(page, localized(lang, `/console/orders?q=${encodeURIComponent(order.email)}`));
    const table = page.getByRole('table', { name: t(lang, 'console.orders.table') });
    const row = table.getByRole('row').filter({ has: page.getByRole('link', { name: `#${order.number}` }) });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(order.email);
    await expect(row).toContainText(t(lang, 'console.orders.linked'));
    await expect(row.getByRole('cell').last()).toHaveText('2');
    await row.getByRole('link', { name: `#${order.number}` }).click();
    await expect(page).toHaveURL(new RegExp(`${escape(localized(lang, `/console/orders/${order.id}`))}$`));
    await expect(page.getByRole('heading', { level: 1, name: fill(lang, 'console.order.title', { number: order.number }) })).toBeVisible();

    // 2. Its usage by month: this month's two calls of 90 s at 0.12 a minute.
    const usage = page.getByRole('region', { name: t(lang, 'console.order.usage.title') });
    const month = usage.getByRole('row').nth(1);
    await expect(month.getByRole('cell')).toHaveText(['2', '3', lang === 'nl' ? '€\u00a00,36' : '€0.36']);
    // Its calls, newest first, each linking to the call's page, numbers masked.
    const callList = page.getByRole('region', { name: t(lang, 'console.order.calls.title') });
    await expect(callList.getByRole('listitem')).toHaveCount(2);
    await expect(callList.getByText('+31 6 •••• 5678').first()).toBeVisible();
    await expect(callList.getByRole('link').first()).toHaveAttribute(
      'href',
      new RegExp(`${escape(localized(lang, '/console/calls/'))}\\d+$`),
    );

    // 3. The status, changed on the page; the history says who did it.
    const status = page.getByRole('region', { name: t(lang, 'console.order.status'), exact: true });
    // The invited buyer has not signed in, so has not accepted the processor agreement: the page says so,
    // and the order cannot go live (completed) yet; staff cancel it instead (issue 23).
    await expect(page.getByRole('region', { name: t(lang, 'agreement.staff.title') })).toContainText(
      fill(lang, 'agreement.staff.notAccepted', { version: '1' }),
    );
    await status.getByLabel(fill(lang, 'console.orders.statusFor', { number: order.number }), { exact: true }).selectOption('cancelled');
    await status.getByRole('button', { name: fill(lang, 'console.orders.saveFor', { number: order.number }) }).click();
    await expect(status.getByText(t(lang, 'console.orders.saved'))).toBeVisible();
    const history = page.getByRole('region', { name: t(lang, 'console.order.history.title'), exact: true });
    await expect(history).toContainText(
      fill(lang, 'console.order.history.change', {
        from: t(lang, 'console.orderStatus.pending'),
        to: t(lang, 'console.orderStatus.cancelled'),
      }),
    );
    // A reload shows the stored status.
    await page.reload();
    await expect(page.locator('h1 ~ .badge', { hasText: t(lang, 'console.orderStatus.cancelled') })).toBeVisible();
    await expect(status.getByRole('combobox')).toHaveValue('cancelled');

    // 4. The buyer's page: the account, this order, the invitation, and "send again".
    await page.getByRole('link', { name: 'Sanne de Wit' }).click();
    await expect(page).toHaveURL(new RegExp(`${escape(localized(lang, `/console/buyers/${order.buyer.id}`))}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Sanne de Wit' })).toBeVisible();
    await expect(page.getByText(t(lang, 'console.buyer.noSignIn'))).toBeVisible();
    const orders = page.getByRole('region', { name: t(lang, 'console.buyer.orders.title') });
    await expect(orders.getByRole('link', { name: `#${order.number}` })).toHaveAttribute(
      'href',
      localized(lang, `/console/orders/${order.id}`),
    );
    const sent = page.getByRole('region', { name: t(lang, 'console.buyer.invitations.title') });
    await expect(sent.getByRole('listitem')).toHaveCount(1);
    await expect(sent.getByRole('listitem')).toContainText(t(lang, 'console.buyer.invitations.states.done'));
    await sent.getByRole('button', { name: t(lang, 'console.buyer.invitations.resend') }).click();
    await expect(sent.getByText(fill(lang, 'console.buyer.invitations.resent', { email: order.email }))).toBeVisible();
    await expect(sent.getByRole('listitem')).toHaveCount(2);
    // The SMTP sink gets a second invitation, in the buyer's language, with a working link.
    await expect.poll(async () => (await invitations()).length, { timeout: 15_000 }).toBe(2);
    const [first, again] = await invitations();
    expect(again.subject).toBe(first.subject);
    expect(again.subject).toBe(
      lang === 'nl' ? 'Uw Belwise-account staat klaar: kies een wachtwoord' : 'Your Belwise account is ready: choose a password',
    );
    expect(linkIn(again, 'invite')).toMatch(new RegExp(`^${lang === 'nl' ? '/nl' : ''}/auth#invite=`));
    expect(linkIn(again, 'invite')).not.toBe(linkIn(first, 'invite'));
  });
}

test('an account with a password is not invited again: staff hear why', async ({ page }) => {
  await signInStaff(page);
  const { items } = (await (await page.request.get('/api/console/buyers?q=demo%40example.com')).json()) as {
    items: { id: string; email: string }[];
  };
  const demo = items.find((a) => a.email === 'demo@example.com');
  if (!demo) throw new Error('no demo buyer');
  const res = await page.request.post(`/api/console/buyers/${demo.id}/invite`);
  expect(res.status()).toBe(409);
  expect(((await res.json()) as { error: { code: string } }).error.code).toBe('account_active');
  await gotoHydrated(page, `/console/buyers/${demo.id}`);
  const invitations = page.getByRole('region', { name: t('en', 'console.buyer.invitations.title') });
  await expect(invitations.getByText(t('en', 'console.buyer.invitations.active'))).toBeVisible();
  await expect(invitations.getByRole('button')).toHaveCount(0);
  // The demo buyer's orders link to their pages; an unknown buyer says so.
  await expect(
    page
      .getByRole('region', { name: t('en', 'console.buyer.orders.title') })
      .getByRole('link')
      .first(),
  ).toHaveAttribute('href', /^\/console\/orders\/[0-9a-f-]{36}$/);
  await gotoHydrated(page, `/console/buyers/${randomUUID()}`);
  await expect(page.getByText(t('en', 'console.buyer.notFound'))).toBeVisible();
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  for (const lang of ['en', 'nl'] as const) {
    test(`axe finds no violations on the orders table, an order and a buyer, with no sideways scroll (${lang}, ${viewport.width} px)`, async ({
      page,
    }) => {
      test.setTimeout(60_000);
      await page.setViewportSize(viewport);
      await signInStaff(page);
      const order = await orderWithCalls(page.request, lang, 1);
      const screens: [string, () => Promise<void>, string][] = [
        [
          '/console/orders',
          () =>
            expect(
              page
                .getByRole('table', { name: t(lang, 'console.orders.table') })
                .getByRole('row')
                .nth(1),
            ).toBeVisible(),
          'orders',
        ],
        [
          `/console/orders/${order.id}`,
          () => expect(page.getByRole('region', { name: t(lang, 'console.order.calls.title') }).getByRole('listitem')).toHaveCount(1),
          'order',
        ],
        [
          `/console/buyers/${order.buyer.id}`,
          () => expect(page.getByRole('region', { name: t(lang, 'console.buyer.invitations.title') })).toBeVisible(),
          'buyer',
        ],
        ['/console/buyers', () => expect(page.getByRole('listitem').first()).toBeVisible(), 'buyers'],
      ];
      for (const [path, loaded, name] of screens) {
        await gotoHydrated(page, localized(lang, path));
        await loaded();
        if (process.env.SCREENSHOTS) {
          await page.screenshot({ path: `screenshots/console-${name}-${lang}-${viewport.width}.png`, fullPage: true });
        }
        await expectAxeClean(page, path);
        await noSidewaysScroll(page, path);
      }
    });
  }
}
