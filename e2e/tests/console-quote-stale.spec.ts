import { expect, test, type Page } from '@playwright/test';
import { t } from './dictionaries';
import { uniqueEmail } from './mail';
import { gotoHydrated, signInStaff } from './support';

const statusRegion = (page: Page) => page.getByRole('region', { name: t('en', 'console.quote.status.title') });
// The request's status badge next to its name (its text starts with a visually hidden "Status:").
const badge = (page: Page) => page.locator('h1 + .badge');
const statusSelect = (page: Page) => statusRegion(page).getByLabel(t('en', 'console.quote.status.label'));

test('a status form opened before the order gets 409, reloads showing Won, and never reverts the request', async ({ page, browser }) => {
  test.setTimeout(60_000);
  // A request from the public form, through the API the form posts to.
  const email = uniqueEmail('stale');
  const posted = await page.request.post('/api/quotes', {
    data: { fullName: 'Sanne Stale', email, description: 'Answer the phone after hours.', language: 'english', locale: 'en' },
  });
  expect(posted.status()).toBe(201);
  const { id } = (await posted.json()) as { id: string };

  await signInStaff(page);
  // Two tabs of the same staff session on the same request, both loaded while it is new.
  const other = await page.context().newPage();
  for (const tab of [page, other]) {
    await gotoHydrated(tab, `/console/quotes/${id}`);
    await expect(statusSelect(tab)).toHaveValue('new');
  }

  // Tab 1 turns it into an order: the request is won, and its own status form says so at once.
  const order = page.getByRole('region', { name: t('en', 'console.quote.order.title') });
  const agent = order.getByLabel(t('en', 'console.quote.order.agent'));
  await expect(agent.locator('option')).not.toHaveCount(1);
  await agent.selectOption({ index: 1 });
  await order.getByRole('button', { name: t('en', 'console.quote.order.submit') }).click();
  await expect(badge(page)).toHaveText(new RegExp(`${t('en', 'console.quoteStatus.won')}$`));
  await expect(statusSelect(page)).toHaveValue('won');
  // Saving from that form keeps it won (it used to send the old choice and quietly undo the order's Won).
  await statusRegion(page)
    .getByRole('button', { name: t('en', 'console.quote.status.save') })
    .click();
  await expect(statusRegion(page).getByText(t('en', 'console.quote.status.saved'))).toBeVisible();
  await expect(statusSelect(page)).toHaveValue('won');

  // Tab 2 still shows New: its save is refused, the request is reloaded and shown as won, with the reason.
  await statusSelect(other).selectOption('contacted');
  await statusRegion(other)
    .getByRole('button', { name: t('en', 'console.quote.status.save') })
    .click();
  await expect(other.getByRole('alert').filter({ hasText: t('en', 'console.conflict') })).toBeVisible();
  await expect(statusSelect(other)).toHaveValue('won');
  await expect(badge(other)).toHaveText(new RegExp(`${t('en', 'console.quoteStatus.won')}$`));

  // What the server has: still won.
  const stored = await page.request.get(`/api/console/quotes/${id}`);
  expect(stored.status()).toBe(200);
  expect(((await stored.json()) as { quote: { status: string } }).quote.status).toBe('won');
});
