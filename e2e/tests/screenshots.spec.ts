import { test } from '@playwright/test';
import { languages, publicScreens, localized, gotoHydrated, signInStaff } from './support';

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

// The signed-in screens, as the demo buyer.
for (const width of [390, 1280]) {
  for (const lang of languages) {
    test(`screenshot the ${lang} dashboard at ${width}px`, async ({ page }) => {
      await page.setViewportSize({ width, height: width < 500 ? 844 : 800 });
      await page.request.post('/api/auth/sign-in', { data: { email: 'demo@example.com', password: 'demo-buyer-2026' } });
      const shots: [string, string][] = [
        [localized(lang, '/dashboard'), 'dashboard'],
        [localized(lang, '/dashboard?tab=history'), 'dashboard-history'],
      ];
      for (const [path, name] of shots) {
        await gotoHydrated(page, path);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.screenshot({ path: `screenshots/${lang}-${name}-${width}.png`, fullPage: true });
      }
      await page
        .getByRole('link', { name: /order #|bestelling #/i })
        .first()
        .click();
      await page.getByRole('heading', { level: 1, name: /#/ }).waitFor();
      await page.screenshot({ path: `screenshots/${lang}-order-${width}.png`, fullPage: true });
      await page.getByRole('button', { name: /account ?menu/i }).click();
      await page.getByRole('menuitem').first().waitFor();
      await page.screenshot({ path: `screenshots/${lang}-account-menu-${width}.png` });
    });
  }
}

// The states behind a click: the personalized card and the quote thank-you.
for (const width of [390, 1280]) {
  for (const lang of languages) {
    test(`screenshot the ${lang} personalized card and quote thank-you at ${width}px`, async ({ page }) => {
      await page.setViewportSize({ width, height: width < 500 ? 844 : 800 });
      await gotoHydrated(page, localized(lang, '/personalized'));
      await page
        .getByRole('textbox')
        .first()
        .fill(
          lang === 'nl'
            ? 'Wij zijn een tandartspraktijk in Utrecht. Patiënten moeten 24/7 afspraken kunnen maken in Google Agenda, met een herinnering via WhatsApp.'
            : 'We are a solar panel installer. Cold call our HubSpot leads, qualify them and book a site visit in Calendly. Dutch and English.',
        );
      await page.locator('form button[type=submit], main button').first().click();
      await page.getByRole('region').last().waitFor();
      await page.waitForTimeout(2_300);
      await page.screenshot({ path: `screenshots/${lang}-personalized-card-${width}.png`, fullPage: true });

      await page
        .getByRole('link', { name: /quote|offerte/i })
        .last()
        .click();
      await page.waitForURL(/\/quote\?description=/);
      await page
        .getByRole('textbox', { name: /name|naam/i })
        .first()
        .fill('Sam Screenshot');
      await page.getByRole('textbox', { name: /mail/i }).fill('sam@example.com');
      await page
        .getByRole('button', { name: /quote|offerte/i })
        .last()
        .click();
      await page.getByRole('heading', { level: 2 }).first().waitFor();
      await page.screenshot({ path: `screenshots/${lang}-quote-sent-${width}.png`, fullPage: true });
    });
  }
}

// The voice widget in a demo call, after one typed question.
for (const width of [390, 1280]) {
  for (const lang of languages) {
    test(`screenshot the ${lang} voice card at ${width}px`, async ({ page }) => {
      await page.setViewportSize({ width, height: width < 500 ? 844 : 800 });
      await gotoHydrated(page, localized(lang, '/'));
      await page.getByRole('button', { name: /assistant|assistent/i }).click();
      const input = page.getByRole('region').getByRole('textbox');
      await input.fill(lang === 'nl' ? 'Wat kost het?' : 'What does it cost?');
      await input.press('Enter');
      await page.locator('.voice-line-assistant').nth(1).waitFor();
      await page.screenshot({ path: `screenshots/${lang}-voice-card-${width}.png` });
    });
  }
}

// Billing (issue 22): the console's statements and invoices, an order's fees, and the buyer's invoices.
for (const width of [390, 1280]) {
  for (const lang of languages) {
    test(`screenshot the ${lang} billing screens at ${width}px`, async ({ page, browser }) => {
      await page.setViewportSize({ width, height: width < 500 ? 844 : 800 });
      await signInStaff(page);
      await gotoHydrated(page, localized(lang, '/console/billing'));
      await page.getByRole('article').first().waitFor();
      await page.screenshot({ path: `screenshots/${lang}-console-billing-${width}.png`, fullPage: true });
      // The confirmation before an invoice is issued.
      const issue = page
        .getByRole('article')
        .getByRole('button', { name: /invoice|factuur/i })
        .first();
      if (await issue.count()) {
        await issue.click();
        await page.getByRole('group').first().waitFor();
        await page
          .getByRole('group')
          .first()
          .screenshot({ path: `screenshots/${lang}-console-billing-confirm-${width}.png` });
      }
      const orders = (await (await page.request.get('/api/console/orders?status=completed')).json()) as { items: { id: string }[] };
      await gotoHydrated(page, localized(lang, `/console/orders/${orders.items[0].id}`));
      await page.getByRole('heading', { level: 1, name: /#/ }).waitFor();
      await page.screenshot({ path: `screenshots/${lang}-console-order-${width}.png`, fullPage: true });

      const buyer = await browser.newPage({ viewport: { width, height: width < 500 ? 844 : 800 } });
      await buyer.request.post('/api/auth/sign-in', { data: { email: 'demo@example.com', password: 'demo-buyer-2026' } });
      await gotoHydrated(buyer, localized(lang, '/dashboard/invoices'));
      await buyer.getByRole('heading', { level: 2 }).first().waitFor();
      await buyer.screenshot({ path: `screenshots/${lang}-dashboard-invoices-${width}.png`, fullPage: true });
      await buyer.close();
    });
  }
}
