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
