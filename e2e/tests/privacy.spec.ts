import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { randomInt, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { t } from './dictionaries';
import { linkIn, messagesTo, uniqueEmail, type SinkMessage } from './mail';
import { acceptAgreement, gotoHydrated, localized, newBuyerOrder, patchOrder, postReport, signInBuyer, signInStaff, snap } from './support';

// Issue 23 §3: a buyer answers a caller's requests from the contact page, in both languages: "export
// everything about this number" downloads a ZIP (calls.json and one transcript per call), and "erase this
// caller" asks first, then erases the caller's calls (the contact is gone). The company's retention choice
// saves on /dashboard/company. A fresh buyer and assistant, so nothing else posts calls between these.

test.describe.configure({ mode: 'serial' });

const assistant = randomUUID();
const digits = String(randomInt(1_000_000)).padStart(6, '0');
/** One caller per language (+31 6 3xxxxxxx), and one who stays. */
const NUMBERS = { en: `+31630${digits}`, nl: `+31631${digits}` } as const;
const OTHER = `+32470${digits}`;

let email = '';
let orderId = '';
const buyerState = join(tmpdir(), `privacy-buyer-${process.pid}.json`);
const shots = process.env.SHOTS_DIR ?? join(tmpdir(), 'privacy-shots');
mkdirSync(shots, { recursive: true });

function report(number: string, minutesAgo: number, summary: string) {
  const started = new Date(Date.now() - minutesAgo * 60_000);
  const ended = new Date(started.getTime() + 75_000);
  return {
    message: {
      type: 'end-of-call-report',
      endedReason: 'customer-ended-call',
      durationSeconds: 75,
      startedAt: started.toISOString(),
      endedAt: ended.toISOString(),
      call: { id: randomUUID(), type: 'inboundPhoneCall', assistantId: assistant, customer: { number } },
      compliance: { recordingConsent: { type: 'verbal', grantedAt: started.toISOString() } },
      analysis: { summary },
      artifact: {
        messages: [
          { role: 'bot', message: 'Goedemorgen, u spreekt met de digitale assistent.', secondsFromStart: 0.5 },
          { role: 'user', message: `Ik wil graag een afspraak maken (${summary}).`, secondsFromStart: 3 },
        ],
      },
    },
  };
}

/** The entries of a ZIP by name, read from its central directory (Go's archive/zip: stored or deflated). */
function unzip(buf: Buffer): Map<string, string> {
  const eocd = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(eocd).toBeGreaterThan(0);
  const count = buf.readUInt16LE(eocd + 10);
  let at = buf.readUInt32LE(eocd + 16);
  const out = new Map<string, string>();
  for (let i = 0; i < count; i++) {
    expect(buf.readUInt32LE(at)).toBe(0x02014b50);
    const method = buf.readUInt16LE(at + 10);
    const size = buf.readUInt32LE(at + 20);
    const nameLen = buf.readUInt16LE(at + 28);
    const skip = nameLen + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
    const local = buf.readUInt32LE(at + 42);
    const name = buf.toString('utf8', at + 46, at + 46 + nameLen);
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const data = buf.subarray(start, start + size);
    out.set(name, (method === 8 ? inflateRawSync(data) : data).toString('utf8'));
    at += 46 + skip;
  }
  return out;
}

async function buyerPage(browser: Browser, width = 1280) {
  const context = await browser.newContext({
    storageState: buyerState,
    viewport: { width, height: width < 600 ? 844 : 800 },
    acceptDownloads: true,
  });
  return context.newPage();
}

test('a buyer exports a caller’s ZIP and erases the caller, in English and Dutch', async ({ browser, page }) => {
  test.setTimeout(150_000);
  await signInStaff(page);
  ({ email, orderId } = await newBuyerOrder(page.request, 'privacy', 'Sanne Visser'));
  let invite: SinkMessage | undefined;
  await expect
    .poll(async () => (invite = (await messagesTo(email)).find((m) => m.text.includes('#invite='))) !== undefined, { timeout: 15_000 })
    .toBe(true);
  const context = await browser.newContext();
  const first = await context.newPage();
  await gotoHydrated(first, linkIn(invite!, 'invite'));
  await first.getByLabel(t('en', 'auth.fields.newPassword')).fill('a strong password');
  await first.getByRole('button', { name: t('en', 'auth.invite.submit') }).click();
  await expect(first).toHaveURL(/\/dashboard$/);
  // The buyer accepts the processor agreement first: without it the agent cannot go live (issue 23).
  await acceptAgreement(first.request);
  await context.storageState({ path: buyerState });
  await context.close();

  await patchOrder(page.request, orderId, { status: 'completed' });
  await patchOrder(page.request, orderId, { assistantId: assistant });
  for (const lang of ['en', 'nl'] as const) {
    await postReport(page.request, report(NUMBERS[lang], 40, `${lang} first`));
    await postReport(page.request, report(NUMBERS[lang], 30, `${lang} second`));
  }
  await postReport(page.request, report(OTHER, 20, 'someone else'));

  for (const lang of ['en', 'nl'] as const) {
    const buyer = await buyerPage(browser);
    const number = NUMBERS[lang];
    await gotoHydrated(buyer, localized(lang, `/dashboard/agents/${orderId}/contacts/${encodeURIComponent(number)}`));
    const panel = buyer.getByRole('region', { name: t(lang, 'calls.contact.privacyTitle') });
    await expect(panel).toBeVisible();

    // Export: a ZIP with calls.json and the two transcripts.
    const [download] = await Promise.all([
      buyer.waitForEvent('download'),
      panel.getByRole('button', { name: t(lang, 'calls.contact.export') }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`caller-${number.slice(1)}.zip`);
    const files = unzip(readFileSync((await download.path())!));
    const names = [...files.keys()].sort();
    expect(names).toHaveLength(3);
    expect(names[0]).toBe('calls.json');
    for (const n of names.slice(1)) expect(n).toMatch(/^transcript-\d{4}-\d{2}-\d{2}-\d+\.txt$/);
    const json = JSON.parse(files.get('calls.json')!) as {
      number: string;
      calls: { summary: string; recordingConsent: string; transcriptFile: string; transcript: unknown[] }[];
    };
    expect(json.number).toBe(number);
    expect(json.calls.map((c) => c.summary)).toEqual([`${lang} first`, `${lang} second`]);
    expect(json.calls.every((c) => c.recordingConsent === 'given' && c.transcript.length === 2)).toBe(true);
    expect(files.get('calls.json')).not.toContain(OTHER);
    const transcript = files.get(json.calls[0].transcriptFile)!;
    expect(transcript).toContain(`${lang === 'nl' ? 'Beller' : 'Caller'}: Ik wil graag een afspraak maken (${lang} first).`);
    await expect(buyer.getByText(t(lang, 'calls.contact.exported'))).toBeVisible();

    // Erase: a confirmation that says what happens, then the contacts list without this caller.
    await panel.getByRole('button', { name: t(lang, 'calls.contact.erase') }).click();
    const confirm = buyer.getByRole('group', { name: t(lang, 'calls.contact.eraseTitle') });
    await expect(confirm).toContainText(t(lang, 'calls.contact.eraseText').replace('{count}', '2'));
    for (const width of [390, 1280]) {
      await buyer.setViewportSize({ width, height: width < 600 ? 844 : 800 });
      await snap(buyer, join(shots, `contact-erase-${lang}-${width}.png`), { fullPage: true });
    }
    await confirm.getByRole('button', { name: t(lang, 'calls.contact.eraseConfirm') }).click();
    await expect(buyer).toHaveURL(new RegExp(`/dashboard/agents/${orderId}/contacts$`));
    await expect(buyer.getByText(t(lang, 'calls.contact.erased'))).toBeVisible();
    expect((await buyer.request.get(`/api/orders/${orderId}/contacts/${encodeURIComponent(number)}`)).status()).toBe(404);
    expect((await buyer.request.get(`/api/orders/${orderId}/contacts/${encodeURIComponent(OTHER)}`)).status()).toBe(200);
    await buyer.context().close();
  }

  // The call page says whether the caller consented to the recording, for the buyer and for staff.
  {
    const buyer = await buyerPage(browser);
    const other = (await (await buyer.request.get(`/api/orders/${orderId}/contacts/${encodeURIComponent(OTHER)}?lang=en`)).json()) as {
      calls: { items: { id: string }[] };
    };
    const callId = other.calls.items[0].id;
    for (const lang of ['en', 'nl'] as const) {
      await gotoHydrated(buyer, localized(lang, `/dashboard/agents/${orderId}/calls/${callId}`));
      await expect(buyer.getByText(t(lang, 'calls.call.consent'))).toBeVisible();
      await expect(buyer.getByText(t(lang, 'calls.call.consentGiven'), { exact: true })).toBeVisible();
      await gotoHydrated(page, localized(lang, `/console/calls/${callId}`));
      await expect(page.getByText(t(lang, 'calls.call.consentGiven'), { exact: true })).toBeVisible();
      for (const width of [390, 1280]) {
        await buyer.setViewportSize({ width, height: width < 600 ? 844 : 800 });
        await snap(buyer, join(shots, `call-consent-${lang}-${width}.png`), { fullPage: true });
        await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
        await snap(page, join(shots, `console-call-consent-${lang}-${width}.png`), { fullPage: true });
      }
    }
    await buyer.context().close();
  }

  // Anyone but the buyer (staff too) gets 404.
  expect((await page.request.post(`/api/orders/${orderId}/contacts/${encodeURIComponent(OTHER)}/export`)).status()).toBe(404);
  expect((await page.request.post(`/api/orders/${orderId}/contacts/${encodeURIComponent(OTHER)}/erase`)).status()).toBe(404);
});

test('the company’s retention choice saves, in English and Dutch', async ({ page }) => {
  test.setTimeout(90_000);
  await signInBuyer(page);
  for (const lang of ['en', 'nl'] as const) {
    const choice = lang === 'en' ? 'company.retention.days30' : 'company.retention.none';
    await gotoHydrated(page, localized(lang, '/dashboard/company'));
    const section = page.getByRole('region', { name: t(lang, 'company.retention.title') });
    await expect(section).toContainText(t(lang, 'company.retention.intro'));
    await section.getByRole('radio', { name: new RegExp(`^${t(lang, choice)}`) }).check();
    await section.getByRole('button', { name: t(lang, 'company.retention.save') }).click();
    await expect(section.getByText(t(lang, 'company.retention.saved'))).toBeVisible();
    await page.reload();
    await expect(
      page
        .getByRole('region', { name: t(lang, 'company.retention.title') })
        .getByRole('radio', { name: new RegExp(`^${t(lang, choice)}`) }),
    ).toBeChecked();
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
      await page.getByRole('region', { name: t(lang, 'company.retention.title') }).scrollIntoViewIfNeeded();
      await snap(page, join(shots, `company-retention-${lang}-${width}.png`), { fullPage: true });
    }
  }
  // Put the standard back for the other specs.
  const res = await page.request.put('/api/company/retention', { data: { callRetention: '90' } });
  expect(res.status(), await res.text()).toBe(200);
  for (const lang of ['en', 'nl'] as const) {
    await gotoHydrated(page, localized(lang, '/privacy'));
    await expect(page.getByRole('heading', { name: t(lang, 'privacy.sections.callers.title') })).toBeVisible();
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
      await snap(page, join(shots, `privacy-${lang}-${width}.png`), { fullPage: true });
    }
  }
});
