import { test, expect, type Page } from '@playwright/test';
import { siteURL } from '../playwright.config';
import { languages, localized, type Lang } from './support';
import { t } from './dictionaries';

// Each screen's main content, checked with JavaScript turned OFF: what a visitor (and a crawler) gets
// from the prerendered HTML before any script runs.
const content: Record<string, (page: Page, lang: Lang) => Promise<void>> = {
  '/': async (page, lang) => {
    const h1 = page.getByRole('heading', { level: 1 });
    for (const part of ['title1', 'title2', 'title3']) await expect(h1).toContainText(t(lang, `landing.hero.${part}`));
    await expect(page.getByText(t(lang, 'landing.hero.subtitle'))).toBeVisible();
    await expect(page.getByRole('link', { name: t(lang, 'landing.hero.features') })).toHaveAttribute('href', localized(lang, '/features'));
    await expect(page.getByRole('link', { name: t(lang, 'landing.hero.pricing') })).toHaveAttribute('href', localized(lang, '/pricing'));
    await expect(page.getByRole('heading', { name: t(lang, 'landing.why.title') })).toBeVisible();
    // The eight benefits are one list of eight items.
    const benefits = page.getByRole('list').filter({ hasText: t(lang, 'landing.why.benefits.costs') });
    await expect(benefits).toHaveCount(1);
    await expect(benefits.getByRole('listitem')).toHaveCount(8);
    for (const key of ['costs', 'always', 'integrations', 'languages', 'custom', 'booking', 'leads', 'insight'])
      await expect(benefits).toContainText(t(lang, `landing.why.benefits.${key}`));
  },
  '/features': async (page, lang) => {
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(lang, 'features.title'));
    const cards = [
      'coldCalling',
      'appointments',
      'customerService',
      'reminders',
      'leadQualification',
      'inbound',
      'outbound',
      'workflows',
      'dashboard',
    ];
    for (const card of cards)
      await expect(page.getByRole('heading', { name: t(lang, `features.cards.${card}.title`), exact: true })).toBeVisible();
    for (const category of ['calendars', 'crms', 'messaging', 'other'])
      await expect(page.getByRole('heading', { name: t(lang, `features.categories.${category}`), exact: true })).toBeVisible();
    const tools = [
      'Google Calendar',
      'Outlook',
      'Apple Calendar',
      'Microsoft 365',
      'HubSpot',
      'Salesforce',
      'Zoho CRM',
      'Pipedrive',
      'Monday.com',
      'Notion',
      'Airtable',
      'WhatsApp',
      'Slack',
      'Gmail & Outlook',
      t(lang, 'features.items.sms'),
      'Stripe',
      'Shopify',
      'Google Sheets',
      'Calendly',
      t(lang, 'features.items.webhooks'),
    ];
    const main = page.getByRole('main');
    for (const tool of tools) await expect(main.getByText(tool, { exact: true })).toBeVisible();
  },
  '/pricing': async (page, lang) => {
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(lang, 'pricing.title'));
    for (const card of ['setup', 'maintenance', 'usage'])
      await expect(page.getByRole('heading', { name: t(lang, `pricing.${card}.name`) })).toBeVisible();
    await expect(page.getByText(t(lang, 'pricing.usage.amount'), { exact: true })).toBeVisible();
    for (const item of ['volume', 'complexity', 'workflow'])
      await expect(page.getByText(t(lang, `pricing.usage.items.${item}`))).toBeVisible();
    await expect(page.getByRole('link', { name: t(lang, 'pricing.cta') }).last()).toHaveAttribute('href', localized(lang, '/quote'));
  },
  '/quote': async (page, lang) => {
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(lang, 'quote.title'));
  },
  '/personalized': async (page, lang) => {
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(lang, 'personalized.title'));
  },
  '/auth': async (page, lang) => {
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(lang, 'auth.headings.signIn'));
  },
};

const metaKey: Record<string, string> = {
  '/': 'landing',
  '/features': 'features',
  '/pricing': 'pricing',
  '/quote': 'quote',
  '/personalized': 'personalized',
  '/auth': 'auth',
};

test.describe('prerendered, before any script runs', () => {
  test.use({ javaScriptEnabled: false });
  for (const lang of languages) {
    for (const [screen, check] of Object.entries(content)) {
      const path = localized(lang, screen);
      test(`${path} serves its content and head`, async ({ page }) => {
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await check(page, lang);

        // Header and footer on every page.
        await expect(page.getByRole('link', { name: t(lang, 'header.homeLink') })).toHaveAttribute('href', localized(lang, '/'));
        await expect(page.getByRole('link', { name: t(lang, 'header.askQuote') }).first()).toHaveAttribute(
          'href',
          localized(lang, '/quote'),
        );
        await expect(page.getByRole('link', { name: t(lang, 'header.signIn') })).toHaveAttribute('href', localized(lang, '/auth'));
        const footer = page.getByRole('contentinfo');
        await expect(footer).toContainText(t(lang, 'footer.services.coldCalling'));
        await expect(footer).toContainText(t(lang, 'footer.support.privacy'));
        await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
        // Issue 12: the support items are links to real pages (Documentation is the help center); services stay text.
        // Issue 23 adds the public list of sub-processors.
        await expect(footer.getByRole('link')).toHaveCount(5);
        await expect(footer.getByRole('link', { name: t(lang, 'footer.support.privacy') })).toHaveAttribute(
          'href',
          localized(lang, '/privacy'),
        );
        await expect(footer.getByRole('link', { name: t(lang, 'footer.support.subprocessors') })).toHaveAttribute(
          'href',
          localized(lang, '/subprocessors'),
        );

        // The page's own head.
        const m = metaKey[screen];
        await expect(page).toHaveTitle(new RegExp(t(lang, `meta.${m}.title`).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
        await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', t(lang, `meta.${m}.description`));
        if (screen === '/auth') {
          await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
          await expect(page.locator('link[rel="canonical"], link[hreflang]')).toHaveCount(0);
          return;
        }
        const url = (l: Lang) => `${siteURL}${localized(l, screen)}`;
        await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', url(lang));
        await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute('href', url('en'));
        await expect(page.locator('link[rel="alternate"][hreflang="nl"]')).toHaveAttribute('href', url('nl'));
        await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute('href', url('en'));
      });
    }
  }
});

test('a signed-out visit to /dashboard goes to sign in, keeping where to come back to', async ({ page }) => {
  await page.goto('/nl/dashboard');
  await expect(page).toHaveURL('/nl/auth?next=%2Fnl%2Fdashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('nl', 'auth.headings.signIn'));
});
