import { expect, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { dataDir, siteURL } from '../playwright.config';
import { messagesTo } from './mail';
import { DEMO_BUYER, expectAxeClean, gotoHydrated, holdDemoBuyerLanguage, languages, localized, snap } from './support';
import { t } from './dictionaries';

// The monthly report page (issue 21 §2) in both languages at a phone's and a desktop's width, printed
// without the workspace's shell; and the weekly digest that `site digests send` queues, sent once.

test.describe.configure({ mode: 'serial' });

let orderId = '';
// This month (the demo's calls are of the last four weeks), as the server counts it in Amsterdam.
const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam', year: 'numeric', month: '2-digit' })
  .format(new Date())
  .slice(0, 7);

async function signIn(page: Page) {
  const res = await page.request.post('/api/auth/sign-in', { data: DEMO_BUYER });
  expect(res.status()).toBe(200);
}

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signIn(page);
  const { orders } = (await (await page.request.get('/api/dashboard?lang=en')).json()) as {
    orders: { id: string; assistantLinked: boolean; agent: { name: string } }[];
  };
  const found = orders.find((o) => o.assistantLinked && o.agent.name === 'Appointment Setter');
  expect(found, 'the demo order of the Appointment Setter').toBeTruthy();
  orderId = found!.id;
  await page.close();
});

test('the monthly report in both languages: axe at 390 and 1280 px, linked from the agent page', async ({ page }) => {
  // A sign-in and four full axe scans: on a loaded 2-core machine they outlast the default 30 s (CI: 30.5 s).
  test.slow();
  await signIn(page);
  for (const lang of languages) {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await gotoHydrated(page, localized(lang, `/dashboard/agents/${orderId}/reports/${month}`));
      await expect(page.getByRole('heading', { level: 1, name: t(lang, 'calls.report.title') })).toBeVisible();
      const grid = page.getByRole('table', { name: lang === 'en' ? /Calls per weekday/ : /Gesprekken per weekdag/ });
      await expect(grid).toBeVisible();
      await expect(grid.getByRole('row')).toHaveCount(8);
      await expectAxeClean(page, `the report, ${lang} at ${width} px`, { include: 'main' });
      await snap(page, `test-results/report-${lang}-${width}.png`, { fullPage: true });
    }
  }
  // The agent page links to last month's report.
  await gotoHydrated(page, `/dashboard/agents/${orderId}`);
  await page.getByRole('link', { name: /Monthly report/ }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/agents/${orderId}/reports/\\d{4}-\\d{2}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Monthly report' })).toBeVisible();
});

test('printed, the report has no shell: no header, back link or buttons; it fits A4', async ({ page }) => {
  await signIn(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await gotoHydrated(page, `/dashboard/agents/${orderId}/reports/${month}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Monthly report' })).toBeVisible();
  await expect(page.locator('header.app-header')).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('header.app-header')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print or save as PDF' })).toBeHidden();
  await expect(page.getByRole('link', { name: /Back to the agent/ })).toBeHidden();
  await expect(page.getByRole('table', { name: /Calls per weekday/ })).toBeVisible();
  // The hours table fits the printed page's width (A4 less its margins: 186 mm ≈ 703 px).
  await page.setViewportSize({ width: 703, height: 1000 });
  const box = await page.getByRole('table', { name: /Calls per weekday/ }).boundingBox();
  expect(box!.width).toBeLessThanOrEqual(703);
  await page.pdf({ path: 'test-results/report-print.pdf', format: 'A4', printBackground: true });
  await snap(page, 'test-results/report-print-703.png', { fullPage: true });
});

test('`site digests send --week --now` sends the demo buyer one weekly digest, however often it runs', async ({ page }) => {
  // The digest is written in the demo buyer's language, which billing.spec and alerts.spec switch: hold it.
  test.setTimeout(270_000);
  const release = await holdDemoBuyerLanguage();
  try {
    const send = () =>
      execFileSync('../bin/site', ['digests', 'send', '--week', '--now'], {
        env: { ...process.env, DATA_DIR: dataDir, SITE_URL: siteURL, LOG_LEVEL: 'warn' },
        encoding: 'utf8',
      });
    // The server's periodic job may have queued it first (its Monday 08:00 has passed): either way, once.
    expect(send()).toMatch(/weekly digest: (1 queued, 0|0 queued, 1) already sent before/);
    expect(send()).toContain('weekly digest: 0 queued, 1 already sent before (not sent again)');
    const digests = async () => (await messagesTo(DEMO_BUYER.email)).filter((m) => m.subject.startsWith('Your agents’ week'));
    await expect.poll(async () => (await digests()).length, { timeout: 15_000 }).toBe(1);
    const [digest] = await digests();
    expect(digest.text).toContain('Appointment Setter · Calls:');
    expect(digest.text).toContain('vs. the week before');
    expect(digest.text).toContain('Calls needing follow-up:');

    // Its one-click link: the GET only asks; the button (a POST) turns the digest off, without signing in.
    const link = /https?:\/\/\S+\/api\/digests\/off\?u=[\w-]+&s=[0-9a-f]+/.exec(digest.text)![0];
    const path = new URL(link).pathname + new URL(link).search;
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Stop the weekly digest?' })).toBeVisible();
    await page.getByRole('button', { name: 'Stop the weekly digest' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'The weekly digest is off' })).toBeVisible();
    expect((await page.request.post(path.replace(/s=[0-9a-f]/, 's=x'), { form: { 'List-Unsubscribe': 'One-Click' } })).status()).toBe(400);

    // The profile's switch shows it off; one click turns it back on.
    await signIn(page);
    await gotoHydrated(page, '/dashboard/profile');
    const box = page.getByRole('checkbox', { name: 'Send me the weekly digest' });
    await expect(box).not.toBeChecked();
    await box.click();
    await expect(page.getByText('The weekly digest is on.')).toBeVisible();
    await expect(box).toBeChecked();
    await page.waitForTimeout(2500); // a later email would show here: still one
    expect((await digests()).length).toBe(1);
  } finally {
    release();
  }
});

test("the profile's weekly digest switch: axe at 390 and 1280 px in both languages", async ({ page }) => {
  // A sign-in and four full axe scans: on a loaded 2-core machine they outlast the default 30 s (CI: 30.5 s).
  test.slow();
  await signIn(page);
  for (const lang of languages) {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await gotoHydrated(page, localized(lang, '/dashboard/profile'));
      const section = page.locator('section[aria-labelledby="profile-digest"]');
      await expect(section.getByRole('checkbox', { name: t(lang, 'profile.digest.toggle') })).toBeVisible();
      await expectAxeClean(page, `the profile, ${lang} at ${width} px`, { include: 'main' });
      await snap(section, `test-results/profile-digest-${lang}-${width}.png`);
    }
  }
});
