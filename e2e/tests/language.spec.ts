import { test, expect } from '@playwright/test';
import { gotoHydrated } from './support';
import { t } from './dictionaries';

test('the language select moves to the same screen in the other language, and is remembered', async ({ page }) => {
  await gotoHydrated(page, '/features');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.getByRole('combobox', { name: t('en', 'header.language') }).selectOption({ label: 'Nederlands' });
  await expect(page).toHaveURL('/nl/features');
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('nl', 'features.title'));
  await expect(page.getByRole('combobox', { name: t('nl', 'header.language') })).toHaveValue('nl');

  // Coming back to the front door later lands on the Dutch site.
  await page.goto('/');
  await expect(page).toHaveURL('/nl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');

  // And choosing English again sticks as well.
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.getByRole('combobox', { name: t('nl', 'header.language') }).selectOption({ label: 'English' });
  await expect(page).toHaveURL('/');
  await page.goto('/');
  await expect(page).toHaveURL('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('the query string survives a language switch', async ({ page }) => {
  await gotoHydrated(page, '/nl/pricing?plan=usage');
  await page.getByRole('combobox', { name: t('nl', 'header.language') }).selectOption({ label: 'English' });
  await expect(page).toHaveURL('/pricing?plan=usage');
});

test('internal links stay in the current language', async ({ page }) => {
  await gotoHydrated(page, '/nl');
  const hrefs = await page.locator('a[href^="/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
  expect(hrefs.length).toBeGreaterThan(3);
  for (const href of hrefs) {
    expect(href, 'a link on /nl leaves the Dutch site').toMatch(/^\/nl(\/|$|\?|#)/);
  }
});
