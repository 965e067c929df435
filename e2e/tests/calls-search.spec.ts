import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { t } from './dictionaries';
import { expectAxeClean, gotoHydrated, type Lang, localized, postReport, signInBuyer, snap } from './support';

// Issue 20 §2: a buyer finds calls on the agent page by a word of the conversation, narrows them by outcome,
// direction, goal and period, and the URL keeps all of it across a reload; a search that finds nothing says so.
// The demo seed's buyer has the Appointment Setter linked to this Vapi assistant.
const APPOINTMENT_SETTER = 'a0000000-0000-4000-8000-000000000001';
const NAME = { en: 'Appointment Setter', nl: 'Afsprakenplanner' } as const;

// A word no other call says: letters only, so it is one word to both engines' full-text search.
const letters = (n: number) =>
  Array.from(randomUUID().replaceAll('-', '').slice(0, n), (c) => String.fromCharCode(97 + (parseInt(c, 16) % 26))).join('');
const marker = `kwartel${letters(8)}`;
const other = `zwaluw${letters(8)}`;
const run = letters(6);

/** An end-of-call report of a call that just ended, saying `words` in its transcript. */
function report(callId: string, summary: string, words: string, type: string, evaluation: boolean) {
  const ended = new Date(Date.now() - 60_000);
  const started = new Date(ended.getTime() - 80_000);
  return {
    message: {
      type: 'end-of-call-report',
      endedReason: 'customer-ended-call',
      durationSeconds: 80,
      startedAt: started.toISOString(),
      endedAt: ended.toISOString(),
      call: { id: callId, type, status: 'ended', assistantId: APPOINTMENT_SETTER, customer: { number: '+31687654321' } },
      analysis: { summary, successEvaluation: evaluation },
      artifact: {
        messages: [
          { role: 'bot', message: 'Goedemiddag, met de praktijk. Waarmee kan ik u helpen?', secondsFromStart: 0.5 },
          { role: 'user', message: `Ik bel over de ${words} van vorige week.`, secondsFromStart: 3 },
        ],
      },
    },
  };
}

const found = { summary: `Vraag over een afspraak (search ${run}).`, words: marker };
const notFound = { summary: `Terugbelverzoek (search ${run}).`, words: other };

/** The demo buyer's order of the Appointment Setter that has the reported calls. */
async function orderWithCalls(page: Page): Promise<string> {
  await gotoHydrated(page, '/dashboard');
  const links = page.getByRole('link', { name: NAME.en });
  await expect(links.first()).toBeVisible();
  const hrefs = await links.evaluateAll((els) => els.map((a) => a.getAttribute('href') ?? ''));
  for (const href of hrefs) {
    const orderId = href.split('/').pop()!;
    const res = await page.request.get(`/api/orders/${orderId}/calls?q=${marker}`);
    expect(res.status()).toBe(200);
    if (((await res.json()) as { items: unknown[] }).items.length > 0) return orderId;
  }
  throw new Error('no order has the reported call');
}

test.describe.configure({ mode: 'serial' });

let orderId = '';

test.beforeAll(async ({ request }) => {
  await postReport(request, report(randomUUID(), found.summary, found.words, 'inboundPhoneCall', true));
  await postReport(request, report(randomUUID(), notFound.summary, notFound.words, 'outboundPhoneCall', false));
});

/** The list's calls, once a new period or filter has loaded. */
async function summaries(page: Page, lang: Lang) {
  const list = page.getByRole('region', { name: `${t(lang, 'calls.list.title')} · ${t(lang, 'calls.list.newestFirst')}`, exact: true });
  await expect(list).not.toHaveAttribute('aria-busy', 'true');
  return list.getByRole('listitem');
}

/** "No calls match “…”" in `lang`. */
const noMatch = (lang: Lang, q: string) => t(lang, 'calls.empty.noMatchSearchTitle').replace('{q}', q);

for (const lang of ['en', 'nl'] as const) {
  test(`${lang}: a buyer searches a word from a transcript and finds that call; filters and period survive a reload`, async ({ page }) => {
    test.slow();
    await signInBuyer(page, lang);
    orderId ||= await orderWithCalls(page);
    const agentPath = localized(lang, `/dashboard/agents/${orderId}`);
    await gotoHydrated(page, agentPath);
    await expect(page.getByRole('heading', { level: 1, name: NAME[lang] })).toBeVisible();
    await expect((await summaries(page, lang)).first()).toBeVisible();

    // A word of the caller's, from the transcript: that call and only that one.
    const form = page.getByRole('search', { name: t(lang, 'calls.filters.title') });
    await form.getByRole('searchbox', { name: t(lang, 'calls.filters.search') }).fill(marker);
    await form.getByRole('button', { name: t(lang, 'calls.filters.apply') }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]q=${marker}`));
    await expect(await summaries(page, lang)).toHaveCount(1);
    await expect((await summaries(page, lang)).first()).toContainText(found.summary);

    // Narrow further: answered, incoming, goal reached; and the last 7 days.
    await form.getByLabel(t(lang, 'calls.filters.outcome')).selectOption('answered');
    await form.getByLabel(t(lang, 'calls.filters.direction')).selectOption('inbound');
    await form.getByLabel(t(lang, 'calls.filters.goal')).selectOption('yes');
    await form.getByRole('button', { name: t(lang, 'calls.filters.apply') }).click();
    await expect(page).toHaveURL(/goal=yes/);
    await page.getByLabel(t(lang, 'calls.period.label')).selectOption('7d');
    await page.getByRole('button', { name: t(lang, 'calls.period.show') }).click();
    await expect(page).toHaveURL(/period=7d/);
    await expect(page.getByRole('heading', { level: 2, name: t(lang, 'calls.period.d7') })).toBeVisible();
    await expect(await summaries(page, lang)).toHaveCount(1);

    // A reload keeps the period, the filters and the search, and the same call.
    const url = page.url();
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    expect(page.url()).toBe(url);
    await expect(page.getByLabel(t(lang, 'calls.period.label'))).toHaveValue('7d');
    const again = page.getByRole('search', { name: t(lang, 'calls.filters.title') });
    await expect(again.getByRole('searchbox', { name: t(lang, 'calls.filters.search') })).toHaveValue(marker);
    await expect(again.getByLabel(t(lang, 'calls.filters.outcome'))).toHaveValue('answered');
    await expect(again.getByLabel(t(lang, 'calls.filters.direction'))).toHaveValue('inbound');
    await expect(again.getByLabel(t(lang, 'calls.filters.goal'))).toHaveValue('yes');
    await expect(await summaries(page, lang)).toHaveCount(1);
    await expect((await summaries(page, lang)).first()).toContainText(found.summary);
    // The CSV link carries them too.
    const csv = page.getByRole('link', { name: t(lang, 'calls.list.csv') });
    await expect(csv).toHaveAttribute('href', new RegExp(`q=${marker}.*|period=7d.*q=${marker}`));
    const res = await page.request.get((await csv.getAttribute('href'))!);
    expect(res.status()).toBe(200);
    const body = await res.text();
    expect(body).toContain(found.summary);
    expect(body).not.toContain(notFound.summary);

    // The other call's word, with "goal reached": nothing, and the page says so.
    await again.getByRole('searchbox', { name: t(lang, 'calls.filters.search') }).fill(other);
    await again.getByRole('button', { name: t(lang, 'calls.filters.apply') }).click();
    await expect(page.getByRole('heading', { name: noMatch(lang, other) })).toBeVisible();
    // Without the filters, that word finds its call.
    await page.getByRole('button', { name: t(lang, 'calls.filters.clear') }).click();
    await expect(page).toHaveURL(new RegExp(`${agentPath}\\?period=7d$`));
    await page.getByRole('searchbox', { name: t(lang, 'calls.filters.search') }).fill(other);
    await page.getByRole('button', { name: t(lang, 'calls.filters.apply') }).click();
    await expect(await summaries(page, lang)).toHaveCount(1);
    await expect((await summaries(page, lang)).first()).toContainText(notFound.summary);
  });
}

for (const lang of ['en', 'nl'] as const) {
  for (const width of [390, 1280]) {
    test(`${lang}: the agent page with a period, filters and a search is accessible at ${width} px`, async ({ page }) => {
      test.slow();
      await page.setViewportSize({ width, height: 900 });
      await signInBuyer(page, lang);
      orderId ||= await orderWithCalls(page);
      const today = new Date().toISOString().slice(0, 10);
      const monthAgo = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10);
      await gotoHydrated(page, localized(lang, `/dashboard/agents/${orderId}?period=custom&from=${monthAgo}&to=${today}&outcome=answered`));
      await expect(page.getByLabel(t(lang, 'calls.period.from'))).toHaveValue(monthAgo);
      await expect((await summaries(page, lang)).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      // To look at: the period and figures, then the chart, the filters and the list's head.
      await snap(page, `screenshots/calls-search-${lang}-${width}.png`);
      await page.getByRole('region', { name: t(lang, 'calls.chart.title') }).scrollIntoViewIfNeeded();
      await snap(page, `screenshots/calls-search-${lang}-${width}-list.png`);
      const wide = await page.evaluate(() =>
        [...document.querySelectorAll('body *')]
          .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
          .map((el) => `${el.tagName}.${el.className} ${Math.round(el.getBoundingClientRect().right)}`)
          .slice(0, 8),
      );
      expect(wide).toEqual([]);
      await expectAxeClean(page);

      // A search that finds nothing.
      await page.goto(localized(lang, `/dashboard/agents/${orderId}?q=nietsgevonden${run}`));
      await expect(page.getByRole('heading', { name: noMatch(lang, `nietsgevonden${run}`) })).toBeVisible();
      await page.getByRole('search', { name: t(lang, 'calls.filters.title') }).scrollIntoViewIfNeeded();
      await snap(page, `screenshots/calls-search-none-${lang}-${width}.png`);
      await expectAxeClean(page);
    });
  }
}
