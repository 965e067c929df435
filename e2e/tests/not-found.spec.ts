import { test, expect } from '@playwright/test';
import { gotoHydrated } from './support';
import { t } from './dictionaries';

for (const [lang, path, home] of [
  ['en', '/no-such-page', '/'],
  ['nl', '/nl/bestaat-niet', '/nl'],
  ['en', '/features/extra/deep', '/'],
] as const) {
  test(`an unknown path ${path} answers 404 with the ${lang} not-found page`, async ({ page }) => {
    const warnings: string[] = [];
    page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));

    const response = await gotoHydrated(page, path);
    expect(response?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByText('404', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: t(lang, 'notFound.title') })).toBeVisible();
    // The spec logs the bad path in the browser console.
    await expect.poll(() => warnings.join('\n')).toContain(path);

    const homeLink = page.getByRole('link', { name: t(lang, 'notFound.home') });
    await expect(homeLink).toHaveAttribute('href', home);
    await homeLink.click();
    await expect(page).toHaveURL(home);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
}

test('HTML files are not reachable by their file path, and internals stay hidden', async ({ request }) => {
  for (const path of ['/features/index.html', '/index.html', '/_internal/site.json', '/_internal/404.en.html']) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(404);
  }
});

test('a trailing slash redirects permanently to the page', async ({ request }) => {
  const res = await request.get('/pricing/?ref=x', { maxRedirects: 0 });
  expect(res.status()).toBe(308);
  expect(res.headers()['location']).toBe('/pricing?ref=x');
});
