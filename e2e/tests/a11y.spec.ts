import { test, expect } from '@playwright/test';
import { t } from './dictionaries';
import { expectAxeClean, gotoHydrated, languages, localized, publicScreens, watchConsole } from './support';

const pages = languages.flatMap((lang) => [...publicScreens, '/no-such-page'].map((s) => localized(lang, s)));

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
]) {
  test.describe(`${viewport.name} (${viewport.width} px)`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    for (const path of pages) {
      // One visit checks both: axe finds nothing, and the page hydrates without console errors or warnings
      // (the not-found page's own 404 response is logged by the browser, so its console is not checked).
      test(`axe finds no violations on ${path}, and the console stays clean`, async ({ page }) => {
        const problems = watchConsole(page);
        await gotoHydrated(page, path);
        await page.waitForLoadState('networkidle');
        if (!path.endsWith('/no-such-page')) expect(problems).toEqual([]);
        await expectAxeClean(page);
      });
    }
  });
}

// A page to read is mostly used without the app (it loads only when something needs it): what the boot
// script shows there, the menu open and the call card's starting state, is checked as it comes.
test('axe finds no violations on the front door without the app: the menu open, then the call card starting', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // The app never arrives (the voice button would load it): what is checked is the boot script's own.
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  for (const lang of languages) {
    await page.goto(localized(lang, '/'));
    const toggle = page.getByRole('button', { name: t(lang, 'header.menu') });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expectAxeClean(page, `${lang}: the menu open`);
    await page.getByRole('button', { name: t(lang, 'header.talkToAssistant') }).click();
    await expect(page.getByRole('region', { name: t(lang, 'voice.region') })).toBeVisible();
    await expectAxeClean(page, `${lang}: the call card starting`);
    expect(await page.locator('html[data-hydrated]').count()).toBe(0);
  }
});

test('nothing scrolls sideways at 360 px', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of pages) {
    await page.goto(path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});

test('keyboard focus is visible', async ({ page }) => {
  await gotoHydrated(page, '/');
  await page.keyboard.press('Tab');
  const outline = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const s = getComputedStyle(el);
    return { tag: el.tagName, style: s.outlineStyle, width: parseFloat(s.outlineWidth) };
  });
  expect(outline.tag).toBe('A');
  expect(outline.style).not.toBe('none');
  expect(outline.width).toBeGreaterThanOrEqual(2);
});
