import { test, expect } from '@playwright/test';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { get } from 'node:http';
import { siteURL } from '../playwright.config';
import { gotoHydrated, languages, indexedScreens, localized } from './support';

test('every HTML response carries the security headers, with no inline scripts allowed', async ({ request }) => {
  for (const path of ['/', '/nl/pricing', '/no-such-page', '/dashboard']) {
    const res = await request.get(path);
    const h = res.headers();
    const csp = h['content-security-policy'] ?? '';
    const scriptSrc =
      csp
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith('script-src')) ?? '';
    expect(scriptSrc, path).toMatch(/^script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+$/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['referrer-policy']).toBeTruthy();
  }
});

/** A GET that leaves the body as sent (fetch and Playwright's client both decode it). */
function rawGet(path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    get(`${siteURL}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

test('pages are compressed and revalidated; hashed assets are cached for a year', async ({ request }) => {
  const page = await rawGet('/features', { 'accept-encoding': 'br' });
  expect(page.headers['content-encoding']).toBe('br');
  expect(page.headers['cache-control']).toBe('no-cache');
  const etag = page.headers['etag'] as string;
  expect(etag).toBeTruthy();
  const html = brotliDecompressSync(page.body).toString();
  expect(html).toContain('<h1');

  const again = await rawGet('/features', { 'accept-encoding': 'br', 'if-none-match': etag });
  expect(again.status).toBe(304);

  // The boot script names the entry and the stylesheet once (E, C) and loads them at the first interaction.
  const script = html.match(/\bE="(\/assets\/[^"]+\.js)"/)?.[1];
  expect(html).toContain('import(E)');
  expect(script, 'the boot script imports the hashed client entry').toBeTruthy();
  const asset = await rawGet(script!, { 'accept-encoding': 'gzip' });
  expect(asset.status).toBe(200);
  expect(asset.headers['content-encoding']).toBe('gzip');
  expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(gunzipSync(asset.body).length).toBeGreaterThan(asset.body.length);

  const health = await request.get('/healthz');
  expect(health.status()).toBe(200);
});

test('the prerendered HTML loads no script before the first paint', async ({ request }) => {
  const html = await (await request.get('/')).text();
  expect(html).not.toMatch(/<link[^>]+rel="?modulepreload/);
  // The boot script preloads only the chunks a drawn screen's root names (data-chunks), which no page has.
  expect(html).not.toContain('data-chunks=');
  expect(html).not.toMatch(/<script[^>]*type="module"/);
  expect(html).not.toMatch(/<link[^>]+rel="stylesheet"/);
  expect(html.match(/<script/g)?.length).toBe(1);
  // The page's own rules are inline (they may contain "<", as in @property syntax:"<length>").
  expect(html.match(/<style[^>]*>([\s\S]*?)<\/style>/)?.[1].length ?? 0).toBeGreaterThan(1000);
});

test('a page inlines only the CSS its markup uses; the whole stylesheet comes with the app, before it renders', async ({
  page,
  request,
}) => {
  const html = await (await request.get('/')).text();
  const inline = html.match(/<style[^>]*>([\s\S]*?)<\/style>/)?.[1] ?? '';
  const href = html.match(/\bC="(\/assets\/[^"]+\.css)"/)?.[1];
  expect(html).toContain('add("stylesheet",C)');
  expect(href, 'the boot script adds the hashed stylesheet').toBeTruthy();
  const whole = await (await request.get(href!)).text();
  expect(inline.length, 'inline CSS on /').toBeLessThan(whole.length / 2);
  expect(inline, "the quote form's choice cards are not on /").not.toContain('.choice{');
  expect(whole).toContain('.choice{');

  // Hydrated, then off to the quote form in the app: its choice cards are styled by the whole stylesheet.
  await gotoHydrated(page, '/');
  expect(
    await page.evaluate(() => (document.getElementById('styles') as HTMLLinkElement | null)?.sheet?.cssRules.length ?? 0),
  ).toBeGreaterThan(10);
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await page.locator('header a[href="/quote"]').first().click();
  await expect(page).toHaveURL(/\/quote$/);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument), 'a client-side navigation').toBe(true);
  const choice = page.locator('label.choice').first();
  await expect(choice).toBeVisible();
  const look = () =>
    page
      .locator('label.choice')
      .first()
      .evaluate((el) => {
        const c = getComputedStyle(el);
        return [c.display, c.borderTopWidth, c.borderTopLeftRadius, c.minHeight, c.backgroundColor].join(' ');
      });
  const afterNavigation = await look();
  expect(afterNavigation, 'a .choice card, not a bare label').not.toMatch(/^inline /);
  // The same card as on a page load of /quote, whose own inline rules style it.
  await page.goto('/quote');
  expect(await look()).toBe(afterNavigation);
});

test('sitemap.xml lists every indexed page in both languages with alternates; robots.txt points to it', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  for (const lang of languages) {
    for (const screen of indexedScreens) {
      expect(sitemap).toContain(`<loc>${siteURL}${localized(lang, screen)}</loc>`);
    }
  }
  expect(sitemap).toContain(`hreflang="x-default" href="${siteURL}/"`);
  expect(sitemap).not.toContain('site-url.invalid');

  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain(`Sitemap: ${siteURL}/sitemap.xml`);
  expect(robots).toMatch(/Disallow: \/dashboard/);
  // The staff console is never indexed.
  expect(robots).toMatch(/Disallow: \/console$/m);
  expect(robots).toMatch(/Disallow: \/nl\/console$/m);
  expect(sitemap).not.toContain('/console');
});

test('/dashboard is served the app shell of its language', async ({ request }) => {
  for (const [path, lang] of [
    ['/dashboard', 'en'],
    ['/nl/dashboard/orders/123', 'nl'],
    ['/console', 'en'],
    ['/nl/console/quotes/abc', 'nl'],
  ] as const) {
    const res = await request.get(path);
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<html lang="${lang}"`);
    expect(html).toContain('data-shell');
    expect(html).toContain('noindex');
    // Rendered by React's production build: no development diagnostics naming the build machine's files.
    expect(html).not.toMatch(/data-msg|data-cstck|file:\/\//);
  }
});
