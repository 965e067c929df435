import { expect, test, type Page } from '@playwright/test';
import { t } from './dictionaries';
import { linkIn, uniqueEmail, waitForMail } from './mail';
import { expectAxeClean, gotoHydrated, type Lang, localized, signInBuyer, snap } from './support';

// Issue 22 §1: the demo buyer keeps their company's details on /dashboard/company, in both languages. A VAT
// id in the wrong format is named at its field (the server's 400, in the page's words), what was typed
// stays, and once fixed the details are saved, tidied, and still there after a reload.

/** The demo seed's company (internal/demo/seed_company.go); the spec leaves it as it found it. */
const SEEDED = {
  legalName: 'De Vries Installatietechniek B.V.',
  street: 'Stationsweg 12',
  postcode: '3511 CE',
  city: 'Utrecht',
  country: 'NL',
  kvk: '12345678',
  vatId: 'NL812345678B01',
  invoiceEmail: 'administratie@devries.example',
};

async function axe(page: Page) {
  await page.waitForTimeout(300);
  await expectAxeClean(page, '', { allRules: true });
}

/** A field by its label (which a required field's mark follows). */
const field = (page: Page, lang: Lang, name: string) =>
  page.getByLabel(new RegExp(`^${t(lang, `company.fields.${name}`).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));

test.describe.configure({ mode: 'serial' });

test.afterAll(async ({ browser }) => {
  // Put the seeded details back, so other specs (billing) find the company they expect.
  const page = await browser.newPage();
  await signInBuyer(page);
  const { company } = (await (await page.request.get('/api/company')).json()) as { company: { version: number } };
  const res = await page.request.put('/api/company', { data: { ...SEEDED, version: company.version } });
  expect(res.status()).toBe(200);
  await page.close();
});

for (const [lang, street] of [
  ['en', 'Stationsweg 14'],
  ['nl', 'Stationsweg 12'],
] as [Lang, string][]) {
  test(`the buyer corrects a VAT id the server refused, saves, and finds the details kept after a reload (${lang})`, async ({ page }) => {
    await signInBuyer(page, lang);
    // The section is in the workspace's navigation, between Integrations and Profile.
    const nav = page.getByRole('navigation', { name: t(lang, 'workspace.sectionsLabel') });
    await nav.getByRole('link', { name: t(lang, 'workspace.sections.company') }).click();
    await expect(page).toHaveURL(new RegExp(`${localized(lang, '/dashboard/company')}$`));
    await expect(page.getByRole('heading', { level: 1, name: t(lang, 'company.title') })).toBeVisible();
    await expect(field(page, lang, 'legalName')).toHaveValue(SEEDED.legalName);
    await expect(field(page, lang, 'country')).toHaveValue('NL');
    await expect(page.getByText(t(lang, 'company.intro'))).toBeVisible();

    await field(page, lang, 'street').fill(street);
    await field(page, lang, 'vatId').fill('NL12345');
    await page.getByRole('button', { name: t(lang, 'company.save') }).click();
    const country = lang === 'nl' ? 'Nederland' : 'Netherlands';
    const refused = t(lang, 'company.errors.vatId').replace('{country}', country).replace('{example}', 'NL123456789B01');
    await expect(page.getByText(refused)).toBeVisible();
    await expect(field(page, lang, 'vatId')).toHaveAttribute('aria-invalid', 'true');
    await expect(field(page, lang, 'vatId')).toBeFocused();
    // Nothing typed is lost, and nothing was saved.
    await expect(field(page, lang, 'street')).toHaveValue(street);
    await expect(field(page, lang, 'vatId')).toHaveValue('NL12345');
    await expect(page.getByText(t(lang, 'company.saved'))).toHaveCount(0);

    // Typed the way people write it; stored the way invoices show it.
    await field(page, lang, 'vatId').fill('nl 8123.45678.b01');
    await expect(page.getByText(refused)).toHaveCount(0);
    await field(page, lang, 'postcode').fill('3511ce');
    await page.getByRole('button', { name: t(lang, 'company.save') }).click();
    await expect(page.getByText(t(lang, 'company.saved'))).toBeVisible();
    await expect(field(page, lang, 'vatId')).toHaveValue('NL812345678B01');
    await expect(field(page, lang, 'postcode')).toHaveValue('3511 CE');

    await page.reload();
    await expect(field(page, lang, 'street')).toHaveValue(street);
    await expect(field(page, lang, 'vatId')).toHaveValue('NL812345678B01');
    await expect(field(page, lang, 'postcode')).toHaveValue('3511 CE');
    await expect(page.getByRole('link', { name: t(lang, 'workspace.sections.company') })).toHaveAttribute('aria-current', 'page');
  });
}

test('a country outside the EU is refused with the field named', async ({ page }) => {
  await signInBuyer(page);
  const { company } = (await (await page.request.get('/api/company')).json()) as { company: { version: number } };
  const res = await page.request.put('/api/company', {
    data: { ...SEEDED, country: 'CH', kvk: '', postcode: '8001', version: company.version },
  });
  expect(res.status()).toBe(400);
  expect(await res.json()).toMatchObject({ error: { code: 'invalid_country', field: 'country' } });
});

for (const lang of ['en', 'nl'] as Lang[]) {
  for (const width of [390, 1280]) {
    test(`axe finds no violations on the company page, with a field error too (${lang}, ${width} px)`, async ({ browser }) => {
      test.setTimeout(60_000);
      const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 800 } });
      const page = await context.newPage();
      await signInBuyer(page, lang);
      await gotoHydrated(page, localized(lang, '/dashboard/company'));
      await expect(field(page, lang, 'legalName')).toHaveValue(SEEDED.legalName);
      await axe(page);
      await snap(page, `test-results/company-${lang}-${width}.png`, { fullPage: true });
      // A refused field, as the buyer would see it (nothing is saved).
      await field(page, lang, 'vatId').fill('NL1');
      await page.getByRole('button', { name: t(lang, 'company.save') }).click();
      await expect(field(page, lang, 'vatId')).toHaveAttribute('aria-invalid', 'true');
      await axe(page);
      await snap(page, `test-results/company-error-${lang}-${width}.png`, { fullPage: true });
      await context.close();
    });
  }
}

for (const lang of ['en', 'nl'] as Lang[]) {
  test(`a new buyer's overview asks for the company details, and the first save takes the reminder away (${lang})`, async ({ page }) => {
    test.setTimeout(60_000);
    const email = uniqueEmail('company');
    await gotoHydrated(page, localized(lang, '/auth'));
    await page.getByRole('tab', { name: t(lang, 'auth.tabs.signUp') }).click();
    const panel = page.getByRole('tabpanel', { name: t(lang, 'auth.tabs.signUp') });
    await panel.getByLabel(t(lang, 'auth.fields.fullName')).fill('Noor Jansen');
    await panel.getByLabel(t(lang, 'auth.fields.email')).fill(email);
    await panel.getByLabel(t(lang, 'auth.fields.password'), { exact: true }).fill('a good password');
    await panel.getByRole('button', { name: t(lang, 'auth.signUp.submit') }).click();
    const [mail] = await waitForMail(email);
    await gotoHydrated(page, linkIn(mail, 'verify'));
    await expect(page).toHaveURL(new RegExp(`${localized(lang, '/dashboard')}$`));

    await expect(page.getByText(t(lang, 'company.notice'))).toBeVisible();
    await axe(page);
    await snap(page, `test-results/company-notice-${lang}-1280.png`, { fullPage: true });
    await page.getByRole('link', { name: t(lang, 'company.noticeLink') }).click();
    await expect(page).toHaveURL(new RegExp(`${localized(lang, '/dashboard/company')}$`));
    await expect(page.getByText(t(lang, 'company.none'))).toBeVisible();
    await field(page, lang, 'legalName').fill('Jansen Schilderwerken');
    await field(page, lang, 'street').fill('Dorpsstraat 3');
    await field(page, lang, 'postcode').fill('1234ab');
    await field(page, lang, 'city').fill('Ergens');
    await field(page, lang, 'kvk').fill('87654321');
    await field(page, lang, 'invoiceEmail').fill(email);
    await page.getByRole('button', { name: t(lang, 'company.save') }).click();
    await expect(page.getByText(t(lang, 'company.saved'))).toBeVisible();
    await expect(field(page, lang, 'postcode')).toHaveValue('1234 AB');
    await page.getByRole('link', { name: t(lang, 'workspace.sections.overview') }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: t(lang, 'dashboard.greeting').replace('{name}', 'Noor Jansen') }),
    ).toBeVisible();
    await page.waitForTimeout(300);
    await expect(page.getByText(t(lang, 'company.notice'))).toHaveCount(0);
  });
}
