import { test } from '@playwright/test';
import { languages, publicScreens, localized, gotoHydrated } from './support';

// Not a check: `make screenshots` writes full-page pictures of every public page to look at.
test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 (make screenshots)');

for (const width of [390, 1280]) {
  for (const lang of languages) {
    for (const screen of [...publicScreens, '/no-such-page']) {
      const path = localized(lang, screen);
      test(`screenshot ${path} at ${width}px`, async ({ page }) => {
        await page.setViewportSize({ width, height: width < 500 ? 844 : 800 });
        await gotoHydrated(page, path);
        const name = `${lang}-${screen === '/' ? 'home' : screen.slice(1)}-${width}.png`;
        await page.screenshot({ path: `screenshots/${name}`, fullPage: true });
      });
    }
  }
}

// The signed-in screens, as the demo buyer.
for (const width of [390, 1280]) {
  for (const lang of languages) {
    test(`screenshot the ${lang} dashboard at ${width}px`, async ({ page }) => {
      await page.setViewportSize({ width, height: width < 500 ? 844 : 800 });
      await page.request.post('/api/auth/sign-in', { data: { email: 'demo@example.com', password: 'demo-buyer-2026' } });
      const shots: [string, string][] = [
        [localized(lang, '/dashboard'), 'dashboard'],
        [localized(lang, '/dashboard?tab=history'), 'dashboard-history'],
      ];
      for (const [path, name] of shots) {
        await gotoHydrated(page, path);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.screenshot({ path: `screenshots/${lang}-${name}-${width}.png`, fullPage: true });
      }
      await page.getByRole('link', { name: /order #|bestelling #/i }).first().click();
      await page.getByRole('heading', { level: 1, name: /#/ }).waitFor();
      await page.screenshot({ path: `screenshots/${lang}-order-${width}.png`, fullPage: true });
      await page.getByRole('button', { name: /menu/i }).click();
      await page.getByRole('menuitem').first().waitFor();
      await page.screenshot({ path: `screenshots/${lang}-account-menu-${width}.png` });
    });
  }
}
