import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { company } from '../playwright.config';
import { t } from './dictionaries';
import { messagesTo, type SinkMessage } from './mail';
import { DEMO_BUYER, expectAxeClean, gotoHydrated, holdDemoBuyerLanguage, type Lang, localized, signInBuyer, signInStaff } from './support';

// Issue 22, end to end in both languages: staff issue the demo buyer's invoice for an ended month on
// /console/billing (after its confirmation), the buyer finds it on /dashboard/invoices and downloads its
// PDF, whose text (pdftotext) holds the number, both parties with their KvK and VAT ids, the lines, the
// VAT and the total in the invoice's language; and the email with the PDF and the UBL e-invoice reaches
// the company's invoice address. The English test bills last month, the Dutch one the month before, so
// they never meet; an invoice left standing by an earlier run on the same data dir is credited in full
// first, so the spec can run again. The invoice's language is the buyer's email language, which each
// test sets for itself (and the suite puts back): hence serial.

/** The demo seed's company (internal/demo/seed_company.go). Its street is not checked: company.spec edits it meanwhile. */
const DEMO_COMPANY = {
  name: 'De Vries Installatietechniek B.V.',
  kvk: '12345678',
  vatId: 'NL812345678B01',
  invoiceEmail: 'administratie@devries.example',
};

/** The PDF's own words (internal/invoicedoc), per language: what says the document is in the buyer's language. */
const PDF_WORDS: Record<Lang, { mine: string[]; theirs: string[] }> = {
  en: { mine: ['Invoice number', 'Due date', 'Subtotal excl. VAT', 'Total', 'Payment term 14 days'], theirs: ['Factuurnummer', 'Totaal'] },
  nl: {
    mine: ['Factuurnummer', 'Vervaldatum', 'Subtotaal excl. btw', 'Totaal', 'Betaaltermijn 14 dagen'],
    theirs: ['Invoice number', 'Total '],
  },
};
const LOCALES: Record<Lang, string> = { en: 'en-US', nl: 'nl-NL' };

interface Line {
  description: string;
  orderNumber: string;
  netCents: number;
  vatCents: number;
}
interface Invoice {
  id: string;
  number: string;
  period: string;
  dueOn: string;
  status: string;
  totalCents: number;
  vatCents: number;
  subtotalCents: number;
  locale: Lang;
  lines: Line[];
  seller: { name: string; kvk: string; vatId: string; iban: string };
  buyer: { name: string; kvk: string; vatId: string };
}
interface Statement {
  buyer: { id: string };
  company: { legalName: string } | null;
  invoice: { id: string; number: string } | null;
}

test.describe.configure({ mode: 'serial' });

/** A dictionary string with its {placeholders} filled in. */
function fill(lang: Lang, key: string, vars: Record<string, string>): string {
  return t(lang, key).replace(/\{(\w+)\}/g, (m, name: string) => vars[name] ?? m);
}

/** A dictionary template as a pattern: {placeholders} match anything (and `capture` is a group). */
function pattern(lang: Lang, key: string, capture: string): RegExp {
  const parts = t(lang, key).split(/(\{\w+\})/);
  const source = parts
    .map((p) => (p === `{${capture}}` ? '(.+?)' : /^\{\w+\}$/.test(p) ? '.+?' : p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`);
}

/** The month `back` months before the current one in Amsterdam, as YYYY-MM. */
function monthBefore(back: number): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam', year: 'numeric', month: '2-digit' }).formatToParts(
    new Date(),
  );
  const year = Number(parts.find((p) => p.type === 'year')!.value);
  const month = Number(parts.find((p) => p.type === 'month')!.value);
  const at = new Date(Date.UTC(year, month - 1 - back, 15));
  return `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
}

const monthName = (period: string, lang: Lang) =>
  new Intl.DateTimeFormat(LOCALES[lang], { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${period}-01T12:00:00Z`));

/** Money as the app and the PDF write it; no-break spaces as plain ones (pdftotext's text is compared the same way). */
const money = (cents: number, lang: Lang) =>
  new Intl.NumberFormat(LOCALES[lang], { style: 'currency', currency: 'EUR' }).format(cents / 100).replace(/\u00a0/g, ' ');

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The demo buyer's email language, which the invoices issued to them are written in. */
async function setBuyerLocale(request: APIRequestContext, locale: Lang) {
  const profile = (await (await request.get('/api/account/profile')).json()) as { profile: { fullName: string } };
  const res = await request.put('/api/account/profile', { data: { fullName: profile.profile.fullName, locale } });
  expect(res.status(), await res.text()).toBe(200);
}

// Each test switches the demo buyer's email language: it holds it (alerts.spec and reports.spec read emails in it).
let release: (() => void) | undefined;
test.beforeEach(async ({}, testInfo) => {
  // Two minutes for the test, and up to four to wait for the language.
  testInfo.setTimeout(120_000 + 240_000);
  release = await holdDemoBuyerLanguage();
});

test.afterEach(async ({ browser }) => {
  try {
    // The demo buyer writes in English again, as the seed has it.
    const context = await browser.newContext();
    const res = await context.request.post('/api/auth/sign-in', { data: DEMO_BUYER });
    expect(res.status()).toBe(200);
    await setBuyerLocale(context.request, 'en');
    await context.close();
  } finally {
    release?.();
    release = undefined;
  }
});

/**
 * The demo company's statement for `period`. An invoice an earlier run left standing is credited in full
 * first (as staff would correct one), so the month can be invoiced again.
 */
async function demoStatement(staff: APIRequestContext, period: string): Promise<Statement> {
  const read = async () => {
    const res = await staff.get(`/api/console/billing?period=${period}`);
    expect(res.status(), await res.text()).toBe(200);
    const overview = (await res.json()) as { closed: boolean; missing: string[]; statements: Statement[] };
    expect(overview.closed, `${period} has ended`).toBe(true);
    expect(overview.missing, 'the agency’s COMPANY_* details are all set').toEqual([]);
    const found = overview.statements.find((s) => s.company?.legalName === DEMO_COMPANY.name);
    expect(found, `the demo company has a statement for ${period}`).toBeTruthy();
    return found!;
  };
  const statement = await read();
  if (!statement.invoice) return statement;
  const credit = await staff.post(`/api/console/invoices/${statement.invoice.id}/credit-note`, {
    data: { reason: 'End-to-end run again' },
  });
  expect(credit.status(), await credit.text()).toBe(201);
  const again = await read();
  expect(again.invoice).toBeNull();
  return again;
}

/** The message about invoice `number` that reached the company's invoice address. */
async function invoiceMail(number: string): Promise<SinkMessage> {
  let found: SinkMessage | undefined;
  await expect
    .poll(async () => (found = (await messagesTo(DEMO_COMPANY.invoiceEmail)).find((m) => m.subject.includes(number))) !== undefined, {
      timeout: 20_000,
      message: `the email of invoice ${number}`,
    })
    .toBe(true);
  return found!;
}

for (const [lang, back] of [
  ['en', 1],
  ['nl', 2],
] as [Lang, number][]) {
  test(`staff issue the demo buyer's invoice, the buyer downloads its PDF, and the email carries the PDF and UBL (${lang})`, async ({
    browser,
  }) => {
    const period = monthBefore(back);
    const month = monthName(period, lang);

    // The buyer signs in and writes in this test's language, so the invoice will be in it.
    const buyerContext = await browser.newContext();
    const buyer = await buyerContext.newPage();
    await signInBuyer(buyer, lang);
    await setBuyerLocale(buyer.request, lang);

    // Staff (password and code) open the month on /console/billing: last month is the default; the month
    // before is chosen with the month picker.
    const staffContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const staff = await staffContext.newPage();
    await signInStaff(staff);
    await demoStatement(staff.request, period);
    await gotoHydrated(staff, localized(lang, '/console/billing'));
    await expect(staff.getByRole('heading', { level: 1, name: t(lang, 'billing.console.title') })).toBeVisible();
    if (back !== 1) {
      await staff.getByLabel(t(lang, 'billing.console.picker.label')).selectOption(period);
      await staff.getByRole('button', { name: t(lang, 'billing.console.picker.show') }).click();
      await expect(staff).toHaveURL(new RegExp(`\\?period=${period}$`));
    }
    await expect(staff.getByRole('heading', { level: 2, name: fill(lang, 'billing.console.statements.title', { month }) })).toBeVisible();
    const card = staff.getByRole('article', { name: DEMO_COMPANY.name });
    await expect(card).toContainText(`${DEMO_COMPANY.vatId}`);

    // Nothing is issued before the confirmation, which says the number is final.
    await card.getByRole('button', { name: fill(lang, 'billing.console.statements.issueFor', { name: DEMO_COMPANY.name, month }) }).click();
    const question = card.getByRole('group', { name: fill(lang, 'billing.console.confirm.title', { name: DEMO_COMPANY.name, month }) });
    await expect(question).toBeVisible();
    await expect(question.getByRole('heading')).toBeFocused();
    await expect(question).toContainText(DEMO_COMPANY.invoiceEmail);
    await question.getByRole('button', { name: t(lang, 'billing.console.confirm.yes') }).click();
    const issued = card.getByText(pattern(lang, 'billing.console.issued', 'number'));
    await expect(issued).toBeVisible({ timeout: 15_000 });
    const number = pattern(lang, 'billing.console.issued', 'number').exec((await issued.textContent()) ?? '')![1];
    expect(number).toMatch(/^\d{4}-\d{4}$/);
    await expect(card.getByRole('button', { name: t(lang, 'billing.console.statements.issue') })).toHaveCount(0);
    // The issued invoices list has it, open.
    const list = staff.getByRole('table', { name: t(lang, 'billing.console.invoices.table') });
    const row = list.getByRole('row').filter({ hasText: number });
    await expect(row.first()).toContainText(t(lang, 'billing.status.open'));
    await expectAxeClean(staff, '', { allRules: true });

    // What was issued, as the API has it: the PDF is checked against it.
    const listed = (await (await staff.request.get(`/api/console/invoices?period=${period}`)).json()) as {
      invoices: { id: string; number: string }[];
    };
    const id = listed.invoices.find((i) => i.number === number)!.id;
    const invoice = ((await (await staff.request.get(`/api/console/invoices/${id}`)).json()) as { invoice: Invoice }).invoice;
    expect(invoice.locale).toBe(lang);
    expect(invoice.buyer).toMatchObject({ name: DEMO_COMPANY.name, kvk: DEMO_COMPANY.kvk, vatId: DEMO_COMPANY.vatId });
    expect(invoice.lines.length).toBeGreaterThan(0);

    // The buyer finds it on /dashboard/invoices, with this month's usage so far, and downloads its PDF.
    await buyer
      .getByRole('navigation', { name: t(lang, 'workspace.sectionsLabel') })
      .getByRole('link', { name: t(lang, 'workspace.sections.invoices') })
      .click();
    await expect(buyer).toHaveURL(new RegExp(`${localized(lang, '/dashboard/invoices')}$`));
    await expect(buyer.getByRole('heading', { level: 1, name: t(lang, 'billing.dashboard.title') })).toBeVisible();
    await expect(buyer.getByText(pattern(lang, 'billing.dashboard.usage.text', 'minutes'))).toBeVisible();
    const mine = buyer.getByRole('table', { name: t(lang, 'billing.dashboard.list.caption') });
    await expect(mine.getByRole('row').filter({ hasText: number }).first()).toContainText(money(invoice.totalCents, lang));
    // No payment provider is configured: bank transfer to the agency's account, with the invoice number as the reference.
    const due = new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${invoice.dueOn}T12:00:00Z`),
    );
    await expect(mine).toContainText(
      fill(lang, 'billing.dashboard.pay.transferTo', {
        amount: money(invoice.totalCents, lang),
        number,
        date: due,
        iban: company.COMPANY_IBAN.replace(/(.{4})(?=.)/g, '$1 '),
        name: company.COMPANY_NAME,
      }),
    );
    const [download] = await Promise.all([
      buyer.waitForEvent('download'),
      mine.getByRole('link', { name: fill(lang, 'billing.downloadPdf', { number }) }).click(),
    ]);
    const pdfPath = join(mkdtempSync(join(tmpdir(), 'belwise-invoice-')), download.suggestedFilename());
    await download.saveAs(pdfPath);
    expect(download.suggestedFilename()).toContain(number);
    const text = execFileSync('/usr/bin/pdftotext', [pdfPath, '-'], { encoding: 'utf8' }).replace(/[\u00a0\u202f]/g, ' ');
    const flat = text.replace(/\s+/g, ' ');

    expect(flat).toContain(number);
    // Both parties: the agency (COMPANY_*) and the buyer's company, each with its KvK and VAT id.
    expect(flat).toContain(company.COMPANY_NAME);
    expect(flat).toContain('Keizersgracht 1');
    expect(flat).toContain(`KvK`);
    expect(flat).toContain(company.COMPANY_KVK);
    expect(flat).toContain(company.COMPANY_VAT);
    expect(flat).toContain('NL91 ABNA 0417 1643 00');
    expect(flat).toContain(DEMO_COMPANY.name);
    expect(flat).toContain(DEMO_COMPANY.vatId);
    // The lines: each amount, and each order they bill.
    for (const line of invoice.lines) {
      expect(flat, line.description).toContain(money(line.netCents, lang));
      if (line.orderNumber) expect(flat).toContain(line.orderNumber);
    }
    // The VAT and the total, in the invoice's language.
    expect(flat).toContain(money(invoice.subtotalCents, lang));
    expect(flat).toContain(money(invoice.vatCents, lang));
    expect(flat).toContain(money(invoice.totalCents, lang));
    expect(flat).toContain(lang === 'nl' ? 'Btw 21%' : 'VAT 21%');
    for (const word of PDF_WORDS[lang].mine) expect(flat, word).toContain(word);
    for (const word of PDF_WORDS[lang].theirs) expect(flat, word).not.toContain(word);
    expect(flat).toContain(month);

    // The UBL download is the e-invoice with the same number.
    const xml = await buyer.request.get(`/api/invoices/${id}.xml`);
    expect(xml.status()).toBe(200);
    expect(await xml.text()).toContain(`<cbc:ID>${number}</cbc:ID>`);
    await expectAxeClean(buyer, '', { allRules: true });
    await buyer.setViewportSize({ width: 320, height: 700 });
    await expectNoSidewaysScroll(buyer);

    // The email reached the company's invoice address, in the invoice's language, with both files.
    const mail = await invoiceMail(number);
    expect(mail.subject).toContain(lang === 'nl' ? `Factuur ${number}` : `Invoice ${number}`);
    const pdf = mail.attachments.find((a) => a.contentType === 'application/pdf');
    const ubl = mail.attachments.find((a) => /xml$/.test(a.contentType));
    expect(mail.attachments).toHaveLength(2);
    expect(pdf?.filename).toMatch(new RegExp(`${number}\\.pdf$`));
    expect(ubl?.filename).toMatch(new RegExp(`${number}\\.xml$`));
    expect(Buffer.from(pdf!.base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    const ublText = Buffer.from(ubl!.base64, 'base64').toString('utf8');
    expect(ublText).toContain(`<cbc:ID>${number}</cbc:ID>`);
    expect(ublText).toContain(DEMO_COMPANY.vatId);
    expect(ublText).toContain(company.COMPANY_VAT);

    await staffContext.close();
    await buyerContext.close();
  });
}
