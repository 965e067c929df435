import { expect, test, type Page, type Route } from '@playwright/test';
import { t } from './dictionaries';
import { siteURL } from '../playwright.config';
import { signInBuyer, signInStaff, watchConsole } from './support';

// A signed-in screen's first data comes with its shell (issue 24 §1; internal/web/firstdata.go): loaded
// afresh, /dashboard, an agent page and /console show their content without asking the API for it, nor for
// the session (/api/me). A navigation after that asks the API as always.

/** Every API request the page makes from now on, as path and query. */
function apiRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith('/api/')) seen.push(url.pathname + url.search);
  });
  return seen;
}

const asked = (seen: string[], path: string) => seen.some((u) => u === path || u.startsWith(path + '?'));

test('the dashboard and an agent page loaded afresh show their data without asking the API; a navigation asks it', async ({ page }) => {
  const errors = watchConsole(page);
  // Through the form, as a person does: the workspace remembers the browser's time zone on the way in.
  await signInBuyer(page);
  await expect.poll(async () => (await page.context().cookies()).some((c) => c.name === 'tz')).toBe(true);

  const seen = apiRequests(page);
  await page.goto('/dashboard');
  await expect(page.locator('main .stat-card').first()).toBeVisible();
  await expect(page.locator('.app-account button')).toBeVisible(); // the account menu: the session is known
  for (const path of ['/api/me', '/api/dashboard', '/api/company', '/api/dpa']) expect(asked(seen, path), path).toBe(false);
  // The block is read once and gone.
  await expect(page.locator('#first-data')).toHaveCount(0);

  // To an agent, in the app: its data comes from the API.
  const agent = page.locator('main a[href^="/dashboard/agents/"]').first();
  const href = (await agent.getAttribute('href'))!;
  const orderId = href.split('/').pop()!;
  await agent.click();
  await expect(page).toHaveURL(href);
  await expect(page.locator('main p.font-mono')).toBeVisible();
  expect(asked(seen, `/api/orders/${orderId}/agent`)).toBe(true);

  // Back to the overview: the dashboard is asked for now, the data in the page was for the first load only.
  await page.getByRole('link', { name: t('en', 'calls.back') }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.locator('main .stat-card').first()).toBeVisible();
  await expect.poll(() => asked(seen, '/api/dashboard')).toBe(true);

  // The agent page loaded afresh: its figures and calls, in the browser's time zone, without a request.
  seen.length = 0;
  await page.goto(href);
  await expect(page.locator('main p.font-mono')).toBeVisible();
  await expect(page.getByRole('region', { name: t('en', 'calls.chart.title') })).toBeVisible();
  await expect(page.locator('main .pulse-dot')).toHaveCount(0);
  expect(seen.filter((u) => u.startsWith(`/api/orders/${orderId}/`) || u.startsWith('/api/me'))).toEqual([]);

  // A new period is a new request.
  await page.goto(`${href}?period=7d`);
  await expect(page.locator('main p.font-mono')).toBeVisible();
  await expect.poll(() => asked(seen, `/api/orders/${orderId}/agent`)).toBe(true);
  expect(errors).toEqual([]);
});

test('the console loaded afresh shows its quotes without asking the API; a navigation asks it', async ({ page }) => {
  const errors = watchConsole(page);
  await signInStaff(page);
  const seen = apiRequests(page);
  await page.goto('/console');
  await expect(page.locator('main a[href^="/console/quotes/"]').first()).toBeVisible();
  expect(asked(seen, '/api/console/quotes')).toBe(false);
  expect(asked(seen, '/api/me')).toBe(false);

  const sections = page.getByRole('navigation', { name: t('en', 'workspace.sectionsLabel') });
  await sections.getByRole('link', { name: t('en', 'workspace.sections.orders') }).click();
  await expect(page).toHaveURL(/\/console\/orders$/);
  await sections.getByRole('link', { name: t('en', 'workspace.sections.quotes') }).click();
  await expect(page).toHaveURL(/\/console$/);
  await expect(page.locator('main a[href^="/console/quotes/"]').first()).toBeVisible();
  await expect.poll(() => asked(seen, '/api/console/quotes')).toBe(true);
  expect(errors).toEqual([]);
});

test("a buyer's session gets no console data, and the dashboard's answer is private", async ({ page, request }) => {
  await signInBuyer(page);
  const console = await page.request.get('/console');
  expect(await console.text()).not.toContain('id="first-data"');
  const dashboard = await page.request.get('/dashboard');
  expect(await dashboard.text()).toContain('id="first-data"');
  expect(dashboard.headers()['cache-control']).toBe('no-store');
  expect(dashboard.headers()['vary']).toContain('Cookie');
  // Without the session: the shell as it always was.
  const anonymous = await request.get('/dashboard');
  expect(await anonymous.text()).not.toContain('id="first-data"');
});

// The server draws those screens into their shells too (internal/screens: the app's own components, run by
// the Go server on the same first data): their content is in the page as it arrives, before any script, and
// the app, once it has loaded, renders the same screen over it.

/** A second browser context with the page's session and cookies (the `tz` among them), and no JavaScript. */
async function withoutScript(page: Page) {
  const context = await page
    .context()
    .browser()!
    .newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  return { page: await context.newPage(), close: () => context.close() };
}

/** The text of the page's main content, with its spaces evened out. */
const mainText = async (page: Page) => (await page.locator('main').innerText()).replace(/\s+/g, ' ').trim();

/** Holds the app's scripts until the returned function lets them load. */
async function holdScripts(page: Page): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const hold = async (route: Route) => {
    await released;
    await route.continue().catch(() => {}); // the page may have navigated away meanwhile
  };
  await page.route(SCRIPTS, hold);
  return async () => {
    release();
    await page.unroute(SCRIPTS, hold);
  };
}
const SCRIPTS = /\/assets\/.*\.js$/;

/**
 * Loads `path` with the app's scripts held: the screen the server drew; then lets the app load and render
 * over it, in the same page and from the same data, and checks that, settled, it reads the same.
 */
async function expectAppRendersAsDrawn(page: Page, path: string, shown: string) {
  const release = await holdScripts(page);
  await page.goto(path);
  await expect(page.locator('#root[data-drawn]')).toHaveCount(1);
  await expect(page.locator(shown).first()).toBeVisible();
  const drawn = await mainText(page);
  await page.locator('main').evaluate((main) => main.setAttribute('data-test-drawn', ''));
  await release();
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  // The app's own markup replaced the drawn one.
  await expect(page.locator('main[data-test-drawn]')).toHaveCount(0);
  await expect(page.locator(shown).first()).toBeVisible();
  // Settled (no request left), so that nothing the app adds later, on its own, goes unseen.
  await page.waitForLoadState('networkidle');
  expect(await mainText(page)).toBe(drawn);
}

/** Staff signed in through the API, with the browser's zone in the `tz` cookie, as the workspace keeps it. */
async function signInStaffInZone(page: Page) {
  await signInStaff(page);
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  await page.context().addCookies([{ name: 'tz', value: encodeURIComponent(zone), url: siteURL }]);
}

test('the dashboard and an agent page come drawn by the server: their content without a script, in both languages, and the app renders the same', async ({
  page,
}) => {
  const errors = watchConsole(page);
  await signInBuyer(page);
  await expect.poll(async () => (await page.context().cookies()).some((c) => c.name === 'tz')).toBe(true);
  const plain = await withoutScript(page);
  try {
    for (const lang of ['en', 'nl'] as const) {
      const path = lang === 'nl' ? '/nl/dashboard' : '/dashboard';
      await plain.page.goto(path);
      await expect(plain.page.locator('#root[data-drawn]')).toHaveCount(1);
      await expect(
        plain.page.getByRole('heading', { level: 1, name: t(lang, 'dashboard.greeting').replace('{name}', 'Demi de Vries') }),
      ).toBeVisible();
      await expect(plain.page.locator('main .stat-card').first()).toBeVisible();
      await expect(plain.page.locator('main .pulse-dot')).toHaveCount(0);
      // The session is drawn too: the account menu's button names the buyer.
      await expect(plain.page.locator('.app-account button')).toContainText('Demi de Vries');

      // With the app: it renders over the drawn screen, and the screen reads the same.
      await expectAppRendersAsDrawn(page, path, 'main .stat-card');
    }

    // An agent page: its figures, its chart and its calls, in the browser's time zone.
    await page.goto('/dashboard');
    const href = (await page.locator('main a[href^="/dashboard/agents/"]').first().getAttribute('href'))!;
    await plain.page.goto(href);
    await expect(plain.page.locator('#root[data-drawn]')).toHaveCount(1);
    await expect(plain.page.locator('main p.font-mono').first()).toBeVisible();
    await expect(plain.page.getByRole('region', { name: t('en', 'calls.chart.title') })).toBeVisible();
    await expect(plain.page.locator('main .pulse-dot')).toHaveCount(0);
    await expectAppRendersAsDrawn(page, href, 'main p.font-mono');
  } finally {
    await plain.close();
  }
  expect(errors).toEqual([]);
});

test('the console comes drawn by the server: its quotes without a script, and the app renders the same', async ({ page }) => {
  const errors = watchConsole(page);
  await signInStaffInZone(page);
  const plain = await withoutScript(page);
  try {
    await plain.page.goto('/console');
    await expect(plain.page.locator('#root[data-drawn]')).toHaveCount(1);
    await expect(plain.page.locator('main a[href^="/console/quotes/"]').first()).toBeVisible();
    await expectAppRendersAsDrawn(page, '/console', 'main a[href^="/console/quotes/"]');
  } finally {
    await plain.close();
  }
  expect(errors).toEqual([]);
});

test('what is typed and chosen on a drawn screen before the app has loaded stays, with the focus, once it has', async ({ page }) => {
  const errors = watchConsole(page);
  await signInStaffInZone(page);
  // The app's scripts held until the visitor has done it all.
  const release = await holdScripts(page);
  await page.goto('/console');
  await expect(page.locator('#root[data-drawn]')).toHaveCount(1);
  const search = page.getByRole('searchbox', { name: t('en', 'console.list.search') });
  const status = page.getByRole('combobox', { name: t('en', 'console.list.status') });
  await status.selectOption('won');
  await search.fill('Demi');
  await expect(page.locator('html[data-hydrated]')).toHaveCount(0);

  await release();
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  await expect(page.locator('#root[data-drawn]')).toHaveCount(1); // the app's screen in the same root
  await expect(search).toHaveValue('Demi');
  await expect(status).toHaveValue('won');
  await expect(search).toBeFocused();
  // And the app has them: applied, they filter the list.
  await page.getByRole('button', { name: t('en', 'console.list.apply') }).click();
  await expect(page).toHaveURL(/\/console\?.*q=Demi/);
  await expect(page).toHaveURL(/status=won/);
  await expect(page.locator('main a[href^="/console/quotes/"]')).toHaveCount(1);
  expect(errors).toEqual([]);
});

test('on a drawn screen, a tab pressed and the menu opened before the app has loaded are so once it has', async ({ page }) => {
  const errors = watchConsole(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInBuyer(page);
  await expect.poll(async () => (await page.context().cookies()).some((c) => c.name === 'tz')).toBe(true);
  const release = await holdScripts(page);
  await page.goto('/dashboard');
  await expect(page.locator('#root[data-drawn]')).toHaveCount(1);
  await page.getByRole('tab', { name: t('en', 'dashboard.tabs.history') }).click();
  const menu = page.getByRole('button', { name: t('en', 'workspace.menu'), exact: true });
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator('#app-nav-list')).toBeVisible();
  await expect(page.locator('html[data-hydrated]')).toHaveCount(0);

  await release();
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator('#app-nav-list')).toBeVisible();
  await expect(page.getByRole('tab', { name: t('en', 'dashboard.tabs.history') })).toHaveAttribute('aria-selected', 'true');
  expect(errors).toEqual([]);
});

// A drawn screen carries only the rules its markup uses (internal/web/screencss.go), picked from the list the
// build writes: drawn without a script, it looks exactly as it does with the whole stylesheet in their place;
// and the app, once loaded, has the whole stylesheet.
test('a drawn screen carries the rules of its own markup, looks as it does with the whole stylesheet, and the app adds the rest', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInBuyer(page);
  await expect.poll(async () => (await page.context().cookies()).some((c) => c.name === 'tz')).toBe(true);
  const agent = (await page.locator('main a[href^="/dashboard/agents/"]').first().getAttribute('href'))!;
  const href = (await (await page.request.get('/pricing')).text()).match(/\bC="(\/assets\/[^"]+\.css)"/)![1];
  const whole = await (await page.request.get(href)).text();
  const plain = await withoutScript(page);
  let dashboardRules = 0;
  try {
    await plain.page.setViewportSize({ width: 390, height: 844 });
    for (const path of ['/dashboard', `/nl${agent}`]) {
      const html = await (await plain.page.request.get(path)).text();
      expect(html, path).toMatch(/data-drawn>/);
      const own = html.match(/<style>([\s\S]*?)<\/style>/)?.[1] ?? '';
      expect(own.length, `${path}: its own rules`).toBeGreaterThan(1000);
      expect(own.length, `${path}: its own rules`).toBeLessThan(whole.length / 2);
      expect(html).not.toContain('<style id="styles"');
      if (path === '/dashboard') dashboardRules = own.length;

      const look = async (body: string) => {
        await plain.page.route(path, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body }));
        await plain.page.goto(path);
        const shot = await plain.page.screenshot({ fullPage: true });
        await plain.page.unroute(path);
        return shot;
      };
      const drawn = await look(html);
      const withWhole = await look(html.replace(/<style>[\s\S]*?<\/style>/, () => `<style>${whole}</style>`));
      expect(drawn.equals(withWhole), `${path} looks as with the whole stylesheet`).toBe(true);
    }
  } finally {
    await plain.close();
  }

  // The app, loaded over a drawn screen, has added the whole stylesheet: the quote form's choice cards too.
  await page.goto('/dashboard');
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  const added = await page.evaluate(() => {
    const sheet = (document.getElementById('styles') as HTMLLinkElement | null)?.sheet;
    return sheet ? Array.from(sheet.cssRules, (r) => r.cssText).join('') : '';
  });
  expect(added).toContain('.choice');
  expect(added.length).toBeGreaterThan(2 * dashboardRules);
});
