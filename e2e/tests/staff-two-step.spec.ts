import { expect, test, type Page } from '@playwright/test';
import { t } from './dictionaries';
import { expectAxeClean, gotoHydrated, type Lang, localized, signInStaff, STAFF, totpCode } from './support';

// Issue 18 §6: staff sign in in two steps. The demo staff member (seeded with the fixed key the README
// names) types the password, then the code their authenticator app shows (computed here as the app
// does), and lands on the console in the sign-in page's language.

for (const lang of ['en', 'nl'] as const satisfies readonly Lang[]) {
  test(`the demo staff member signs in with the password and a code and lands on the console (${lang})`, async ({ page }) => {
    test.setTimeout(120_000); // a code works once: another sign-in may have just used this one
    await gotoHydrated(page, localized(lang, '/auth'));
    await signInStaff(page, { form: true, lang });
    await expect(page).toHaveURL(new RegExp(`${localized(lang, '/console')}$`));
    await expect(page.getByRole('heading', { level: 1, name: t(lang, 'console.quotes.title') })).toBeVisible();
    expect((await page.request.get('/api/console/quotes')).status()).toBe(200);
  });
}

/** A 6-digit code that is none of the codes the server would accept now (one step of skew either way). */
function wrongCode(): string {
  const near = [-1, 0, 1].map((offset) => totpCode(STAFF.totpSecret, Date.now(), offset));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!near.includes(code)) return code;
  }
}

async function expectPending(page: Page) {
  expect((await page.request.get('/api/console/quotes')).status()).toBe(401);
  expect((await page.request.get('/api/dashboard')).status()).toBe(401);
  expect(await (await page.request.get('/api/me')).json()).toEqual({ authenticated: false, secondStep: true });
}

test('the password alone opens nothing, and a wrong code is said at the field', async ({ page }) => {
  const lang = 'nl';
  await gotoHydrated(page, localized(lang, '/auth'));
  const panel = page.getByRole('tabpanel', { name: t(lang, 'auth.tabs.signIn') });
  await panel.getByLabel(t(lang, 'auth.fields.email')).fill(STAFF.email);
  await panel.getByLabel(t(lang, 'auth.fields.password'), { exact: true }).fill(STAFF.password);
  await panel.getByRole('button', { name: t(lang, 'auth.signIn.submit'), exact: true }).click();

  await expect(page.getByRole('heading', { level: 1, name: t(lang, 'auth.headings.twoStep') })).toBeVisible();
  const code = page.getByRole('textbox', { name: t(lang, 'auth.twoStep.code') });
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  await expectPending(page);

  await code.fill(wrongCode());
  await page.getByRole('button', { name: t(lang, 'auth.twoStep.submit'), exact: true }).click();
  const error = page.locator('#twostep-code-error');
  await expect(error).toHaveText(t(lang, 'auth.errors.invalidCode'));
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await expect(code).toHaveAttribute('aria-describedby', /twostep-code-error/);
  await expect(page).toHaveURL(/\/nl\/auth$/);
  await expectPending(page);

  await expectAxeClean(page);

  // The recovery code instead, and back.
  await page.getByRole('button', { name: t(lang, 'auth.twoStep.useRecovery') }).click();
  await expect(page.getByRole('textbox', { name: t(lang, 'auth.twoStep.recoveryCode') })).toBeFocused();
  await page.getByRole('button', { name: t(lang, 'auth.twoStep.useCode') }).click();
  // "Sign in as someone else" ends the pending session.
  await page.getByRole('button', { name: t(lang, 'auth.twoStep.cancel') }).click();
  await expect(page.getByRole('tabpanel', { name: t(lang, 'auth.tabs.signIn') })).toBeVisible();
  expect(await (await page.request.get('/api/me')).json()).toEqual({ authenticated: false });
});

test('a sign-in posted without JavaScript goes on to the code step, never to the console', async ({ page }) => {
  const res = await page.request.post('/auth?next=%2Fconsole%2Forders', {
    form: { email: STAFF.email, password: STAFF.password },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(303);
  expect(res.headers().location).toBe('/auth?next=%2Fconsole%2Forders&step=code');
  await expectPending(page);
  // With JavaScript the page picks the step up.
  await gotoHydrated(page, res.headers().location);
  await expect(page.getByRole('heading', { level: 1, name: t('en', 'auth.headings.twoStep') })).toBeVisible();
  await page.getByRole('textbox', { name: t('en', 'auth.twoStep.code') }).fill(wrongCode());
  await page.getByRole('button', { name: t('en', 'auth.twoStep.submit'), exact: true }).click();
  await expect(page.locator('#twostep-code-error')).toHaveText(t('en', 'auth.errors.invalidCode'));
});
