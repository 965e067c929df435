import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { t } from './dictionaries';
import { uniqueEmail } from './mail';
import { expectAxeClean, gotoHydrated, type Lang, localized, postReport, signInStaff } from './support';

// Issue 20 §3, the agency's calls: staff filter the table (outcome, order, period, assignment) and search it,
// the filters survive a reload, a call opens with its transcript, and the table reads at 390 px without
// scrolling sideways. axe at 390 and 1280 px in both languages.

type Order = { id: string; number: string; version: number; agent: { name: string; nameNl: string } };

/** A fresh buyer's order for the catalogue's first agent, linked to a new assistant. */
async function linkedOrder(request: APIRequestContext, buyerName: string) {
  const email = uniqueEmail('workspace');
  const quote = await request.post('/api/quotes', {
    data: { fullName: buyerName, email, description: 'Afspraken inplannen voor de praktijk.', language: 'dutch', locale: 'nl' },
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
  const { order } = (await made.json()) as { order: Order };
  const assistant = randomUUID();
  const linked = await request.patch(`/api/console/orders/${order.id}`, { data: { assistantId: assistant, version: order.version } });
  expect(linked.status(), await linked.text()).toBe(200);
  return { order, assistant };
}

/** An end-of-call report for `assistant`: answered with `words` in its transcript, or missed. */
async function report(request: APIRequestContext, assistant: string, opts: { missed?: boolean; words?: string; minutesAgo: number }) {
  const ended = new Date(Date.now() - opts.minutesAgo * 60_000);
  const seconds = opts.missed ? 0 : 83;
  await postReport(request, {
    message: {
      type: 'end-of-call-report',
      endedReason: opts.missed ? 'customer-did-not-answer' : 'customer-ended-call',
      durationSeconds: seconds,
      startedAt: new Date(ended.getTime() - seconds * 1000).toISOString(),
      endedAt: ended.toISOString(),
      call: { id: randomUUID(), type: 'inboundPhoneCall', assistantId: assistant, customer: { number: '+31612345678' } },
      analysis: { summary: opts.missed ? '' : 'Wil een afspraak voor een controle.' },
      artifact: {
        ...(opts.missed ? {} : { recordingUrl: 'https://storage.vapi.ai/e2e-workspace.wav' }),
        messages: opts.missed
          ? []
          : [
              { role: 'bot', message: 'Goedemorgen, tandartspraktijk Visser.', secondsFromStart: 0.5 },
              { role: 'user', message: `Ik bel over de ${opts.words ?? ''} van volgende week.`, secondsFromStart: 3 },
            ],
      },
    },
  });
}

async function sideways(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

async function shoot(page: Page, name: string) {
  if (!process.env.SCREENSHOTS) return;
  await page.screenshot({ path: `screenshots/${name}.png`, fullPage: true });
  // The top of a long page as well, at a size one can read.
  const { width } = page.viewportSize() ?? { width: 1280 };
  await page.screenshot({ path: `screenshots/${name}-top.png`, fullPage: true, clip: { x: 0, y: 0, width, height: 1600 } });
}

for (const lang of ['en', 'nl'] as const satisfies readonly Lang[]) {
  test(`staff search and filter the calls, keep them over a reload, and read a call's transcript (${lang})`, async ({ page }) => {
    test.setTimeout(90_000);
    await signInStaff(page);
    const { order, assistant } = await linkedOrder(page.request, 'Fenna Visser');
    const word = `wortelkanaal${randomUUID().slice(0, 6).replace(/[0-9]/g, 'x')}`;
    await report(page.request, assistant, { words: word, minutesAgo: 3 });
    await report(page.request, assistant, { missed: true, minutesAgo: 2 });
    const agent = lang === 'nl' ? order.agent.nameNl || order.agent.name : order.agent.name;
    const table = page.getByRole('table', { name: t(lang, 'console.calls.caption') });
    const rows = table.getByRole('row').filter({ hasText: `#${order.number}` });

    // 1. A word from a transcript finds that call, named by its agent and buyer.
    await gotoHydrated(page, localized(lang, '/console/calls'));
    await expect(table).toBeVisible();
    await page.getByLabel(t(lang, 'console.calls.search')).fill(word);
    await page.getByRole('button', { name: t(lang, 'console.list.apply') }).click();
    await expect(page).toHaveURL(new RegExp(`/console/calls\\?q=${word}$`));
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(rows).toHaveCount(1);
    await expect(rows.getByText(agent, { exact: true })).toBeVisible();
    await expect(rows.getByText('Fenna Visser')).toBeVisible();
    // It survives a reload.
    await page.reload();
    await expect(rows).toHaveCount(1);
    await expect(page.getByLabel(t(lang, 'console.calls.search'))).toHaveValue(word);

    // 2. The order and outcome filters (and a period) select the missed call, and survive a reload.
    await page.getByLabel(t(lang, 'console.calls.search')).fill('');
    await page.getByLabel(t(lang, 'console.calls.agentOrder')).selectOption(order.id);
    await page.getByLabel(t(lang, 'console.calls.outcome')).selectOption('missed');
    await page.getByLabel(t(lang, 'console.calls.periodLabel')).selectOption('7d');
    await page.getByRole('button', { name: t(lang, 'console.list.apply') }).click();
    await expect(page).toHaveURL(new RegExp(`/console/calls\\?outcome=missed&order=${order.id}&period=7d$`));
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(rows.getByText(t(lang, 'calls.outcome.missed')).filter({ visible: true })).toHaveCount(1);
    await page.reload();
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(page.getByLabel(t(lang, 'console.calls.agentOrder'))).toHaveValue(order.id);
    await expect(page.getByLabel(t(lang, 'console.calls.outcome'))).toHaveValue('missed');
    await expect(page.getByLabel(t(lang, 'console.calls.periodLabel'))).toHaveValue('7d');
    // A search that finds nothing says so.
    await gotoHydrated(page, localized(lang, `/console/calls?order=${order.id}&q=${word}zzz`));
    await expect(page.getByText(t(lang, 'console.list.noMatch'))).toBeVisible();

    // 3. Staff open the answered call and read its transcript, the number in full, and its order.
    await gotoHydrated(page, localized(lang, `/console/calls?order=${order.id}&outcome=answered`));
    await rows.getByRole('link').first().click();
    const transcript = page.getByRole('region', { name: t(lang, 'calls.call.transcript') });
    await expect(transcript.getByText(`Ik bel over de ${word} van volgende week.`)).toBeVisible();
    await expect(transcript.getByText('Goedemorgen, tandartspraktijk Visser.')).toBeVisible();
    await expect(page.getByText(lang === 'nl' ? '06 12345678' : '+31 6 12345678')).toBeVisible();
    await expect(page.getByRole('link', { name: t(lang, 'console.call.openOrder').replace('{number}', order.number) })).toBeVisible();
    await expect(page.getByText(assistant)).toBeVisible();
    // The recording's player: the page's policy admits its origin for staff (no violation when it loads).
    const violations: string[] = [];
    page.on('console', (msg) => {
      if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
    });
    const audio = page.getByRole('region', { name: t(lang, 'calls.call.recording') }).locator('audio');
    await expect(audio).toHaveAttribute('src', 'https://storage.vapi.ai/e2e-workspace.wav');
    await page.route('https://storage.vapi.ai/**', (route) => route.fulfill({ status: 404, body: '' }));
    await audio.evaluate((el: HTMLAudioElement) => el.load());
    await page.waitForTimeout(500);
    expect(violations).toEqual([]);
  });

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    test(`the calls table and a call's page: axe clean, nothing sideways (${lang}, ${viewport.width} px)`, async ({ page }) => {
      test.setTimeout(90_000);
      await page.setViewportSize(viewport);
      await signInStaff(page);
      const { order, assistant } = await linkedOrder(page.request, 'Maximiliaan van Oldenbarnevelt-Schimmelpenninck');
      await report(page.request, assistant, { words: 'vulling', minutesAgo: 3 });
      await report(page.request, assistant, { missed: true, minutesAgo: 2 });

      await gotoHydrated(page, localized(lang, '/console/calls'));
      const table = page.getByRole('table', { name: t(lang, 'console.calls.caption') });
      await expect(table.getByRole('row').nth(1)).toBeVisible();
      expect(await sideways(page), 'the list scrolls sideways').toBeLessThanOrEqual(0);
      await expectAxeClean(page, 'the list');
      await shoot(page, `${lang}-console-calls-${viewport.width}`);

      const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
      await gotoHydrated(
        page,
        localized(lang, `/console/calls?order=${order.id}&outcome=answered&period=custom&from=${day(-7)}&to=${day(1)}`),
      );
      await expect(page.getByLabel(t(lang, 'console.calls.from'), { exact: true })).toHaveValue(day(-7));
      await expect(table.getByRole('row')).toHaveCount(2);
      expect(await sideways(page), 'the filtered list scrolls sideways').toBeLessThanOrEqual(0);
      await expectAxeClean(page, 'the filtered list');
      await shoot(page, `${lang}-console-calls-filtered-${viewport.width}`);

      await table.getByRole('row').nth(1).getByRole('link').first().click();
      await expect(
        page.getByRole('region', { name: t(lang, 'calls.call.transcript') }).getByText('vulling', { exact: false }),
      ).toBeVisible();
      expect(await sideways(page), 'the call scrolls sideways').toBeLessThanOrEqual(0);
      await expectAxeClean(page, 'the call');
      await shoot(page, `${lang}-console-call-${viewport.width}`);
    });
  }
}
