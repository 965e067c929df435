import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { t } from './dictionaries';
import { uniqueEmail } from './mail';
import { expectAxeClean, gotoHydrated, localized, postReport, signInStaff } from './support';

// Issue 11, the console's side: a call of an assistant no order claims shows as unassigned; staff link the
// assistant to an order on the order's page, and the call moves to that order (the server does that).

/** A minimal end-of-call report as Vapi sends it (ServerMessageEndOfCallReport), for a call that ended a minute ago. */
async function reportCall(request: APIRequestContext, assistantId: string, summary: string) {
  const ended = new Date(Date.now() - 60_000);
  const started = new Date(ended.getTime() - 64_000);
  await postReport(request, {
    message: {
      type: 'end-of-call-report',
      endedReason: 'customer-ended-call',
      durationSeconds: 64,
      startedAt: started.toISOString(),
      endedAt: ended.toISOString(),
      call: { id: randomUUID(), type: 'inboundPhoneCall', assistantId, customer: { number: '+31612345678' } },
      analysis: { summary },
      artifact: {
        messages: [
          { role: 'bot', message: 'Goedemorgen, waarmee kan ik u helpen?', secondsFromStart: 0.5 },
          { role: 'user', message: 'Ik wil een afspraak maken.', secondsFromStart: 3 },
        ],
      },
    },
  });
}

/** A fresh buyer's order, made as staff would: a quote, turned into an order for the first agent of the catalogue. */
async function newOrder(request: APIRequestContext) {
  const email = uniqueEmail('linked');
  const quote = await request.post('/api/quotes', {
    data: { fullName: 'Sanne de Wit', email, description: 'Afspraken inplannen voor de praktijk.', language: 'dutch', locale: 'nl' },
  });
  expect(quote.status(), await quote.text()).toBe(201);
  const { items: quotes } = (await (await request.get(`/api/console/quotes?q=${encodeURIComponent(email)}`)).json()) as {
    items: { id: string }[];
  };
  const { items: agents } = (await (await request.get('/api/console/agents')).json()) as { items: { id: string }[] };
  const res = await request.post(`/api/console/quotes/${quotes[0].id}/orders`, {
    data: { agentId: agents[0].id, amountCents: 99_900, currency: 'EUR' },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { order } = (await res.json()) as { order: { id: string; number: string; agent: { name: string } } };
  return { ...order, email };
}

test('an unassigned call moves to the order staff link its assistant to', async ({ page }) => {
  test.setTimeout(60_000);
  const assistant = randomUUID();
  // A word of its own, to find this call among the others by searching.
  const word = `ref${assistant.slice(0, 8)}`;
  const summary = `Asked for an appointment on Tuesday (${word}).`;
  await reportCall(page.request, assistant, summary);
  await signInStaff(page);
  const order = await newOrder(page.request);

  // 1. The call is listed under "unassigned only" (in the URL), with no order; its assistant id is only on its page.
  await gotoHydrated(page, '/console/calls');
  await page.getByLabel(t('en', 'console.calls.show')).selectOption('false');
  await page.getByLabel(t('en', 'console.calls.search')).fill(word);
  await page.getByRole('button', { name: t('en', 'console.list.apply') }).click();
  await expect(page).toHaveURL(new RegExp(`/console/calls\\?assigned=false&q=${word}$`));
  const table = page.getByRole('table', { name: t('en', 'console.calls.caption') });
  const unassigned = table.getByRole('row').filter({ hasText: t('en', 'console.calls.unassigned') });
  await expect(unassigned).toHaveCount(1);
  await expect(unassigned.getByText('+31 6 •••• 5678').filter({ visible: true })).toHaveCount(1);
  await expect(table.getByText(assistant)).toHaveCount(0);

  // 2. Staff link the assistant to the order on the order's page, from the keyboard.
  await gotoHydrated(page, `/console/orders/${order.id}`);
  const row = page.getByRole('region', { name: t('en', 'console.order.link') });
  const field = row.getByLabel(t('en', 'console.orders.assistantFor').replace('{number}', order.number));
  // An assistant another order has (the demo buyer's Appointment Setter) is refused at the field.
  await field.fill('a0000000-0000-4000-8000-000000000001');
  await field.press('Enter');
  await expect(row.getByText(t('en', 'auth.errors.assistantTaken'))).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await field.fill(assistant);
  await field.press('Enter');
  await expect(row.getByText(t('en', 'console.orders.linkSaved'))).toBeVisible();
  await expect(field).not.toHaveAttribute('aria-invalid');

  // 3. The call now belongs to that order (its agent and buyer named), and no longer shows under "unassigned only".
  const search = `q=${word}`;
  await gotoHydrated(page, `/console/calls?assigned=false&${search}`);
  await expect(page.getByText(t('en', 'console.list.noMatch'))).toBeVisible();
  await gotoHydrated(page, `/console/calls?${search}`);
  const assigned = page.getByRole('row').filter({ hasText: `#${order.number}` });
  await expect(assigned).toHaveCount(1);
  await expect(assigned.getByText('Sanne de Wit')).toBeVisible();
  await expect(assigned.getByText(order.agent.name, { exact: true })).toBeVisible();
  // Its page links to the order.
  await assigned.getByRole('link').first().click();
  await expect(page.getByText(summary)).toBeVisible();
  const link = page.getByRole('link', { name: t('en', 'console.call.openOrder').replace('{number}', order.number) });
  await expect(link).toHaveAttribute('href', `/console/orders/${order.id}`);
  await expect(page.getByText(assistant)).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/console/orders/${order.id}$`));
  await expect(
    page.getByRole('heading', { level: 1, name: t('en', 'console.order.title').replace('{number}', order.number) }),
  ).toBeVisible();
  // The order's page lists the call.
  await expect(page.getByRole('region', { name: t('en', 'console.order.calls.title') }).getByRole('listitem')).toHaveCount(1);
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  for (const lang of ['en', 'nl'] as const) {
    test(`axe finds no violations on the console's Calls screen (${lang}, ${viewport.width} px)`, async ({ page }) => {
      // Two full pages of 50 rows each for axe: more than the default 30 s on a busy machine.
      test.setTimeout(60_000);
      await page.setViewportSize(viewport);
      await signInStaff(page);
      // At least one unassigned call, so the screen shows both kinds of row.
      await reportCall(page.request, randomUUID(), 'Wanted to know the opening hours.');
      for (const path of ['/console/calls', '/console/calls?assigned=false']) {
        await gotoHydrated(page, localized(lang, path));
        await expect(page.getByRole('heading', { level: 1, name: t(lang, 'console.calls.title') })).toBeVisible();
        await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
        await expectAxeClean(page, path);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
      }
    });
  }
}
