import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { t } from './dictionaries';
import { expectAxeClean, gotoHydrated, languages, localized, postReport, signInBuyer, signInStaff, snap } from './support';

// Issue 20 §2: staff define an order's call data ("callback wanted", yes/no); a report carrying it in
// analysis.structuredData shows as a column of the agent page's list and filters it, in English and Dutch.
// The demo seed's buyer's Appointment Setter order is linked to this assistant.
const APPOINTMENT_SETTER = 'a0000000-0000-4000-8000-000000000001';
const LABEL = { en: 'Callback wanted', nl: 'Terugbellen gewenst' } as const;

type Field = { name: string; type: string; labelEn: string; labelNl: string; options: string[] };

test.describe.configure({ mode: 'serial' });

let order = { id: '', number: '' };
let original: Field[] = [];
const run = randomUUID().slice(0, 8);

/** The staff's API context: the shared staff session's cookie on each request. */
async function staffApi(request: APIRequestContext) {
  const cookie = await signInStaff(request);
  return { headers: { Cookie: cookie } };
}

function report(callId: string, summary: string) {
  const ended = new Date(Date.now() - 30_000);
  const started = new Date(ended.getTime() - 70_000);
  return {
    message: {
      type: 'end-of-call-report',
      endedReason: 'customer-ended-call',
      durationSeconds: 70,
      startedAt: started.toISOString(),
      endedAt: ended.toISOString(),
      call: {
        id: callId,
        type: 'inboundPhoneCall',
        status: 'ended',
        assistantId: APPOINTMENT_SETTER,
        customer: { number: '+31612345678' },
      },
      analysis: { summary, successEvaluation: true },
    },
  };
}

test.beforeAll(async ({ request }) => {
  const auth = await staffApi(request);
  const res = await request.get('/api/console/orders?q=demo%40example.com&limit=100', auth);
  expect(res.status()).toBe(200);
  const { items } = (await res.json()) as { items: { id: string; number: string; assistantId: string | null }[] };
  const found = items.find((o) => o.assistantId === APPOINTMENT_SETTER);
  expect(found, 'the demo order of the Appointment Setter').toBeTruthy();
  order = { id: found!.id, number: found!.number };
  const fields = await request.get(`/api/console/orders/${order.id}/call-fields`, auth);
  original = ((await fields.json()) as { fields: Field[] }).fields;
});

test.afterAll(async ({ request }) => {
  // The seed's fields come back, for the other suites that read this order.
  if (!order.id) return;
  const res = await request.put(`/api/console/orders/${order.id}/call-fields`, {
    ...(await staffApi(request)),
    data: { fields: original },
  });
  expect(res.status()).toBe(200);
});

test('staff define "callback wanted" in the order\'s call data editor; axe at 390 and 1280 px in both languages', async ({ page }) => {
  test.slow();
  await signInStaff(page);
  for (const lang of languages) {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      // The editor is on the order's own page.
      await gotoHydrated(page, localized(lang, `/console/orders/${order.id}`));
      const region = page.getByRole('region', { name: t(lang, 'console.callFields.title'), exact: true });
      await expect(region.getByRole('group', { name: t(lang, 'console.callFields.field').replace('{n}', '1') })).toBeVisible();
      await snap(region, `test-results/call-data-editor-${lang}-${width}.png`);
      await expectAxeClean(page, `the editor, ${lang} at ${width} px`);
    }
  }

  // Define the one field, in English: every other field removed, then "Callback wanted", yes/no.
  await page.setViewportSize({ width: 1280, height: 900 });
  await gotoHydrated(page, `/console/orders/${order.id}`);
  const editor = page.getByRole('region', { name: t('en', 'console.callFields.title'), exact: true });
  await expect(editor.getByRole('group').first()).toBeVisible();
  while ((await editor.getByRole('group').count()) > 0) {
    await editor.getByRole('button', { name: t('en', 'console.callFields.removeFor').replace('{n}', '1') }).click();
  }
  await editor.getByRole('button', { name: t('en', 'console.callFields.add') }).click();
  const field = editor.getByRole('group', { name: t('en', 'console.callFields.field').replace('{n}', '1') });
  await expect(field.getByLabel(t('en', 'console.callFields.name'))).toBeFocused();
  // A bad name is refused by the server, at its input.
  await field.getByLabel(t('en', 'console.callFields.name')).fill('Callback Wanted');
  await field.getByLabel(t('en', 'console.callFields.type')).selectOption('yes_no');
  await field.getByLabel(t('en', 'console.callFields.labelEn')).fill(LABEL.en);
  await field.getByLabel(t('en', 'console.callFields.labelNl')).fill(LABEL.nl);
  await editor.getByRole('button', { name: t('en', 'console.callFields.save') }).click();
  await expect(field.getByText(t('en', 'auth.errors.invalidFieldName'))).toBeVisible();
  await expect(field.getByLabel(t('en', 'console.callFields.name'))).toBeFocused();
  await field.getByLabel(t('en', 'console.callFields.name')).fill('callback_wanted');
  await editor.getByRole('button', { name: t('en', 'console.callFields.save') }).click();
  await expect(editor.getByText(t('en', 'console.callFields.saved'))).toBeVisible();
  await snap(editor, 'test-results/call-data-editor-saved.png');
});

for (const lang of languages) {
  test(`a report's "callback wanted" shows as a column and filters the agent page's list (${lang})`, async ({ page, request, browser }) => {
    test.slow();
    test.skip(!order.id, 'needs the order');
    const wanted = `Wants a callback about the invoice (e2e ${run} ${lang}).`;
    const notWanted = `No callback needed (e2e ${run} ${lang}).`;
    const refused = `A value that is not yes or no (e2e ${run} ${lang}).`;
    await postReport(request, report(randomUUID(), wanted), { callback_wanted: lang === 'nl' ? 'ja' : true, topic: 'invoice' });
    await postReport(request, report(randomUUID(), notWanted), { callback_wanted: false });
    // Refused for that field alone: the call is stored all the same.
    await postReport(request, report(randomUUID(), refused), { callback_wanted: 'maybe' });

    await signInBuyer(page, lang);
    await page.setViewportSize({ width: 1280, height: 900 });
    await gotoHydrated(page, localized(lang, `/dashboard/agents/${order.id}`));
    const list = page.getByRole('region', { name: `${t(lang, 'calls.list.title')} · ${t(lang, 'calls.list.newestFirst')}` });
    const row = (summary: string) => list.getByRole('listitem').filter({ hasText: summary });
    const column = (summary: string) => row(summary).getByText(LABEL[lang], { exact: true }).locator('xpath=following-sibling::dd');
    await expect(column(wanted)).toHaveText(t(lang, 'calls.data.yes'));
    await expect(column(notWanted)).toHaveText(t(lang, 'calls.data.no'));
    await expect(column(refused)).toHaveText('—');
    await snap(row(wanted), `test-results/call-data-row-${lang}-1280.png`);

    // Filter: only the calls that want a callback; the URL keeps it through a reload.
    const filters = list.getByRole('group', { name: t(lang, 'calls.data.filters') });
    await filters.getByLabel(LABEL[lang]).selectOption('yes');
    await expect(page).toHaveURL(/[?&]data\.callback_wanted=yes/);
    await expect(row(wanted)).toHaveCount(1);
    await expect(row(notWanted)).toHaveCount(0);
    await expect(row(refused)).toHaveCount(0);
    await page.reload();
    await expect(row(wanted)).toHaveCount(1);
    await expect(row(notWanted)).toHaveCount(0);
    await expect(list.getByRole('group', { name: t(lang, 'calls.data.filters') }).getByLabel(LABEL[lang])).toHaveValue('yes');
    await page.setViewportSize({ width: 390, height: 900 });
    await list.getByRole('group', { name: t(lang, 'calls.data.filters') }).scrollIntoViewIfNeeded();
    await snap(page, `test-results/call-data-list-${lang}-390.png`);

    // The call page shows it under its label, in the page's language.
    await row(wanted).getByRole('link').click();
    const data = page.getByRole('region', { name: t(lang, 'calls.data.title') });
    await expect(data.getByText(LABEL[lang], { exact: true })).toBeVisible();
    await expect(data.getByText(t(lang, 'calls.data.yes'), { exact: true })).toBeVisible();
    await snap(data, `test-results/call-data-call-${lang}-390.png`);

    // Staff see it on the call's console page too.
    const callId = page.url().split('/').pop()!;
    const staff = await browser.newPage();
    await signInStaff(staff);
    await gotoHydrated(staff, localized(lang, `/console/calls/${callId}`));
    const staffData = staff.getByRole('region', { name: t(lang, 'calls.data.title') });
    await expect(staffData.getByText(LABEL[lang], { exact: true })).toBeVisible();
    await expect(staffData.getByText(t(lang, 'calls.data.yes'), { exact: true })).toBeVisible();
    await staff.close();

    // A filter on a field the order does not have is refused, naming the parameter.
    const bad = await page.request.get(`/api/orders/${order.id}/calls?data.nope=yes`);
    expect(bad.status()).toBe(400);
    expect(((await bad.json()) as { error: { field: string } }).error.field).toBe('data.nope');
  });
}
