import { expect, test, type Page } from '@playwright/test';
import { quoteInbox as INBOX } from '../playwright.config';
import { t } from './dictionaries';
import { uniqueEmail, waitForMail } from './mail';
import { expectAxeClean, gotoHydrated, type Lang, localized } from './support';

async function fill(
  page: Page,
  lang: Lang,
  values: Partial<Record<'fullName' | 'email' | 'companyName' | 'businessType' | 'phone' | 'description', string>>,
) {
  for (const [field, value] of Object.entries(values)) {
    await page.getByRole('textbox', { name: t(lang, `quote.fields.${field}`), exact: true }).fill(value);
  }
}

async function axe(page: Page) {
  // A toast fades in over 0.4 s: axe measures its contrast once it is fully shown, not halfway.
  for (const toast of await page.locator('[data-sonner-toast][data-visible="true"]').all()) await expect(toast).toHaveCSS('opacity', '1');
  await expectAxeClean(page);
}

test('missing required fields send nothing and raise the required toast', async ({ page }) => {
  await gotoHydrated(page, '/quote');
  const posts: string[] = [];
  page.on('request', (r) => r.method() === 'POST' && r.url().includes('/api/quotes') && posts.push(r.url()));
  await fill(page, 'en', { fullName: 'Only A Name', description: '   ' });
  await page.getByRole('button', { name: t('en', 'quote.submit') }).click();
  await expect(page.getByText(t('en', 'quote.required.title'))).toBeVisible();
  await expect(page.getByText(t('en', 'quote.required.text'))).toBeVisible();
  await expect(page.getByRole('textbox', { name: t('en', 'quote.fields.email'), exact: true })).toHaveAttribute('aria-invalid', 'true');
  await axe(page);
  expect(posts).toEqual([]);
});

test('a quote request reaches the agency inbox over SMTP, and the visitor gets a confirmation', async ({ page }) => {
  const email = uniqueEmail('quote');
  const name = `Quinn ${Date.now().toString(36)}`;
  await gotoHydrated(page, '/quote');
  await fill(page, 'en', { fullName: name, email, description: 'Answer calls for our clinic and book appointments in Google Calendar.' });

  // Hold the request to see the submitting state.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/quotes', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: t('en', 'quote.submit') }).click();
  await expect(page.getByRole('button', { name: t('en', 'quote.busy') })).toBeDisabled();
  release();

  await expect(page.getByRole('heading', { name: t('en', 'quote.sent.title') })).toBeVisible();
  await expect(page.getByRole('heading', { name: t('en', 'quote.sent.title') })).toBeFocused();
  await axe(page);

  const inbox = (await waitForMail(INBOX, 1)).filter((m) => m.subject === `New Quote Request from ${name}`);
  expect(inbox).toHaveLength(1);
  const body = inbox[0].text;
  expect(body).toContain(email);
  expect(body).toContain('Answer calls for our clinic');
  expect(body).toMatch(/Company:?\s+Not provided/);
  expect(body).toMatch(/Phone:?\s+Not provided/);
  expect(body).toMatch(/Business type:?\s+Not specified/);
  expect(body).toMatch(/Language:?\s+English/);
  expect(inbox[0].html).toContain('Not specified');

  const [confirmation] = await waitForMail(email, 1);
  expect(confirmation.subject).toMatch(/received your quote request/i);

  await page.getByRole('link', { name: t('en', 'quote.sent.home') }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('in Dutch the confirmation is Dutch and every optional field reaches the agency', async ({ page }) => {
  const email = uniqueEmail('offerte');
  const name = `Noor ${Date.now().toString(36)}`;
  await gotoHydrated(page, '/nl/quote');
  await expect(page.getByRole('radio', { name: t('nl', 'quote.languages.dutch') })).toBeChecked();
  await fill(page, 'nl', {
    fullName: name,
    email,
    companyName: 'Bakkerij Noor',
    businessType: 'Bakkerij',
    phone: '+31 20 123 4567',
    description: 'Bestellingen aannemen via de telefoon, ook in het weekend.',
  });
  await page.getByRole('button', { name: t('nl', 'quote.submit') }).click();
  await expect(page.getByRole('heading', { name: t('nl', 'quote.sent.title') })).toBeVisible();

  const [confirmation] = await waitForMail(email, 1);
  expect(confirmation.subject).toBe('We hebben uw offerteaanvraag ontvangen');
  expect(confirmation.text).toContain('Bestellingen aannemen via de telefoon');
  const inbox = (await waitForMail(INBOX, 1)).find((m) => m.subject === `New Quote Request from ${name}`);
  expect(inbox?.text).toContain('Bakkerij Noor');
  expect(inbox?.text).toContain('+31 20 123 4567');
  expect(inbox?.text).toMatch(/Language:?\s+Dutch/);
});

test('a failed send keeps every value and raises the error toast naming the configured QUOTE_INBOX', async ({ page }) => {
  await gotoHydrated(page, '/quote');
  const values = { fullName: 'Fay Lure', email: 'fay@example.com', companyName: 'Lure BV', description: 'Outbound reminders.' };
  await fill(page, 'en', values);
  let failures = 0;
  await page.route('**/api/quotes', (route) =>
    failures++ === 0 ? route.fulfill({ status: 500, body: '' }) : route.abort('connectionrefused'),
  );
  for (let attempt = 0; attempt < 2; attempt++) {
    await page.getByRole('button', { name: t('en', 'quote.submit') }).click();
    await expect(page.getByText(t('en', 'quote.error.title')).first()).toBeVisible();
    await expect(page.getByText(t('en', 'quote.error.text').replace('{email}', INBOX)).first()).toBeVisible();
    for (const [field, value] of Object.entries(values)) {
      await expect(page.getByRole('textbox', { name: t('en', `quote.fields.${field}`), exact: true })).toHaveValue(value);
    }
  }
  expect(failures).toBe(2);
});

test('the personalized try-out: disabled states, 2 seconds of generating, a derived card and a pre-filled quote', async ({ page }) => {
  const start = Date.now();
  await page.clock.install({ time: start });
  await gotoHydrated(page, '/personalized');
  const generate = page.getByRole('button', { name: t('en', 'personalized.generate') });
  const prompt = page.getByLabel(t('en', 'personalized.promptLabel'));
  await expect(generate).toBeDisabled();
  await prompt.fill('   \n ');
  await expect(generate).toBeDisabled();
  await axe(page);

  const text = 'We run a dental practice and want patients to book appointments 24/7 in Google Calendar, with WhatsApp reminders.';
  await prompt.fill(text);
  await expect(generate).toBeEnabled();
  // Freeze the page's clock, so the 2 seconds are measured in page time, not test time.
  await page.clock.pauseAt(start + 3_600_000);
  await generate.click();
  const busy = page.getByRole('button', { name: t('en', 'personalized.generating') });
  await expect(busy).toBeDisabled();
  await page.clock.runFor(1_990);
  await expect(busy).toBeVisible();
  await expect(page.getByRole('heading', { name: t('en', 'personalized.ready.title') })).toHaveCount(0);
  await page.clock.runFor(20);
  const card = page.getByRole('region', { name: t('en', 'personalized.ready.title') });
  await expect(card).toBeVisible();
  await page.clock.resume(); // axe and navigation need timers again
  await expect(card).toContainText('dental practice');
  await expect(card).toContainText('Google Calendar');
  await expect(card).toContainText('WhatsApp');
  const testAgent = card.getByRole('button', { name: t('en', 'personalized.ready.test') });
  await expect(testAgent).toBeEnabled(); // tests/voice.spec.ts follows it into a call
  await expect(testAgent).toHaveAccessibleDescription(t('en', 'personalized.ready.testHint'));
  await axe(page);

  await card.getByRole('link', { name: t('en', 'personalized.ready.quote') }).click();
  await expect(page).toHaveURL(/\/quote\?description=/);
  await expect(page.getByRole('textbox', { name: t('en', 'quote.fields.description'), exact: true })).toHaveValue(text);
});

test('the personalized page is Dutch on /nl and answers in Dutch', async ({ page }) => {
  await gotoHydrated(page, localized('nl', '/personalized'));
  await page
    .getByLabel(t('nl', 'personalized.promptLabel'))
    .fill('Wij zijn een kapsalon en willen dat klanten afspraken kunnen maken en verzetten.');
  await page.getByRole('button', { name: t('nl', 'personalized.generate') }).click();
  const card = page.getByRole('region', { name: t('nl', 'personalized.ready.title') });
  await expect(card).toBeVisible({ timeout: 5_000 });
  await expect(card).toContainText('afspraken');
  await axe(page);
});
