import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { quoteInbox as INBOX, siteURL } from '../playwright.config';
import { t } from './dictionaries';
import { messagesTo, uniqueEmail, waitForMail } from './mail';
import { localized, languages, signInStaff, watchConsole, type Lang } from './support';

// What a visitor does before the JavaScript has taken over, on a mid-range phone on 4G: the page's
// scripts held back (at least 2.5 s, and until the test lets them go) and the CPU slowed 4×. And the
// same forms with JavaScript off. A submit made before hydration goes to the server as a plain form
// post (internal/web/forms.go) and is carried out exactly once; text typed before hydration counts.

const DEMO = { email: 'demo@example.com', password: 'demo-buyer-2026' };
const SCRIPT_DELAY_MS = 2500;

/** Slows the CPU 4× and holds every /assets/*.js; the returned function lets them load (never sooner than 2.5 s). */
async function slowPhone(page: Page): Promise<() => void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const delay = new Promise<void>((resolve) => setTimeout(resolve, SCRIPT_DELAY_MS));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await Promise.all([released, delay]);
    await route.continue().catch(() => {}); // the page may have navigated away meanwhile
  });
  return release;
}

const hydrated = (page: Page) => page.locator('html[data-hydrated="true"]');

/** Not hydrated: the text below is typed into the prerendered HTML. */
async function expectNotHydrated(page: Page) {
  expect(await hydrated(page).count(), 'the page must not have hydrated yet').toBe(0);
}

async function fillQuote(page: Page, values: Record<string, string>) {
  for (const [field, value] of Object.entries(values)) await page.locator(`#quote-${field}`).fill(value);
}

/** On a slow phone, the quote form in `lang` filled in before the page has hydrated (the scripts held until release()). */
async function quoteTypedEarly(page: Page, lang: Lang, who: string, firstName: string, description: string) {
  const release = await slowPhone(page);
  const email = uniqueEmail(who);
  const name = `${firstName} ${Date.now().toString(36)}`;
  await page.goto(localized(lang, '/quote'), { waitUntil: 'domcontentloaded' });
  await fillQuote(page, { fullName: name, email, description });
  return { release, email, name };
}

/** The quote requests stored for `email`, as staff see them in the console's inbox. */
async function storedQuotes(request: APIRequestContext, email: string): Promise<{ email: string; source: string }[]> {
  const cookie = await signInStaff(request);
  const res = await request.get(`${siteURL}/api/console/quotes?q=${encodeURIComponent(email)}`, { headers: { cookie } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { items: { email: string; source: string }[] }).items.filter((q) => q.email === email);
}

/** Exactly one request stored, its two emails sent, and no second copy on its way. */
async function expectOneRequest(request: APIRequestContext, email: string, name: string) {
  const inbox = async () => (await messagesTo(INBOX)).filter((m) => m.subject === `New Quote Request from ${name}`).length;
  await expect.poll(async () => (await storedQuotes(request, email)).length, { message: 'stored requests' }).toBe(1);
  await waitForMail(email, 1);
  await expect.poll(inbox, { timeout: 15_000, message: 'the agency inbox email' }).toBeGreaterThanOrEqual(1);
  // Give a duplicate the time to arrive: the outbox sends within a second or two.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  expect(await messagesTo(email), 'confirmations').toHaveLength(1);
  expect(await inbox(), 'inbox emails').toBe(1);
  expect(await storedQuotes(request, email)).toHaveLength(1);
}

test.describe('on a slow phone, before hydration', () => {
  test.setTimeout(60_000);

  test('a quote typed and sent before hydration is stored once, emailed once, and thanked for', async ({ page, request }) => {
    const problems = watchConsole(page);
    const { release, email, name } = await quoteTypedEarly(
      page,
      'en',
      'slow-quote',
      'Sloane',
      'Answer the phone while we are with patients.',
    );
    await expectNotHydrated(page);
    await page.getByRole('button', { name: t('en', 'quote.submit') }).click();
    await expect(page).toHaveURL(/\/quote\/thanks$/);
    release();
    await expect(page.getByRole('heading', { level: 1, name: t('en', 'quote.sent.title') })).toBeVisible();
    await expect(hydrated(page)).toHaveCount(1, { timeout: 20_000 });
    await expectOneRequest(request, email, name);
    expect(problems).toEqual([]);
  });

  test('Send pressed twice before hydration: one request, one set of emails, the thank-you', async ({ page, request }) => {
    const { release, email, name } = await quoteTypedEarly(
      page,
      'en',
      'slow-twice',
      'Tobias',
      'Take bookings by phone while the shop is busy.',
    );
    await expectNotHydrated(page);
    // The first press reaches the server, but its answer is slow to come back, so the visitor
    // presses Send again: the browser drops the first navigation and posts the form a second time.
    let posts = 0;
    let firstStored!: () => void;
    const stored = new Promise<void>((resolve) => (firstStored = resolve));
    let secondSent!: () => void;
    const sent = new Promise<void>((resolve) => (secondSent = resolve));
    await page.route('**/quote', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      if (++posts === 1) {
        const response = await route.fetch({ maxRedirects: 0 });
        firstStored();
        await sent;
        await route.fulfill({ response }).catch(() => {}); // the browser has given up on it
        return;
      }
      await route.continue();
    });
    // Raw taps on the button: a locator's click would wait for the first navigation to settle.
    const box = await page.getByRole('button', { name: t('en', 'quote.submit') }).boundingBox();
    if (!box) throw new Error('no Send button');
    const tap = () => page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await tap();
    await stored;
    await tap();
    await expect(page).toHaveURL(/\/quote\/thanks$/);
    secondSent();
    expect(posts, 'form posts').toBe(2);
    release();
    await expect(page.getByRole('heading', { level: 1, name: t('en', 'quote.sent.title') })).toBeVisible();
    await expectOneRequest(request, email, name);
  });

  test('a quote typed before hydration and sent after it goes through the app, once', async ({ page, request }) => {
    const { release, email, name } = await quoteTypedEarly(
      page,
      'nl',
      'slow-typed',
      'Tamsin',
      'Afspraken inplannen terwijl wij bij patiënten zijn.',
    );
    await page.getByRole('radio', { name: t('nl', 'quote.languages.english') }).check();
    await expectNotHydrated(page);
    release();
    await expect(hydrated(page)).toHaveCount(1, { timeout: 20_000 });
    // React took over what was typed: nothing wiped, nothing reported missing.
    await expect(page.locator('#quote-fullName')).toHaveValue(name);
    await expect(page.locator('#quote-description')).toHaveValue('Afspraken inplannen terwijl wij bij patiënten zijn.');
    const posts: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && posts.push(new URL(r.url()).pathname));
    await page.getByRole('button', { name: t('nl', 'quote.submit') }).click();
    await expect(page.getByRole('heading', { name: t('nl', 'quote.sent.title') })).toBeVisible();
    expect(posts).toEqual(['/api/quotes']);
    await expectOneRequest(request, email, name);
    const [inbox] = (await messagesTo(INBOX)).filter((m) => m.subject === `New Quote Request from ${name}`);
    expect(inbox.text, 'the language chosen before hydration').toMatch(/Language:?\s+English/);
  });

  test('sign-in before hydration lands on the dashboard', async ({ page }) => {
    const release = await slowPhone(page);
    await page.goto('/auth', { waitUntil: 'domcontentloaded' });
    await page.locator('#signin-email').fill(DEMO.email);
    await page.locator('#signin-password').fill(DEMO.password);
    await expectNotHydrated(page);
    const signInPost = page.waitForRequest((r) => r.method() === 'POST');
    await page.locator('#signin-password').press('Enter');
    const post = await signInPost;
    // A form post to the page itself: the password is in the body, never in a URL.
    expect(new URL(post.url()).pathname).toBe('/auth');
    expect(post.url()).not.toContain(DEMO.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    release();
    await expect(
      page.getByRole('heading', { level: 1, name: t('en', 'dashboard.greeting').replace('{name}', 'Demi de Vries') }),
    ).toBeVisible({
      timeout: 20_000,
    });
  });

  test('a personalized prompt typed before hydration enables Generate', async ({ page }) => {
    const release = await slowPhone(page);
    await page.goto('/personalized', { waitUntil: 'domcontentloaded' });
    const prompt = 'We are a bike shop in Delft. Customers should book repairs by phone.';
    await page.getByRole('textbox', { name: t('en', 'personalized.promptLabel') }).fill(prompt);
    const generate = page.getByRole('button', { name: t('en', 'personalized.generate') });
    await expect(generate).toBeDisabled();
    await expectNotHydrated(page);
    release();
    await expect(hydrated(page)).toHaveCount(1, { timeout: 20_000 });
    await expect(generate).toBeEnabled();
    await expect(page.getByRole('textbox', { name: t('en', 'personalized.promptLabel') })).toHaveValue(prompt);
    await generate.click();
    await expect(page.getByRole('heading', { name: t('en', 'personalized.ready.title') })).toBeVisible({ timeout: 15_000 });
  });
});

/** Every script the page requests from now on (also those slowPhone() holds back). */
function scriptsRequested(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
  return scripts;
}

// A page to read (#root data-boot="interaction") answers what can be tapped without the app, and loads
// it only when something needs it: the voice button, a signed-in visitor's account menu, the Dutch
// suggestion (visitor-pages.spec.ts), web/scripts/prerender.mjs.
test.describe('pages to read load the app only when something needs it', () => {
  test.setTimeout(60_000);

  test('the front door requests no script before, or at, any interaction but the voice button', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const scripts = scriptsRequested(page);
    const me: string[] = [];
    page.on('request', (r) => new URL(r.url()).pathname === '/api/me' && me.push(r.url()));
    await page.goto('/');
    await page.waitForTimeout(4000); // past the 3 s fallback of pages that load it after paint
    expect(scripts).toEqual([]);
    expect(me, 'nothing runs before the first interaction').toEqual([]);
    // Hovering, scrolling, keys, and the menu opened and closed by a tap and by the keyboard.
    await page.getByRole('heading', { level: 1 }).hover();
    await page.getByRole('main').getByRole('link').first().hover();
    await page.mouse.wheel(0, 800);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.evaluate(() => window.scrollTo(0, 0));
    const toggle = page.getByRole('button', { name: t('en', 'header.menu') });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await page.waitForTimeout(2000);
    expect(scripts, 'scripts requested at the first interactions').toEqual([]);
    await expectNotHydrated(page);
    // The signed-out visitor's first interaction asked once whether they are signed in, and no more.
    expect(me).toHaveLength(1);
    // A pointer over the voice button is the intent to use it: the app loads.
    await page.getByRole('button', { name: t('en', 'header.talkToAssistant') }).hover();
    await expect(hydrated(page)).toHaveCount(1, { timeout: 20_000 });
    expect(scripts.length).toBeGreaterThan(0);
  });

  test("a signed-in visitor's first interaction loads the app, which shows the account menu", async ({ page }) => {
    expect((await page.request.post('/api/auth/sign-in', { data: DEMO })).status()).toBe(200);
    const scripts = scriptsRequested(page);
    await page.goto('/pricing');
    await page.waitForTimeout(1000);
    expect(scripts).toEqual([]);
    await expect(page.getByRole('link', { name: t('en', 'header.signIn') })).toBeVisible();
    await page.mouse.move(20, 300);
    await expect(hydrated(page)).toHaveCount(1, { timeout: 20_000 });
    await expect(page.getByRole('button', { name: new RegExp(t('en', 'header.accountMenu')) })).toBeVisible();
  });

  test('a tap on Talk to Assistant before hydration shows the card at once, and the call starts once the page has hydrated', async ({
    page,
  }) => {
    const release = await slowPhone(page);
    await page.goto('/features', { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: t('en', 'header.talkToAssistant') }).click();
    // The card's starting state, shown by the boot script while the app is still held back.
    const card = page.getByRole('region', { name: t('en', 'voice.region') });
    await expect(card).toBeVisible();
    await expect(card.getByRole('heading', { name: t('en', 'voice.title') })).toBeFocused();
    await expect(card.getByText(t('en', 'voice.connecting'))).toBeVisible();
    await expect(card.getByRole('log')).toHaveCount(0);
    await expectNotHydrated(page);
    release();
    await expect(hydrated(page)).toHaveCount(1, { timeout: 20_000 });
    // The real card took its place: one card, with its transcript and the demo label.
    await expect(card.getByRole('log', { name: t('en', 'voice.transcript') })).toBeVisible({ timeout: 20_000 });
    await expect(card.getByText(t('en', 'voice.demoLabel'))).toBeVisible();
    await expect(page.locator('#voice-early')).toHaveCount(0);
    await expect(page.getByRole('region', { name: t('en', 'voice.region') })).toHaveCount(1);
  });

  test('the menu works by touch and keyboard without the app, and stays open as the page hydrates', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const release = await slowPhone(page);
    const scripts = scriptsRequested(page);
    await page.goto('/nl', { waitUntil: 'domcontentloaded' });
    const toggle = page.getByRole('button', { name: t('nl', 'header.menu') });
    const nav = page.getByRole('navigation');
    const features = nav.getByRole('link', { name: t('nl', 'header.navLinks.features'), exact: true });
    const pricing = nav.getByRole('link', { name: t('nl', 'header.navLinks.pricing'), exact: true });
    await expect(pricing).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(pricing).toBeVisible();
    // Escape closes it from inside the list and gives the focus back to the toggle; Enter opens it again.
    await page.keyboard.press('Tab');
    await expect(features).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(pricing).toBeHidden();
    await expect(toggle).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(pricing).toBeVisible();
    await page.waitForTimeout(500);
    expect(scripts, 'the menu needs no script').toEqual([]);
    await expectNotHydrated(page);
    // The app, once something needs it, takes over the open menu: the next tap closes it, the one after
    // opens it again.
    await page.getByRole('button', { name: t('nl', 'header.talkToAssistant') }).hover();
    release();
    await expect(hydrated(page)).toHaveCount(1, { timeout: 20_000 });
    await expect(pricing).toBeVisible();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(pricing).toBeHidden();
    await toggle.click();
    await expect(pricing).toBeVisible();
    await pricing.click();
    await expect(page).toHaveURL(/\/nl\/pricing$/);
  });

  test('a link followed before the app has loaded is a full load of the prerendered page', async ({ page }) => {
    const scripts = scriptsRequested(page);
    await page.goto('/');
    await page
      .getByRole('main')
      .getByRole('link', { name: t('en', 'landing.hero.pricing') })
      .click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForTimeout(1000);
    expect(scripts).toEqual([]);
  });
});

test('the language link followed before hydration remembers the choice', async ({ page }) => {
  await slowPhone(page); // never released: the click happens on the server HTML
  await page.goto('/features', { waitUntil: 'domcontentloaded' });
  await page.locator('a.lang-picker[lang="nl"]').first().click();
  await expect(page).toHaveURL(/\/nl\/features$/);
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await expect(page).toHaveURL(/\/nl$/);
});

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  for (const lang of languages) {
    test(`${lang}: a quote request reaches the thank-you page and its emails are sent`, async ({ page, request }) => {
      const email = uniqueEmail(`nojs-${lang}`);
      const name = `Nojs ${lang} ${Date.now().toString(36)}`;
      await page.goto(localized(lang, '/quote'));
      await fillQuote(page, { fullName: name, email, companyName: 'Fietsenmaker', description: 'Reparaties inplannen via de telefoon.' });
      await page.getByRole('button', { name: t(lang, 'quote.submit') }).click();
      await expect(page).toHaveURL(new RegExp(`${localized(lang, '/quote/thanks')}$`));
      await expect(page.getByRole('heading', { level: 1, name: t(lang, 'quote.sent.title') })).toBeVisible();
      await expect(page.getByText(t(lang, 'quote.sent.textPage'))).toBeVisible();
      await expectOneRequest(request, email, name);
      const [confirmation] = await messagesTo(email);
      if (lang === 'nl') expect(confirmation.subject).not.toMatch(/received your quote request/i);
      else expect(confirmation.subject).toMatch(/received your quote request/i);
    });

    test(`${lang}: sign-in lands on the dashboard, signed in`, async ({ page }) => {
      await page.goto(localized(lang, '/auth'));
      await page.locator('#signin-email').fill(DEMO.email);
      await page.locator('#signin-password').fill(DEMO.password);
      await page.getByRole('button', { name: t(lang, 'auth.signIn.submit'), exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${localized(lang, '/dashboard')}$`));
      const me = await page.request.get('/api/me');
      expect(await me.json()).toMatchObject({ authenticated: true, user: { email: DEMO.email } });
    });

    test(`${lang}: a wrong password shows the problem and keeps the address, not the password`, async ({ page }) => {
      await page.goto(localized(lang, '/auth'));
      await page.locator('#signin-email').fill(DEMO.email);
      await page.locator('#signin-password').fill('not-the-password');
      await page.getByRole('button', { name: t(lang, 'auth.signIn.submit'), exact: true }).click();
      await expect(page.getByRole('alert')).toContainText(t(lang, 'auth.errors.invalidCredentials'));
      await expect(page).toHaveURL(new RegExp(`${localized(lang, '/auth')}$`));
      await expect(page.locator('#signin-email')).toHaveValue(DEMO.email);
      await expect(page.locator('#signin-password')).toHaveValue('');
    });

    test(`${lang}: an invalid quote shows what is wrong and keeps the values`, async ({ page, request }) => {
      const name = `Kept ${lang} ${Date.now().toString(36)}`;
      const description = 'Line one of what we need.\nLine two, with <angle> & "quotes".';
      await page.goto(localized(lang, '/quote'));
      await fillQuote(page, { fullName: name, email: 'not-an-address', phone: '+31 6 1234 5678', description });
      await page.getByRole('radio', { name: t(lang, lang === 'nl' ? 'quote.languages.english' : 'quote.languages.dutch') }).check();
      await page.getByRole('button', { name: t(lang, 'quote.submit') }).click();
      await expect(page).toHaveURL(new RegExp(`${localized(lang, '/quote')}$`));
      const alert = page.getByRole('alert');
      await expect(alert).toContainText(t(lang, 'quote.error.title'));
      // The server adds this alert; the page's inline CSS (prerender.mjs SERVER_CLASSES) must still style it.
      const look = await alert.evaluate((el) => {
        const c = getComputedStyle(el);
        return { background: c.backgroundColor, border: c.borderTopWidth, padding: c.paddingTop };
      });
      expect(look.background, 'the alert has its error background').not.toBe('rgba(0, 0, 0, 0)');
      expect(look.border).not.toBe('0px');
      expect(look.padding).not.toBe('0px');
      await expect(alert).toContainText(t(lang, 'quote.validation.emailInvalid'));
      await expect(page.locator('#quote-email')).toHaveAttribute('aria-invalid', 'true');
      await expect(page.locator('#quote-email')).toBeFocused();
      await expect(page.locator('#quote-fullName')).toHaveValue(name);
      await expect(page.locator('#quote-email')).toHaveValue('not-an-address');
      await expect(page.locator('#quote-phone')).toHaveValue('+31 6 1234 5678');
      await expect(page.locator('#quote-description')).toHaveValue(description);
      await expect(
        page.getByRole('radio', { name: t(lang, lang === 'nl' ? 'quote.languages.english' : 'quote.languages.dutch') }),
      ).toBeChecked();
      expect(await storedQuotes(request, 'not-an-address')).toHaveLength(0);

      // Corrected and sent again: the thank-you.
      const email = uniqueEmail(`fixed-${lang}`);
      await page.locator('#quote-email').fill(email);
      await page.getByRole('button', { name: t(lang, 'quote.submit') }).click();
      await expect(page).toHaveURL(new RegExp(`${localized(lang, '/quote/thanks')}$`));
      await expectOneRequest(request, email, name);
    });
  }
});
