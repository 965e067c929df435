import { expect, test, type Page } from '@playwright/test';
import { t } from './dictionaries';
import { linkIn, messagesTo, uniqueEmail, type SinkMessage } from './mail';
import { acceptAgreement, expectAxeClean, gotoHydrated, type Lang, localized, signInStaff } from './support';

// The agency's console against bin/site with the SMTP sink. The site seeds the staff member and the
// demo buyer (README, demo logins) into its fresh embedded database.
const DEMO = { email: 'demo@example.com', password: 'demo-buyer-2026' };

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A dictionary string with its {vars} filled in; a var not given matches anything. */
function pattern(lang: Lang, key: string, vars: Record<string, string> = {}): RegExp {
  const parts = t(lang, key).split(/\{(\w+)\}/);
  return new RegExp(parts.map((part, i) => (i % 2 === 0 ? escape(part) : part in vars ? escape(vars[part]) : '.+')).join(''));
}

async function signIn(page: Page, lang: Lang, who: { email: string; password: string }) {
  const panel = page.getByRole('tabpanel', { name: t(lang, 'auth.tabs.signIn') });
  await panel.getByLabel(t(lang, 'auth.fields.email')).fill(who.email);
  await panel.getByLabel(t(lang, 'auth.fields.password'), { exact: true }).fill(who.password);
  await panel.getByRole('button', { name: t(lang, 'auth.signIn.submit'), exact: true }).click();
}

/** Signs the page's context in through the API (the cookie is the context's). */
async function signInByApi(page: Page, who: { email: string; password: string }) {
  const res = await page.request.post('/api/auth/sign-in', { data: who });
  expect(res.status()).toBe(200);
}

test('a Dutch quote becomes an order in the console; the invited buyer sets a password and follows it to live', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const nl = 'nl' as const;
  const email = uniqueEmail('koper');
  const name = `Fenna Visser ${Date.now().toString(36)}`;

  // 1. A visitor asks for a quote from the Dutch form.
  await gotoHydrated(page, '/nl/quote');
  for (const [field, value] of Object.entries({
    fullName: name,
    email,
    companyName: 'Tandartspraktijk Visser',
    description: 'Afspraken inplannen en vragen van patiënten beantwoorden.',
  })) {
    await page.getByRole('textbox', { name: t(nl, `quote.fields.${field}`), exact: true }).fill(value);
  }
  await page.getByRole('button', { name: t(nl, 'quote.submit') }).click();
  await expect(page.getByRole('heading', { name: t(nl, 'quote.sent.title') })).toBeVisible();

  // 2. Staff sign in from the console's own link and find the request in the Dutch inbox.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await gotoHydrated(staff, '/nl/console');
  await expect(staff).toHaveURL(/\/nl\/auth\?next=%2Fnl%2Fconsole$/);
  await signInStaff(staff, { form: true, lang: nl });
  await expect(staff).toHaveURL(/\/nl\/console$/);
  await expect(staff.getByRole('heading', { level: 1, name: t(nl, 'console.quotes.title') })).toBeVisible();
  // Loaded straight from the app shell, the page still gets the console's own head.
  await staff.reload();
  await expect(staff).toHaveTitle(new RegExp(`^${t(nl, 'meta.console.title')}`));
  await expect(staff.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await staff.getByRole('searchbox', { name: t(nl, 'console.list.search') }).fill(email);
  await staff.getByRole('searchbox', { name: t(nl, 'console.list.search') }).press('Enter');
  await expect(staff).toHaveURL(new RegExp(`\\?q=${encodeURIComponent(email).replace(/[.]/g, '\\.')}$`));
  const row = staff.getByRole('listitem').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(t(nl, 'console.quoteStatus.new'));
  await expect(row).toContainText(t(nl, 'console.source.form'));
  await row.getByRole('link', { name: t(nl, 'console.quotes.openFor').replace('{name}', name) }).click();

  // Every field of the request, in Dutch.
  await expect(staff.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(staff.getByText('Tandartspraktijk Visser')).toBeVisible();
  await expect(staff.getByText('Afspraken inplannen en vragen van patiënten beantwoorden.')).toBeVisible();
  await expect(staff.getByText(t(nl, 'console.quote.fields.noAccount'))).toBeVisible();

  // 3. Turn it into an order: an agent from the catalogue, an agreed amount, euros by default.
  const agentSelect = staff.getByLabel(t(nl, 'console.quote.order.agent'));
  const agentOption = (await agentSelect.locator('option').nth(1).textContent()) ?? '';
  const agentName = agentOption.split(' · ')[0];
  expect(agentName.length).toBeGreaterThan(0);
  await agentSelect.selectOption({ index: 1 });
  await expect(staff.getByLabel(t(nl, 'console.quote.order.currency'))).toHaveValue('EUR');
  await staff.getByLabel(t(nl, 'console.quote.order.amount')).fill('2499,00');
  await staff.getByRole('button', { name: t(nl, 'console.quote.order.submit') }).click();
  await expect(staff.getByText(pattern(nl, 'console.quote.order.createdInvited', { email }))).toBeVisible();
  // The request is won now, and its history says who did it.
  const history = staff.getByRole('region', { name: t(nl, 'console.quote.history.title') });
  await expect(history).toContainText(`${t(nl, 'console.quoteStatus.new')} → ${t(nl, 'console.quoteStatus.won')}`);
  const me = (await (await staff.request.get('/api/me')).json()) as { user: { fullName: string } };
  await expect(history).toContainText(t(nl, 'console.quote.history.by').replace('{name}', me.user.fullName));

  // 4. The invitation arrives in Dutch; the new buyer chooses a password and lands on the Dutch dashboard.
  let invite: SinkMessage | undefined;
  await expect
    .poll(async () => (invite = (await messagesTo(email)).find((m) => m.subject.includes('Belwise-account'))) !== undefined, {
      timeout: 15_000,
    })
    .toBe(true);
  if (!invite) throw new Error('no invitation');
  expect(invite.subject).toBe('Uw Belwise-account staat klaar: kies een wachtwoord');
  const link = linkIn(invite, 'invite');
  expect(link).toMatch(/^\/nl\/auth#invite=/);

  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  await gotoHydrated(buyer, link);
  await expect(buyer.getByRole('heading', { name: t(nl, 'auth.invite.title') })).toBeVisible();
  await buyer.getByLabel(t(nl, 'auth.fields.newPassword')).fill('een sterk wachtwoord');
  await buyer.getByRole('button', { name: t(nl, 'auth.invite.submit') }).click();
  await expect(buyer).toHaveURL(/\/nl\/dashboard$/);
  await buyer.getByRole('tab', { name: t(nl, 'dashboard.tabs.history') }).click();
  const order = buyer.getByRole('listitem').filter({ has: buyer.getByRole('heading', { name: /Bestelling #/ }) });
  await expect(order).toHaveCount(1);
  await expect(order).toContainText('€\u00a02.499,00');
  await expect(order).toContainText(agentName);
  await expect(order).toContainText(t(nl, 'dashboard.status.pending'));

  // The buyer accepts the processor agreement: without it the agent cannot go live (issue 23).
  await acceptAgreement(buyer.request);

  // 5. Staff open the order from the orders table and mark it completed on its own page; the buyer hears it
  //    in Dutch and sees the agent as active.
  await gotoHydrated(staff, `/nl/console/orders?q=${encodeURIComponent(email)}`);
  const orderRow = staff
    .getByRole('table', { name: t(nl, 'console.orders.table') })
    .getByRole('row')
    .filter({ hasText: email });
  await expect(orderRow).toHaveCount(1);
  await expect(orderRow).toContainText('€\u00a02.499,00');
  // The agent by its Dutch name, as on the Dutch form it was chosen from (and after a save, too).
  await expect(orderRow).toContainText(agentName);
  await expect(orderRow).toContainText(t(nl, 'console.orderStatus.pending'));
  await orderRow.getByRole('link', { name: /^#/ }).click();
  await expect(staff).toHaveURL(/\/nl\/console\/orders\/[0-9a-f-]{36}$/);
  const orderPage = staff.getByRole('main');
  await expect(orderPage).toContainText('€\u00a02.499,00');
  await expect(orderPage).toContainText(agentName);
  const statusPanel = staff.getByRole('region', { name: t(nl, 'console.order.status'), exact: true });
  await statusPanel.getByRole('combobox').selectOption('completed');
  await statusPanel.getByRole('button', { name: pattern(nl, 'console.orders.saveFor') }).click();
  await expect(statusPanel.getByText(t(nl, 'console.orders.saved'))).toBeVisible();
  await expect(staff.locator('h1 ~ .badge', { hasText: t(nl, 'console.orderStatus.completed') })).toBeVisible();
  await expect(orderPage).toContainText(agentName);

  await expect
    .poll(async () => (await messagesTo(email)).some((m) => m.subject === `Uw agent is live: ${agentName}`), { timeout: 15_000 })
    .toBe(true);
  await buyer.reload();
  await expect(buyer.getByRole('tab', { name: t(nl, 'dashboard.tabs.history') })).toHaveAttribute('aria-selected', 'true');
  await expect(order).toContainText(t(nl, 'dashboard.status.completed'));
  await buyer.getByRole('tab', { name: t(nl, 'dashboard.tabs.agents') }).click();
  await expect(
    buyer.getByRole('tabpanel', { name: t(nl, 'dashboard.tabs.agents') }).getByRole('heading', { name: agentName }),
  ).toBeVisible();

  await staffContext.close();
  await buyerContext.close();
});

test('a buyer opening the console lands on their dashboard, in the page language; a visitor goes to sign in', async ({ page }) => {
  await gotoHydrated(page, '/nl/console/orders');
  await expect(page).toHaveURL(/\/nl\/auth\?next=%2Fnl%2Fconsole%2Forders$/);
  await signInByApi(page, DEMO);
  // The menu a buyer sees has no way into the console (the dashboard's own menu has the profile page).
  await gotoHydrated(page, '/console');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('button', { name: new RegExp(t('en', 'header.accountMenu')) }).click();
  await expect(page.getByRole('menuitem', { name: t('en', 'header.profile') })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: t('en', 'header.console') })).toHaveCount(0);
  await gotoHydrated(page, '/nl/console/agents');
  await expect(page).toHaveURL(/\/nl\/dashboard$/);
  // The API says the same.
  expect((await page.request.get('/api/console/quotes')).status()).toBe(403);
});

test('staff find the console in the account menu', async ({ page }) => {
  await signInStaff(page);
  await gotoHydrated(page, '/nl');
  await page.getByRole('button', { name: new RegExp(t('nl', 'header.accountMenu')) }).click();
  await page.getByRole('menuitem', { name: t('nl', 'header.console') }).click();
  await expect(page).toHaveURL(/\/nl\/console$/);
  await expect(page.getByRole('heading', { level: 1, name: t('nl', 'console.quotes.title') })).toBeVisible();
});

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
]) {
  for (const lang of ['en', 'nl'] as const) {
    test(`axe finds no violations on the console screens (${lang}, ${viewport.width} px)`, async ({ page }) => {
      test.setTimeout(60_000);
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await signInStaff(page);
      const { items } = (await (await page.request.get('/api/console/quotes')).json()) as { items: { id: string }[] };
      const screens: [string, string][] = [
        ['/console', 'console.quotes.title'],
        [`/console/quotes/${items[0].id}`, 'console.quote.history.title'],
        ['/console/orders', 'console.orders.title'],
        // (an order's and a buyer's page: console-orders-workspace.spec.ts)
        ['/console/agents', 'console.agents.title'],
        ['/console/buyers', 'console.buyers.title'],
      ];
      for (const [path, heading] of screens) {
        await gotoHydrated(page, localized(lang, path));
        await expect(page.getByRole('heading', { name: t(lang, heading) })).toBeVisible();
        await expectAxeClean(page, path);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
      }
      // The catalogue's edit form, opened from the keyboard.
      await gotoHydrated(page, localized(lang, '/console/agents'));
      const edit = page.getByRole('button', { name: pattern(lang, 'console.agents.editFor') }).first();
      await edit.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { name: pattern(lang, 'console.agents.editTitle') })).toBeFocused();
      await expectAxeClean(page, 'agent form');
    });
  }
}
