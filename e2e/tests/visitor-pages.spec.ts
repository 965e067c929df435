import { test, expect, type Page } from '@playwright/test';
import { company, vapiSiteURL } from '../playwright.config';
import { t } from './dictionaries';
import { gotoHydrated, languages, localized, publicScreens, watchConsole } from './support';

// Issue 12: what a first-time visitor expects — a way to every page, contact, privacy and help, and a voice
// widget that never gets in the way. Both languages throughout.

for (const lang of languages) {
  test(`every public page links to the try-out, and the footer to contact and privacy (${lang})`, async ({ page, request }) => {
    for (const screen of publicScreens) {
      await gotoHydrated(page, localized(lang, screen));
      expect(await page.locator(`a[href="${localized(lang, '/personalized')}"]`).count(), screen).toBeGreaterThan(0);
      const footer = page.locator('footer');
      for (const [key, path] of [
        ['contact', '/contact'],
        ['privacy', '/privacy'],
        ['help', '/help'],
        ['docs', '/help'],
      ] as const) {
        await expect(footer.getByRole('link', { name: t(lang, `footer.support.${key}`), exact: true }), screen).toHaveAttribute(
          'href',
          localized(lang, path),
        );
      }
    }
    for (const path of ['/contact', '/privacy', '/help']) {
      expect((await request.get(localized(lang, path))).status(), path).toBe(200);
    }
    const sitemap = await (await request.get('/sitemap.xml')).text();
    for (const path of ['/contact', '/privacy', '/help']) expect(sitemap).toContain(`${localized(lang, path)}</loc>`);
  });

  test(`the header nav marks the current page and works as a menu on a phone (${lang})`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoHydrated(page, localized(lang, '/features'));
    const toggle = page.getByRole('button', { name: t(lang, 'header.menu') });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const tryIt = page.getByRole('link', { name: t(lang, 'header.navLinks.personalized') });
    await expect(tryIt).toBeHidden();
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('link', { name: t(lang, 'header.navLinks.features') })).toHaveAttribute('aria-current', 'page');
    // Escape closes it from inside the list and gives the focus back to the button.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: t(lang, 'header.navLinks.features') })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(tryIt).toBeHidden();
    await expect(toggle).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(tryIt).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(localized(lang, '/personalized'));
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  test(`the contact page lists the configured company details (${lang})`, async ({ page }) => {
    await gotoHydrated(page, localized(lang, '/contact'));
    const details = page.locator('dl.company');
    for (const [key, field] of [
      ['name', 'COMPANY_NAME'],
      ['address', 'COMPANY_ADDRESS'],
      ['phone', 'COMPANY_PHONE'],
      ['email', 'COMPANY_EMAIL'],
      ['kvk', 'COMPANY_KVK'],
      ['vat', 'COMPANY_VAT'],
    ] as const) {
      await expect(details.getByText(t(lang, `contact.company.${key}`), { exact: true })).toBeVisible();
      await expect(details.getByText(company[field], { exact: true })).toBeVisible();
    }
    await expect(details.getByRole('link', { name: company.COMPANY_EMAIL })).toHaveAttribute('href', `mailto:${company.COMPANY_EMAIL}`);
    await expect(details.getByRole('link', { name: company.COMPANY_PHONE })).toHaveAttribute('href', 'tel:+31201234567');
    // Exactly these six: the IBAN (for invoices) is no contact detail. That a detail left unset has no
    // entry is the next test's, on the instance without any COMPANY_*, and internal/web's.
    await expect(details.locator('dt')).toHaveCount(6);
    await expect(page.getByRole('link', { name: t(lang, 'contact.quoteLink') })).toHaveAttribute('href', localized(lang, '/quote'));
    // The privacy page states the configured retention (CALL_RETENTION_DAYS=60).
    await gotoHydrated(page, localized(lang, '/privacy'));
    await expect(page.getByText(t(lang, 'privacy.sections.retention.text').replace('{days}', '60'))).toBeVisible();
    // It sends requests about personal data to COMPANY_EMAIL.
    await expect(page.getByRole('main').getByRole('link', { name: company.COMPANY_EMAIL })).toHaveAttribute(
      'href',
      `mailto:${company.COMPANY_EMAIL}`,
    );
  });

  test(`without any COMPANY_* the contact page has no company heading and the privacy page names the quote inbox (${lang})`, async ({
    page,
    request,
  }) => {
    // The second instance sets no COMPANY_* and no QUOTE_INBOX (its default is quotes@localhost).
    const problems = watchConsole(page);
    const html = await (await request.get(vapiSiteURL + localized(lang, '/contact'))).text();
    expect(html).not.toContain(t(lang, 'contact.companyTitle'));
    expect(html).not.toContain('data-company');
    await gotoHydrated(page, vapiSiteURL + localized(lang, '/contact'));
    await expect(page.getByRole('heading', { level: 1, name: t(lang, 'contact.title') })).toBeVisible();
    await expect(page.getByRole('heading', { name: t(lang, 'contact.companyTitle') })).toHaveCount(0);
    await expect(page.locator('dl.company')).toHaveCount(0);
    await gotoHydrated(page, vapiSiteURL + localized(lang, '/privacy'));
    await expect(page.getByRole('main').getByRole('link', { name: 'quotes@localhost' })).toHaveAttribute('href', 'mailto:quotes@localhost');
    expect(problems).toEqual([]);
  });

  test(`the help center has at least 12 answers (${lang})`, async ({ page }) => {
    await gotoHydrated(page, localized(lang, '/help'));
    expect(await page.locator('.faq dt').count()).toBeGreaterThanOrEqual(12);
  });

  // axe on /contact, /privacy and /help at 390 and 1280 px: a11y.spec.ts runs it on every public page (support.ts lists them).

  test(`nothing scrolls sideways at 320 px (${lang})`, async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    for (const screen of [...publicScreens, '/no-such-page']) {
      await gotoHydrated(page, localized(lang, screen));
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, screen).toBeLessThanOrEqual(0);
    }
  });

  test(`headings break long words only where a hyphen goes, never mid-word, at 320 and 390 px (${lang})`, async ({ page }) => {
    // Debian's Chromium has no hyphenation dictionary, so this checks the dictionary's soft hyphens; a word
    // may also break after a hyphen of its own ("e-mails"). Every contact detail is set on this instance.
    for (const width of [320, 390]) {
      await page.setViewportSize({ width, height: 800 });
      for (const screen of publicScreens) {
        await gotoHydrated(page, localized(lang, screen));
        const broken = await brokenHeadingWords(page);
        expect(broken, `${localized(lang, screen)} at ${width} px`).toEqual([]);
      }
    }
  });

  test(`the dashboard's agent names break at a hyphen too, at 320 px (${lang})`, async ({ page }) => {
    // Catalogue names are data ("Leadkwalificeerder"): the app marks the joints of long Dutch compounds.
    expect(
      (await page.request.post('/api/auth/sign-in', { data: { email: 'demo@example.com', password: 'demo-buyer-2026' } })).status(),
    ).toBe(200);
    await page.setViewportSize({ width: 320, height: 800 });
    await gotoHydrated(page, localized(lang, '/dashboard'));
    // The dashboard loads its orders after it has hydrated (its route loader): wait for the agents' links.
    const links = page.locator('main a[href*="/dashboard/agents/"]');
    await expect(links.first()).toBeVisible();
    const agents = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
    expect(agents.length).toBeGreaterThan(0);
    expect(await brokenHeadingWords(page), 'dashboard').toEqual([]);
    for (const href of agents) {
      await gotoHydrated(page, href);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await brokenHeadingWords(page), href).toEqual([]);
    }
  });

  test(`the demo assistant answers privacy and talk-to-a-person questions with the right links (${lang})`, async ({ page }) => {
    await gotoHydrated(page, localized(lang, '/features'));
    await page.getByRole('button', { name: t(lang, 'header.talkToAssistant') }).click();
    const card = page.getByRole('region', { name: t(lang, 'voice.region') });
    const box = card.getByRole('textbox', { name: t(lang, 'voice.message') });
    await expect(box).toBeVisible({ timeout: 10_000 });
    const log = card.getByRole('log');
    for (const [question, answer, path] of [
      [lang === 'en' ? 'Can I talk to a person?' : 'Kan ik iemand spreken?', 'voice.demo.contact', '/contact'],
      [lang === 'en' ? 'What about my privacy?' : 'Hoe zit het met mijn privacy?', 'voice.demo.privacy', '/privacy'],
    ] as const) {
      await box.fill(question);
      await box.press('Enter');
      const line = log.locator('.voice-line-assistant', { hasText: t(lang, answer) });
      await expect(line).toBeVisible();
      await expect(line.getByRole('link')).toHaveAttribute('href', localized(lang, path));
    }
  });
}

/** Every link, button and field in view whose centre the round voice button covers. */
function coveredControls(page: Page) {
  return page.evaluate(() => {
    const widget = document.querySelector('.voice-widget')!;
    const covered: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [role="tab"]')) {
      if (widget.contains(el)) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
      const top = document.elementFromPoint(x, y);
      if (top && widget.contains(top))
        covered.push(
          `${el.tagName} "${(el.textContent || el.getAttribute('aria-label') || el.getAttribute('name') || '').trim().slice(0, 40)}"`,
        );
    }
    return covered;
  });
}

async function scrollAndCheck(page: Page, label: string) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const seen = new Set<string>();
  for (let y = 0; ; y += 150) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    for (const c of await coveredControls(page)) seen.add(c);
    if (y >= height) break;
  }
  expect([...seen], label).toEqual([]);
}

test('at 390 px the voice button never covers a link, button or field, on any public page, and the dashboard has none', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  for (const lang of languages) {
    for (const screen of publicScreens) {
      await gotoHydrated(page, localized(lang, screen));
      await scrollAndCheck(page, localized(lang, screen));
    }
  }
  // The demo buyer's dashboard wears the workspace shell: no voice button at all (workspace-shell.spec checks the rest).
  await gotoHydrated(page, '/auth');
  const panel = page.getByRole('tabpanel', { name: t('en', 'auth.tabs.signIn') });
  await panel.getByLabel(t('en', 'auth.fields.email')).fill('demo@example.com');
  await panel.getByLabel(t('en', 'auth.fields.password'), { exact: true }).fill('demo-buyer-2026');
  await panel.getByRole('button', { name: t('en', 'auth.signIn.submit'), exact: true }).click();
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('.voice-widget')).toHaveCount(0);
  await gotoHydrated(page, '/nl/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('.voice-widget')).toHaveCount(0);
});

test.describe('a browser that prefers Dutch', () => {
  test.use({ locale: 'nl-NL' });

  test('gets a dismissible suggestion on /, in Dutch, that stays dismissed', async ({ page }) => {
    await gotoHydrated(page, '/');
    const suggestion = page.getByRole('region', { name: t('nl', 'suggest.label') });
    await expect(suggestion).toBeVisible();
    await expect(suggestion).toHaveAttribute('lang', 'nl');
    await expect(suggestion.getByRole('link', { name: t('nl', 'suggest.switch') })).toHaveAttribute('href', '/nl');
    // No redirect: the English page is still there.
    await expect(page).toHaveURL('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await suggestion.getByRole('button', { name: t('nl', 'suggest.dismiss') }).click();
    await expect(suggestion).toHaveCount(0);
    await gotoHydrated(page, '/');
    await page.waitForTimeout(500);
    await expect(page.getByRole('region', { name: t('nl', 'suggest.label') })).toHaveCount(0);
  });

  test('it comes at the first interaction with /, which loads the app for it', async ({ page }) => {
    await page.goto('/');
    await page.waitForTimeout(500);
    await expect(page.locator('.nl-suggestion')).toHaveCount(0);
    // Not the voice button: a pointer over the page (a page to read loads the app only when it is needed).
    await page.mouse.move(20, 300);
    await expect(page.getByRole('region', { name: t('nl', 'suggest.label') })).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  });

  test('following it switches to Dutch and is remembered', async ({ page }) => {
    await gotoHydrated(page, '/');
    await page.getByRole('link', { name: t('nl', 'suggest.switch') }).click();
    await expect(page).toHaveURL('/nl');
    await page.goto('/');
    await expect(page).toHaveURL('/nl');
  });
});

test('an English-preferring browser gets no Dutch suggestion', async ({ page }) => {
  await gotoHydrated(page, '/');
  await page.waitForTimeout(500);
  await expect(page.locator('.nl-suggestion')).toHaveCount(0);
});

/** Every heading word the page breaks other than at a soft or real hyphen, and any heading that overflows. */
function brokenHeadingWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const bad: string[] = [];
    for (const h of document.querySelectorAll<HTMLElement>('h1, h2, h3, h4')) {
      if (h.closest('.sr-only')) continue;
      if (getComputedStyle(h).hyphens !== 'auto') bad.push(`no hyphens: auto on "${h.textContent}"`);
      if (h.scrollWidth > h.clientWidth + 1) bad.push(`overflows: "${h.textContent}"`);
      const walker = document.createTreeWalker(h, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        for (const m of node.data.matchAll(/\S+/g)) {
          // The line a character is drawn on (a range across a break also has an empty box before it).
          const top = (i: number) => {
            const r = document.createRange();
            r.setStart(node, m.index + i);
            r.setEnd(node, m.index + i + 1);
            return Math.round([...r.getClientRects()].at(-1)?.top ?? 0);
          };
          for (let i = 1; i < m[0].length; i++) {
            if (top(i) > top(i - 1) && !['\u00ad', '-'].includes(m[0][i - 1])) bad.push(`"${m[0]}" broken after "${m[0].slice(0, i)}"`);
          }
        }
      }
    }
    return bad;
  });
}
