import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { fakeVapiURL, siteURL } from '../playwright.config';
import { t } from './dictionaries';
import { messagesTo, type SinkMessage } from './mail';
import {
  DEMO_BUYER,
  expectAxeClean,
  gotoHydrated,
  holdDemoBuyerLanguage,
  type Lang,
  localized,
  signInBuyer,
  signInStaff,
  snap,
} from './support';

// Issue 23 §1–§2 in both languages: the demo buyer's greeting without the AI disclosure is refused at its
// field, with the suggested sentence to insert; with it, the change waits for approval; staff approve it on
// /console/changes (the diff shows the new greeting); the fake Vapi receives the assistant's PATCH with it;
// and the buyer's page says "Live". Each language works on its own linked demo order. The buyer is emailed
// at each decision (through the SMTP sink), in their email language: the approval in the test's language,
// the rejection (in the screenshots' test) in English.

test.describe.configure({ mode: 'serial' });

interface DemoOrder {
  id: string;
  number: string;
  assistantId: string;
  agent: { name: string; nameNl: string };
}
let orders: DemoOrder[] = [];

async function axe(page: Page, what: string) {
  await page.waitForTimeout(300);
  await expectAxeClean(page, what, { include: 'main', allRules: true });
}

/** The PATCH bodies the fake Vapi received for an assistant. */
async function patches(request: APIRequestContext, assistantId: string): Promise<Record<string, unknown>[]> {
  const res = await request.get(`${fakeVapiURL}/requests?method=PATCH&path=${encodeURIComponent(`/assistant/${assistantId}`)}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { body: Record<string, unknown> }[]).map((r) => r.body);
}

/** Sets the email language of the buyer signed in on `request`. */
async function setBuyerLocale(request: APIRequestContext, locale: Lang) {
  const profile = (await (await request.get('/api/account/profile')).json()) as { profile: { fullName: string } };
  const res = await request.put('/api/account/profile', { data: { fullName: profile.profile.fullName, locale } });
  expect(res.status(), await res.text()).toBe(200);
}

/** The subjects of the buyer's email about a decision (internal/agentsettings/mails.go), per language. */
const DECISION_SUBJECT = {
  approved: { en: 'Your settings change is approved: ', nl: 'Uw gewijzigde instellingen zijn goedgekeurd: ' },
  rejected: { en: 'Your settings change was not approved: ', nl: 'Uw gewijzigde instellingen zijn niet goedgekeurd: ' },
};

/**
 * The one email to the demo buyer about a decision on `order`'s settings that arrived since `since` (ms), with
 * the subject in `lang` naming the agent and the settings page's link in that language.
 */
async function decisionMail(order: DemoOrder, outcome: 'approved' | 'rejected', lang: Lang, since: number): Promise<SinkMessage> {
  const subject = DECISION_SUBJECT[outcome][lang] + (lang === 'nl' ? order.agent.nameNl : order.agent.name);
  const link = siteURL + localized(lang, `/dashboard/agents/${order.id}/settings`);
  // The link on a line of its own (the page in that language, not one under it).
  const about = (m: SinkMessage) => Date.parse(m.receivedAt) >= since && m.text.split(/\r?\n/).includes(link);
  let found: SinkMessage[] = [];
  await expect
    .poll(async () => (found = (await messagesTo(DEMO_BUYER.email)).filter(about)).length, {
      timeout: 20_000,
      message: `the ${outcome} email about order ${order.number}`,
    })
    .toBeGreaterThanOrEqual(1);
  expect(found.map((m) => m.subject)).toEqual([subject]);
  expect(found[0].html).toContain(`${link}"`);
  return found[0];
}

async function staffPage(browser: Browser, width: number) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await signInStaff(page);
  return page;
}

test.beforeAll(async ({ request }) => {
  const headers = { Cookie: await signInStaff(request) };
  const res = await request.get('/api/console/orders?q=demo%40example.com&limit=100', { headers });
  expect(res.status()).toBe(200);
  const { items } = (await res.json()) as { items: (Omit<DemoOrder, 'assistantId'> & { assistantId: string | null })[] };
  orders = items
    .filter((o): o is DemoOrder => !!o.assistantId)
    .sort((a, b) => a.number.localeCompare(b.number))
    .slice(0, 2);
  expect(orders, 'two linked demo orders').toHaveLength(2);
});

const GREETING = {
  en: { bad: 'Good morning, De Vries Installatietechniek, how can I help you?', other: 'nl' as const },
  nl: { bad: 'Goedemorgen, De Vries Installatietechniek, waarmee kan ik u helpen?', other: 'en' as const },
};
const VALID = {
  en: 'You are speaking with the digital assistant of De Vries. This call is recorded. How can I help you?',
  nl: 'U spreekt met de digitale assistent van De Vries. Dit gesprek wordt opgenomen. Waarmee kan ik u helpen?',
};

for (const [i, lang] of (['en', 'nl'] as Lang[]).entries()) {
  test(`a greeting without the AI disclosure is refused at its field; with it, staff approve, Vapi gets the PATCH and the page says live (${lang})`, async ({
    browser,
    page,
  }) => {
    // Four minutes for the test, and up to four more to wait for the demo buyer's email language.
    test.setTimeout(240_000 + 240_000);
    const order = orders[i];
    const { bad, other } = GREETING[lang];
    const stamp = `${lang}-${Date.now().toString(36)}`;

    // The buyer reaches the settings from the agent's page.
    await signInBuyer(page, lang);
    await gotoHydrated(page, localized(lang, `/dashboard/agents/${order.id}`));
    await page.getByRole('link', { name: new RegExp(`^${t(lang, 'settings.link')}`) }).click();
    await expect(page).toHaveURL(new RegExp(`${localized(lang, `/dashboard/agents/${order.id}/settings`)}$`));
    await expect(page.getByRole('heading', { level: 1, name: t(lang, 'settings.title') })).toBeVisible();
    await axe(page, `the settings page (${lang})`);

    const own = page.locator(`#settings-greeting-${lang}`);
    await page.locator(`#settings-greeting-${other}`).fill(VALID[other]);
    await own.fill(`${bad} ${stamp}`);
    await page.getByRole('button', { name: t(lang, 'settings.submit') }).click();

    // Refused at the field, with the reason and a sentence to insert; nothing typed is lost.
    await expect(own).toHaveAttribute('aria-invalid', 'true');
    await expect(own).toBeFocused();
    await expect(page.locator(`#settings-greeting-${lang}-error`)).toHaveText(t(lang, 'settings.errors.aiDisclosure'));
    await expect(page.locator(`#settings-greeting-${other}`)).toHaveValue(VALID[other]);
    await expect(page.getByText(t(lang, 'settings.sent'))).toHaveCount(0);
    await axe(page, `the refused greeting (${lang})`);
    const insert = page.getByRole('button', { name: t(lang, lang === 'en' ? 'settings.greeting.insertEn' : 'settings.greeting.insertNl') });
    await insert.click();
    await expect(own).not.toHaveAttribute('aria-invalid');
    expect(await own.inputValue()).toMatch(
      lang === 'en' ? /^You are speaking with the digital assistant/ : /^U spreekt met de digitale assistent/,
    );
    await page.getByRole('button', { name: t(lang, 'settings.submit') }).click();

    // The agent records calls (the default), so the greeting must also say so: refused again, and fixed the same way.
    await expect(page.locator(`#settings-greeting-${lang}-error`)).toHaveText(t(lang, 'settings.errors.recordingNotice'));
    await insert.click();
    const greeting = await own.inputValue();
    expect(greeting).toContain(stamp);
    expect(greeting).toMatch(lang === 'en' ? /This call is recorded\.$/ : /Dit gesprek wordt opgenomen\.$/);
    await page.getByRole('button', { name: t(lang, 'settings.submit') }).click();
    await expect(page.getByText(t(lang, 'settings.sent'))).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: t(lang, 'settings.status.pending') })).toBeVisible();

    // Staff see the change with its diff on /console/changes, and approve it.
    const before = (await patches(page.request, order.assistantId)).length;
    const staff = await staffPage(browser, 1280);
    await gotoHydrated(staff, localized(lang, '/console/changes'));
    const nav = staff.getByRole('navigation', { name: t(lang, 'workspace.sectionsLabel') });
    await expect(nav.getByRole('link', { name: t(lang, 'workspace.sections.changes') })).toHaveAttribute('aria-current', 'page');
    const card = staff.getByRole('article').filter({ hasText: stamp });
    await expect(card).toHaveCount(1);
    const row = card.getByRole('row', { name: new RegExp(t(lang, lang === 'en' ? 'settings.greeting.en' : 'settings.greeting.nl')) });
    await expect(row.getByRole('cell').last()).toContainText(stamp);
    await axe(staff, `/console/changes (${lang})`);

    // The buyer is emailed about the approval in their email language, this test's for the time being.
    const release = await holdDemoBuyerLanguage();
    try {
      await setBuyerLocale(page.request, lang);
      const since = Date.now() - 1_000;
      await card.getByRole('button', { name: t(lang, 'settings.changes.approve') }).click();
      const [head, tail] = t(lang, 'settings.changes.approved').split('{agent}');
      await expect(staff.getByRole('status').filter({ hasText: head }).filter({ hasText: tail })).toBeVisible();
      await expect(card).toHaveCount(0);
      await decisionMail(order, 'approved', lang, since);
    } finally {
      if (lang !== 'en') await setBuyerLocale(page.request, 'en'); // as the seed has it
      release();
    }

    // The fake Vapi received the assistant's PATCH with the new greeting, and the agency's prompt is kept.
    let body: Record<string, unknown> | undefined;
    await expect
      .poll(
        async () => {
          const list = await patches(page.request, order.assistantId);
          body = list.slice(before).find((b) => JSON.stringify(b).includes(stamp));
          return body !== undefined;
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    expect(String(body!.firstMessage)).toContain(greeting);
    // The questions and answers go into a section of the prompt; the agency's own prompt stays.
    expect(JSON.stringify(body!.model)).toContain('You are the agency prompt.');

    // The buyer's page says live, and the history names the new version.
    await expect
      .poll(
        async () => {
          await gotoHydrated(page, localized(lang, `/dashboard/agents/${order.id}/settings`));
          await expect(page.getByRole('heading', { level: 1, name: t(lang, 'settings.title') })).toBeVisible();
          return page.locator('[data-status]').getAttribute('data-status');
        },
        { timeout: 20_000 },
      )
      .toBe('live');
    await expect(page.getByRole('status').filter({ hasText: t(lang, 'settings.status.live') })).toBeVisible();
    await expect(page.locator(`#settings-greeting-${lang}`)).toHaveValue(greeting);
    await staff.context().close();
  });
}

test('screenshots of the settings page and /console/changes at 390 and 1280 px, en and nl (look at them: they check nothing)', async ({
  browser,
  page,
}) => {
  // Five minutes for the test, and up to four more to wait for the demo buyer's email language.
  test.setTimeout(300_000 + 240_000);
  const order = orders[0];
  await signInBuyer(page);
  // A change waiting, so /console/changes has something to show.
  await gotoHydrated(page, `/dashboard/agents/${order.id}/settings`);
  await page.locator('#settings-greeting-en').fill(`${VALID.en} Screenshot.`);
  await page.getByRole('button', { name: t('en', 'settings.submit') }).click();
  await expect(page.getByText(t('en', 'settings.sent'))).toBeVisible();
  for (const lang of ['en', 'nl'] as Lang[]) {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await gotoHydrated(page, localized(lang, `/dashboard/agents/${order.id}/settings`));
      await expect(page.getByRole('heading', { level: 1, name: t(lang, 'settings.title') })).toBeVisible();
      await snap(page, `test-results/agent-settings-${lang}-${width}.png`, { fullPage: true });
      const staff = await staffPage(browser, width);
      await gotoHydrated(staff, localized(lang, '/console/changes'));
      await expect(staff.getByRole('article').first()).toBeVisible();
      await snap(staff, `test-results/console-changes-${lang}-${width}.png`, { fullPage: true });
      await staff.context().close();
    }
  }

  // Staff reject it with a note; the buyer reads the note, and the page is live again.
  const staff = await staffPage(browser, 1280);
  await gotoHydrated(staff, '/console/changes');
  const card = staff.getByRole('article').filter({ hasText: 'Screenshot.' });
  await card.getByRole('button', { name: t('en', 'settings.changes.reject') }).click();
  await expect(card.getByText(t('en', 'settings.changes.noteRequired'))).toBeVisible();
  await card.getByLabel(t('en', 'settings.changes.note')).fill('Please keep the greeting short.');
  // The buyer is emailed about the rejection in their email language (English, as the seed has it), with the note.
  const release = await holdDemoBuyerLanguage();
  try {
    await setBuyerLocale(page.request, 'en');
    const since = Date.now() - 1_000;
    await card.getByRole('button', { name: t('en', 'settings.changes.reject') }).click();
    await expect(card).toHaveCount(0);
    const mail = await decisionMail(order, 'rejected', 'en', since);
    expect(mail.text).toContain('> Please keep the greeting short.');
  } finally {
    release();
  }
  await staff.context().close();
  await gotoHydrated(page, `/dashboard/agents/${order.id}/settings`);
  await expect(page.getByText('Please keep the greeting short.')).toBeVisible();
  await expect(page.locator('[data-status]')).toHaveAttribute('data-status', 'live');
});
