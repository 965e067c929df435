import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { t } from './dictionaries';
import { expectAxeClean, gotoHydrated, type Lang, localized, postReport, signInBuyer } from './support';

// Issue 18: usage is a record. A call the buyer deletes loses its content, but its minutes and cost stay in
// the month's figures, and the agent page says how many deleted calls they include. The demo buyer's Order
// Line is linked to this assistant; no other spec reports calls for it, so its figures move only here.
const ORDER_LINE = 'a0000000-0000-4000-8000-000000000002';

interface Month {
  calls: number;
  seconds: number;
  costCents: number;
  deletedCalls: number;
}

/** The demo buyer's live Order Line order. */
async function orderLine(page: Page): Promise<string> {
  const res = await page.request.get('/api/dashboard?lang=en');
  expect(res.status()).toBe(200);
  const { orders } = (await res.json()) as { orders: { id: string; assistantLinked: boolean; agent: { name: string } }[] };
  const linked = orders.filter((o) => o.assistantLinked && o.agent.name === 'Order Line');
  expect(linked).toHaveLength(1);
  return linked[0].id;
}

async function month(page: Page, orderId: string): Promise<Month & { rate: number }> {
  const res = await page.request.get(`/api/orders/${orderId}/agent?lang=en&tz=UTC`);
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { figures: Month; agent: { perMinuteCents: number } };
  const { calls, seconds, costCents, deletedCalls } = body.figures;
  return { calls, seconds, costCents, deletedCalls, rate: body.agent.perMinuteCents };
}

/** The values of the page's "Minutes" and "Cost of minutes" figures, as the buyer reads them. */
async function shownFigures(page: Page, lang: Lang) {
  const section = page.getByRole('region', { name: t(lang, 'calls.period.month') });
  const value = (key: string) =>
    section
      .locator('dt', { hasText: new RegExp(`^${t(lang, key)}$`) })
      .locator('xpath=following-sibling::dd')
      .innerText();
  return { minutes: await value('calls.month.minutes'), cost: await value('calls.month.cost') };
}

test('a deleted call leaves the month’s minutes and cost as they were, and the page says it is included', async ({ page }) => {
  test.slow();
  await signInBuyer(page);
  const orderId = await orderLine(page);
  const before = await month(page, orderId);
  expect(before.deletedCalls).toBe(0); // the seed deletes nothing: after one delete, the sentence is the singular one

  // An answered call of 95 s ends now.
  const callId = randomUUID();
  const summary = `Pick-up order for 18:30 (usage e2e ${callId.slice(0, 8)}).`;
  const ended = new Date(Date.now() - 30_000);
  const started = new Date(ended.getTime() - 95_000);
  await postReport(page.request, {
    message: {
      type: 'end-of-call-report',
      endedReason: 'customer-ended-call',
      durationSeconds: 95,
      startedAt: started.toISOString(),
      endedAt: ended.toISOString(),
      call: { id: callId, type: 'inboundPhoneCall', status: 'ended', assistantId: ORDER_LINE, customer: { number: '+31687654321' } },
      analysis: { summary, successEvaluation: true },
      artifact: { messages: [{ role: 'bot', message: 'Trattoria Roma, pick-up or delivery?', time: 1, secondsFromStart: 0.5 }] },
    },
  });
  const reported = await month(page, orderId);
  // The month has the call: its seconds, and its cost at the order's rate, rounded half up.
  expect(reported).toEqual({
    ...before,
    calls: before.calls + 1,
    seconds: before.seconds + 95,
    costCents: before.costCents + Math.floor((95 * before.rate + 30) / 60),
  });

  await gotoHydrated(page, `/dashboard/agents/${orderId}`);
  const list = page.getByRole('region', { name: `${t('en', 'calls.list.title')} · ${t('en', 'calls.list.newestFirst')}` });
  const item = list.getByRole('listitem').filter({ hasText: summary });
  await expect(item).toHaveCount(1);
  const shown = await shownFigures(page, 'en');
  await expect(page.getByText(t('en', 'calls.month.deletedWhy'))).toHaveCount(0);

  // Deleted from its page, after the confirmation that says the minutes stay.
  await item.getByRole('link').click();
  await expect(page.getByRole('region', { name: t('en', 'calls.call.summary') }).getByText(summary)).toBeVisible();
  await page.getByRole('button', { name: t('en', 'calls.call.delete') }).click();
  await expect(page.getByText(t('en', 'calls.call.confirmText'))).toBeVisible();
  await page.getByRole('button', { name: t('en', 'calls.call.confirm') }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/agents/${orderId}$`));
  await expect(page.getByText(t('en', 'calls.call.deleted'))).toBeVisible();
  await expect(list.getByText(summary)).toHaveCount(0);

  // The month's figures are as they were, and one deleted call is said to be in them.
  expect(await month(page, orderId)).toEqual({ ...reported, deletedCalls: before.deletedCalls + 1 });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Order Line' })).toBeVisible();
  expect(await shownFigures(page, 'en')).toEqual(shown);
  const sentence = (lang: Lang) => `${t(lang, 'calls.month.deletedOne')} ${t(lang, 'calls.month.deletedWhy')}`;
  await expect(page.getByRole('region', { name: t('en', 'calls.period.month') }).getByText(sentence('en'), { exact: true })).toBeVisible();

  // In Dutch too.
  await gotoHydrated(page, localized('nl', `/dashboard/agents/${orderId}`));
  await expect(page.getByRole('region', { name: t('nl', 'calls.period.month') }).getByText(sentence('nl'), { exact: true })).toBeVisible();
  expect(sentence('nl')).toContain('In deze cijfers is 1 verwijderd gesprek meegeteld.');
  await expect(page.getByText(summary)).toHaveCount(0);
  await expectAxeClean(page);
});
