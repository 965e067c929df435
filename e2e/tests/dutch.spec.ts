import { test, expect } from '@playwright/test';
import { publicScreens, localized, gotoHydrated } from './support';
import { leaves } from './dictionaries';

// English copy that has its own Dutch translation must never show on a Dutch page. Strings that are the
// same in both languages (brand and product names such as HubSpot) are not English copy.
const english = leaves('en');
const dutch = leaves('nl');
const englishOnly = new Set<string>();
for (const [key, value] of english) {
  if (dutch.get(key) === value) continue;
  // Interpolated strings ("© {year} …") are checked piece by piece.
  for (const piece of value.split(/\{[^}]+\}/)) {
    const text = piece.trim();
    if (text.length >= 4 && ![...dutch.values()].some((nl) => nl.includes(text))) englishOnly.add(text);
  }
}

for (const screen of [...publicScreens, '/no-such-page']) {
  const path = localized('nl', screen);
  test(`no English copy on ${path}`, async ({ page }) => {
    expect(englishOnly.size).toBeGreaterThan(50); // the check itself must have something to look for
    await gotoHydrated(page, path);
    const seen = await page.evaluate(() => {
      const attrs = [...document.querySelectorAll('[aria-label],[alt],[title],[placeholder]')].flatMap((el) =>
        ['aria-label', 'alt', 'title', 'placeholder'].map((a) => el.getAttribute(a) ?? ''),
      );
      const metas = [...document.querySelectorAll('meta[name="description"],meta[property^="og:"]')].map(
        (m) => m.getAttribute('content') ?? '',
      );
      return [document.title, document.body.innerText, ...attrs, ...metas].join('\n');
    });
    const leaked = [...englishOnly].filter((text) => seen.includes(text));
    expect(leaked, `English on ${path}`).toEqual([]);
  });
}
