import { expect, type Page, type ConsoleMessage } from '@playwright/test';

export const languages = ['en', 'nl'] as const;
export type Lang = (typeof languages)[number];

// The spec's public screens (§2). /dashboard is client-only and is tested with the accounts issue.
export const publicScreens = ['/', '/features', '/pricing', '/quote', '/quote/thanks', '/personalized', '/contact', '/privacy', '/help', '/auth'] as const;
// Pages meant for search engines (in the sitemap, with canonical links).
export const indexedScreens = ['/', '/features', '/pricing', '/quote', '/personalized', '/contact', '/privacy', '/help'] as const;

/** The URL path of a screen in a language: Dutch lives under /nl. */
export function localized(lang: Lang, path: string): string {
  if (lang === 'en') return path;
  return path === '/' ? '/nl' : `/nl${path}`;
}

/**
 * Opens a page and waits until React has hydrated it (the client marks <html data-hydrated>). Pages
 * to read (landing, features, pricing, not found) load the app at the visitor's first interaction: the
 * pointer moving onto the page is one.
 */
export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path);
  if ((await page.locator('#root[data-boot="interaction"]').count()) > 0) {
    await page.mouse.move(8, 8);
    await page.mouse.move(12, 12);
  }
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 10_000 });
  return response;
}

/** Collects console errors and warnings and uncaught exceptions for the page's lifetime. */
export function watchConsole(page: Page) {
  const problems: string[] = [];
  page.on('console', (msg: ConsoleMessage) => {
    if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  return problems;
}
