import { expect, test, type Page } from '@playwright/test';
import { t } from './dictionaries';
import { linkIn, uniqueEmail, waitForMail } from './mail';
import { gotoHydrated, localized, type Lang } from './support';

// Issue 12, "Auth": the heading follows the mode, a show-password toggle, and a used reset link is
// recognised when the page opens, not after a new password is typed.

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

for (const lang of ['en', 'nl'] as const satisfies Lang[]) {
  test(`${lang}: the heading follows the mode, and the password can be shown with the keyboard`, async ({ page }) => {
    await gotoHydrated(page, localized(lang, '/auth'));
    await expect(h1(page)).toHaveText(t(lang, 'auth.headings.signIn'));
    await page.getByRole('tab', { name: t(lang, 'auth.tabs.signUp') }).click();
    await expect(h1(page)).toHaveText(t(lang, 'auth.headings.signUp'));
    await page.getByRole('tab', { name: t(lang, 'auth.tabs.signIn') }).click();
    await expect(h1(page)).toHaveText(t(lang, 'auth.headings.signIn'));

    const panel = page.getByRole('tabpanel', { name: t(lang, 'auth.tabs.signIn') });
    const password = panel.getByLabel(t(lang, 'auth.fields.password'), { exact: true });
    const toggle = panel.getByRole('button', { name: t(lang, 'auth.fields.showPassword') });
    await password.fill('geheim wachtwoord');
    await expect(password).toHaveAttribute('type', 'password');
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(password).toHaveAttribute('type', 'text');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('Space');
    await expect(password).toHaveAttribute('type', 'password');

    await panel.getByRole('button', { name: t(lang, 'auth.signIn.forgot') }).click();
    await expect(h1(page)).toHaveText(t(lang, 'auth.headings.forgot'));
  });
}

test('a used reset link is recognised as soon as the page opens, and "Welcome back" follows a sign-in', async ({ page, browser }) => {
  // A verified account through the real flow.
  const email = uniqueEmail('reuse');
  await gotoHydrated(page, '/nl/auth');
  await page.getByRole('tab', { name: t('nl', 'auth.tabs.signUp') }).click();
  const signUp = page.getByRole('tabpanel', { name: t('nl', 'auth.tabs.signUp') });
  await signUp.getByLabel(t('nl', 'auth.fields.fullName')).fill('Ruud van Dam');
  await signUp.getByLabel(t('nl', 'auth.fields.email')).fill(email);
  await signUp.getByLabel(t('nl', 'auth.fields.password'), { exact: true }).fill('een goed wachtwoord');
  await signUp.getByRole('button', { name: t('nl', 'auth.signUp.submit') }).click();
  const [verify] = await waitForMail(email);
  expect(verify.text).toContain('Beste Ruud,');
  await gotoHydrated(page, linkIn(verify, 'verify'));
  await expect(page).toHaveURL(/\/nl\/dashboard$/);

  // A fresh visitor asks for a reset link and uses it once.
  const visitor = await browser.newPage();
  await gotoHydrated(visitor, '/nl/auth');
  await expect(h1(visitor)).toHaveText(t('nl', 'auth.headings.signIn'));
  const signIn = visitor.getByRole('tabpanel', { name: t('nl', 'auth.tabs.signIn') });
  await signIn.getByRole('button', { name: t('nl', 'auth.signIn.forgot') }).click();
  await signIn.getByLabel(t('nl', 'auth.fields.email')).fill(email);
  await visitor.getByRole('button', { name: t('nl', 'auth.forgot.submit') }).click();
  const mails = await waitForMail(email, 2);
  const reset = linkIn(mails[1], 'reset');
  await gotoHydrated(visitor, reset);
  await expect(h1(visitor)).toHaveText(t('nl', 'auth.headings.reset'));
  await visitor.getByLabel(t('nl', 'auth.fields.newPassword')).fill('nog een goed wachtwoord');
  await visitor.getByRole('button', { name: t('nl', 'auth.reset.submit') }).click();
  await expect(visitor).toHaveURL(/\/nl\/dashboard$/);

  // Opened again: the page says at once that the link no longer works, with no password field to fill.
  await gotoHydrated(visitor, reset);
  await expect(visitor.getByRole('alert')).toContainText(t('nl', 'auth.verify.invalid'));
  await expect(h1(visitor)).toHaveText(t('nl', 'auth.headings.expired'));
  await expect(visitor.getByLabel(t('nl', 'auth.fields.newPassword'))).toHaveCount(0);
  await expect(visitor.getByRole('button', { name: t('nl', 'auth.forgot.submit') })).toBeVisible();

  // This browser signed in before: back on /auth (signed out), it says "Welcome back".
  await visitor.context().clearCookies();
  await gotoHydrated(visitor, '/nl/auth');
  await expect(h1(visitor)).toHaveText(t('nl', 'auth.headings.welcomeBack'));
  await visitor.close();
});
