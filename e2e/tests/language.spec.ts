import { test, expect, type Page } from '@playwright/test';
import { gotoHydrated } from './support';
import { t } from './dictionaries';

const switchTo = (page: Page, name: 'English' | 'Nederlands') => page.getByRole('link', { name, exact: true }).click();

test('the language link moves to the same screen in the other language, and is remembered', async ({ page }) => {
  await gotoHydrated(page, '/features');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await switchTo(page, 'Nederlands');
  await expect(page).toHaveURL('/nl/features');
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('nl', 'features.title'));
  await expect(page.getByRole('link', { name: 'English', exact: true })).toHaveAttribute('href', '/features');

  // Coming back to the front door later lands on the Dutch site.
  await page.goto('/');
  await expect(page).toHaveURL('/nl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');

  // And choosing English again sticks as well, on the front door as it comes: a page to read that does
  // not load the app at an interaction (the boot script keeps the choice, web/scripts/prerender.mjs).
  await page.mouse.move(8, 8);
  await page.waitForTimeout(500);
  expect(await page.locator('html[data-hydrated]').count(), 'the front door has not loaded the app').toBe(0);
  await switchTo(page, 'English');
  await expect(page).toHaveURL('/');
  await page.goto('/');
  await expect(page).toHaveURL('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('the query string survives a language switch', async ({ page }) => {
  await gotoHydrated(page, '/nl/pricing?plan=usage');
  await switchTo(page, 'English');
  await expect(page).toHaveURL('/pricing?plan=usage');
});

test('ArrowDown on the language link changes nothing (WCAG 3.2.2)', async ({ page }) => {
  for (const [path, other] of [
    ['/features', 'Nederlands'],
    ['/nl/features', 'English'],
  ] as const) {
    await gotoHydrated(page, path);
    const link = page.getByRole('link', { name: other, exact: true });
    await link.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.waitForTimeout(300);
    await expect(page).toHaveURL(path);
    await expect(link).toBeFocused();
  }
});

test('internal links stay in the current language', async ({ page }) => {
  await gotoHydrated(page, '/nl');
  // The language link (with its own lang) is the one way to the other language.
  const hrefs = await page.locator('a[href^="/"]:not([lang])').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
  expect(hrefs.length).toBeGreaterThan(3);
  for (const href of hrefs) {
    expect(href, 'a link on /nl leaves the Dutch site').toMatch(/^\/nl(\/|$|\?|#)/);
  }
});
