import { test, expect, type Browser, type Page } from '@playwright/test';
import { siteURL } from '../playwright.config';
import { t } from './dictionaries';
import { linkIn, uniqueEmail, waitForMail } from './mail';
import { expectAxeClean, gotoHydrated, type Lang, languages, localized, signInBuyer, signInStaff, snap, watchConsole } from './support';

// The workspaces' own shell (issue 20 §1): the dashboard and the console have their sections, the
// language link and the account menu, and nothing of the marketing site; and the profile page.

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/** Nothing of the public site's shell: no footer, no "Get a quote" in the header, no voice button. */
async function expectNoMarketing(page: Page, lang: Lang) {
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('link', { name: t(lang, 'header.askQuote') })).toHaveCount(0);
  await expect(page.getByRole('button', { name: t(lang, 'header.talkToAssistant') })).toHaveCount(0);
  await expect(page.locator('.voice-widget')).toHaveCount(0);
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** A fresh verified buyer, signed in in `page`'s context; the profile tests change what they own. */
async function newBuyer(page: Page, name: string) {
  const email = uniqueEmail('profile');
  const password = 'first password 1';
  const res = await page.request.post('/api/auth/sign-up', { data: { fullName: name, email, password, locale: 'en' } });
  expect(res.status()).toBe(202);
  const [mail] = await waitForMail(email);
  const token = linkIn(mail, 'verify').split('#verify=')[1];
  expect((await page.request.post('/api/auth/verify', { data: { token } })).status()).toBe(200);
  return { email, password };
}

/** Another browser (its own cookies and User-Agent) signed in as the same account. */
async function otherDevice(browser: Browser, userAgent: string, email: string, password: string) {
  const context = await browser.newContext({ baseURL: siteURL, userAgent });
  const page = await context.newPage();
  expect((await page.request.post('/api/auth/sign-in', { data: { email, password } })).status()).toBe(200);
  return { context, page };
}

for (const lang of languages) {
  test(`the dashboard at 390 px (${lang}): its own shell, no marketing footer or voice button, a menu that closes with Escape`, async ({
    page,
  }) => {
    await page.setViewportSize(phone);
    const problems = watchConsole(page);
    await signInBuyer(page, lang);
    await expectNoMarketing(page, lang);
    await expect(page.getByRole('link', { name: `Belwise ${t(lang, 'workspace.dashboard')}` })).toBeVisible();
    const toggle = page.getByRole('button', { name: t(lang, 'workspace.menu'), exact: true });
    const nav = page.getByRole('navigation', { name: t(lang, 'workspace.sectionsLabel') });
    await expect(nav.getByRole('link', { name: t(lang, 'workspace.sections.profile') })).toBeHidden();
    await toggle.click();
    await expect(nav.getByRole('link', { name: t(lang, 'workspace.sections.overview') })).toHaveAttribute('aria-current', 'page');
    await nav.getByRole('link', { name: t(lang, 'workspace.sections.overview') }).focus();
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();
    // The account menu: keyboard in, Escape out onto its button.
    const account = page.getByRole('button', { name: new RegExp(t(lang, 'header.accountMenu')) });
    await account.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: t(lang, 'header.profile') })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: t(lang, `header.languages.${lang === 'en' ? 'nl' : 'en'}`) })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: t(lang, 'header.signOut') })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(account).toBeFocused();
    await expectNoSidewaysScroll(page);
    await page.setViewportSize({ width: 320, height: 700 });
    await expectNoSidewaysScroll(page);
    expect(problems).toEqual([]);
  });

  test(`the console at 390 px (${lang}): its sections in the workspace shell, no marketing footer or voice button`, async ({ page }) => {
    await page.setViewportSize(phone);
    await signInStaff(page);
    await gotoHydrated(page, localized(lang, '/console/jobs'));
    await expectNoMarketing(page, lang);
    await page.getByRole('button', { name: t(lang, 'workspace.menu'), exact: true }).click();
    const nav = page.getByRole('navigation', { name: t(lang, 'workspace.sectionsLabel') });
    for (const section of ['quotes', 'orders', 'calls', 'agents', 'buyers']) {
      await expect(nav.getByRole('link', { name: t(lang, `workspace.sections.${section}`), exact: true })).toBeVisible();
    }
    await expect(nav.getByRole('link', { name: t(lang, 'workspace.sections.jobs') })).toHaveAttribute('aria-current', 'page');
    await nav.getByRole('link', { name: t(lang, 'workspace.sections.calls'), exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${localized(lang, '/console/calls')}$`));
    await expectNoSidewaysScroll(page);
    await page.setViewportSize({ width: 320, height: 700 });
    await expectNoSidewaysScroll(page);
  });
}

test('the profile page changes the name and the email language, signs another device out, and a password change ends the other sessions', async ({
  page,
  browser,
}) => {
  const { email, password } = await newBuyer(page, 'Pim Profile');
  const android = await otherDevice(browser, ANDROID, email, password);
  const iphone = await otherDevice(browser, IPHONE, email, password);

  await gotoHydrated(page, '/dashboard/profile');
  const name = page.getByLabel(t('en', 'profile.details.fullName'));
  await expect(name).toHaveValue('Pim Profile');
  await name.fill('Pim van Profiel');
  await page.getByLabel(t('en', 'profile.details.locale')).selectOption('nl');
  await page.getByRole('button', { name: t('en', 'profile.details.save') }).click();
  await expect(page.getByText(t('en', 'profile.details.saved'))).toBeVisible();
  // The header's account follows, and the change is kept.
  await expect(page.getByRole('button', { name: new RegExp(t('en', 'header.accountMenu')) })).toContainText('Pim van Profiel');
  await gotoHydrated(page, '/dashboard/profile');
  await expect(page.getByLabel(t('en', 'profile.details.fullName'))).toHaveValue('Pim van Profiel');
  await expect(page.getByLabel(t('en', 'profile.details.locale'))).toHaveValue('nl');

  // Three devices: this one (marked), the Android phone and the iPhone.
  const devices = page.getByRole('region', { name: t('en', 'profile.devices.title') });
  await expect(devices.getByRole('listitem')).toHaveCount(3);
  await expect(devices.getByRole('listitem').filter({ hasText: t('en', 'profile.devices.current') })).toHaveCount(1);
  await devices.getByRole('button', { name: new RegExp(`^${t('en', 'profile.devices.signOut')} Chrome on Android`) }).click();
  await expect(page.getByText('Chrome on Android is signed out.')).toBeVisible();
  await expect(devices.getByRole('listitem')).toHaveCount(2);
  await expect(devices.getByRole('heading', { name: t('en', 'profile.devices.title') })).toBeFocused();
  expect((await (await android.page.request.get('/api/me')).json()).authenticated).toBe(false);
  expect((await (await iphone.page.request.get('/api/me')).json()).authenticated).toBe(true);

  // The password: the current one is asked; a wrong one is named at its field.
  const current = page.getByLabel(t('en', 'profile.password.current'), { exact: true });
  const next = page.getByLabel(t('en', 'profile.password.new'), { exact: true });
  await current.fill('not my password');
  await next.fill('second password 2');
  await page.getByRole('button', { name: t('en', 'profile.password.submit') }).click();
  await expect(page.getByText(t('en', 'auth.errors.wrongPassword'))).toBeVisible();
  await expect(current).toBeFocused();
  await current.fill(password);
  await page.getByRole('button', { name: t('en', 'profile.password.submit') }).click();
  await expect(page.getByText(t('en', 'profile.password.changed'))).toBeVisible();
  await expect(devices.getByRole('listitem')).toHaveCount(1);

  // The iPhone is signed out: its dashboard goes to sign in. This browser stays signed in.
  await gotoHydrated(iphone.page, '/dashboard');
  await expect(iphone.page).toHaveURL(/\/auth/);
  await gotoHydrated(page, '/dashboard/profile');
  await expect(page.getByLabel(t('en', 'profile.details.fullName'))).toHaveValue('Pim van Profiel');
  // The new password works, the old one no longer.
  expect((await iphone.page.request.post('/api/auth/sign-in', { data: { email, password } })).status()).toBe(401);
  expect((await iphone.page.request.post('/api/auth/sign-in', { data: { email, password: 'second password 2' } })).status()).toBe(200);
  await android.context.close();
  await iphone.context.close();
});

test('staff reach the profile page from the console, in the console shell', async ({ page }) => {
  await signInStaff(page);
  await gotoHydrated(page, '/console');
  await page.getByRole('button', { name: new RegExp(t('en', 'header.accountMenu')) }).click();
  await page.getByRole('menuitem', { name: t('en', 'header.profile') }).click();
  await expect(page).toHaveURL(/\/console\/profile$/);
  await expect(page.getByLabel(t('en', 'profile.details.fullName'))).toBeVisible();
  await expect(page.getByRole('link', { name: `Belwise ${t('en', 'workspace.console')}` })).toBeVisible();
});

// The console has the most sections; at 1280 px they, the language link and the account share one line, and none
// covers another (in Dutch the account button once covered the language link and the last section).
for (const lang of languages) {
  test(`the console at 1280 px (${lang}): its sections, the language link and the account fit on one line`, async ({ page }) => {
    await page.setViewportSize(desktop);
    await signInStaff(page);
    await gotoHydrated(page, localized(lang, '/console'));
    const nav = page.getByRole('navigation', { name: t(lang, 'workspace.sectionsLabel') });
    await expect(nav.getByRole('link', { name: t(lang, 'workspace.sections.jobs') })).toBeVisible();
    const boxes = await nav.getByRole('link').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect));
    const account = (await page.getByRole('button', { name: new RegExp(t(lang, 'header.accountMenu')) }).boundingBox())!;
    expect(boxes.length).toBeGreaterThan(8);
    for (const [i, box] of boxes.entries()) {
      expect(Math.abs(box.top + box.height / 2 - (boxes[0].top + boxes[0].height / 2)), `link ${i} on the first line`).toBeLessThan(4);
      if (i > 0) expect(box.left, `link ${i} after link ${i - 1}`).toBeGreaterThanOrEqual(boxes[i - 1].right - 0.5);
    }
    expect(boxes.at(-1)!.right, 'the language link before the account').toBeLessThanOrEqual(account.x);
    await expectNoSidewaysScroll(page);
  });
}

// axe on the shells and the profile page, at both widths in both languages; each visit also leaves a
// screenshot to look at (test-results/workspace-shots, with SCREENSHOTS=1).
for (const viewport of [phone, desktop]) {
  for (const lang of languages) {
    test(`axe: the dashboard, the console and the profile page at ${viewport.width} px (${lang})`, async ({ page }) => {
      // Two sign-ins and up to four full axe scans: on a loaded 2-core machine they outlast the default 30 s.
      test.slow();
      await page.setViewportSize(viewport);
      const shot = (name: string) => snap(page, `test-results/workspace-shots/${lang}-${name}-${viewport.width}.png`, { fullPage: true });
      await signInBuyer(page, lang);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectAxeClean(page);
      await shot('dashboard');

      await gotoHydrated(page, localized(lang, '/dashboard/profile'));
      await expect(page.getByRole('heading', { name: t(lang, 'profile.devices.title') })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectAxeClean(page);
      await shot('profile');

      await signInStaff(page);
      await gotoHydrated(page, localized(lang, '/console'));
      await expect(page.getByRole('navigation', { name: t(lang, 'workspace.sectionsLabel') })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectAxeClean(page);
      await shot('console');
      if (viewport.width < 1024) {
        // The open menu too.
        await page.getByRole('button', { name: t(lang, 'workspace.menu'), exact: true }).click();
        await expectAxeClean(page);
        await shot('console-menu');
      }
    });
  }
}
