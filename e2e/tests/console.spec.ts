import { test, expect } from '@playwright/test';
import { languages, publicScreens, localized, gotoHydrated, watchConsole } from './support';

for (const lang of languages) {
  for (const screen of publicScreens) {
    const path = localized(lang, screen);
    test(`${path} hydrates without console errors or warnings`, async ({ page }) => {
      const problems = watchConsole(page);
      await gotoHydrated(page, path);
      await page.waitForLoadState('networkidle');
      expect(problems).toEqual([]);
    });
  }
}
