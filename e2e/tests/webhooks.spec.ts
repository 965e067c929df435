import { expect, test, type Page } from '@playwright/test';
import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { t } from './dictionaries';
import { expectAxeClean, gotoHydrated, type Lang, localized, postReport, signInBuyer, snap } from './support';

// Issue 21 §3: a buyer adds a webhook endpoint on /dashboard/integrations; a reported call reaches it as a
// Standard Webhooks delivery the test verifies with the secret shown once; the page lists the delivery.
// The receiver listens on 127.0.0.1, which the site allows only because the suite runs it with
// WEBHOOK_ALLOW_PRIVATE=true (playwright.config.ts).
const APPOINTMENT_SETTER = 'a0000000-0000-4000-8000-000000000001';

interface Received {
  headers: Record<string, string>;
  body: string;
}

let server: Server;
let hookURL = '';
const received: Received[] = [];

test.beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received.push({ headers: req.headers as Record<string, string>, body });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  hookURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
});

test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

/** Verifies a delivery as Standard Webhooks' reference does: HMAC-SHA256 over "{id}.{timestamp}.{body}". */
function verify(secret: string, r: Received): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const id = r.headers['webhook-id'];
  const ts = r.headers['webhook-timestamp'];
  const expected = 'v1,' + createHmac('sha256', key).update(`${id}.${ts}.${r.body}`).digest('base64');
  return r.headers['webhook-signature'].split(' ').includes(expected);
}

function report(callId: string, summary: string) {
  const ended = new Date(Date.now() - 30_000);
  const started = new Date(ended.getTime() - 75_000);
  return {
    message: {
      type: 'end-of-call-report',
      endedReason: 'customer-ended-call',
      durationSeconds: 75,
      startedAt: started.toISOString(),
      endedAt: ended.toISOString(),
      call: {
        id: callId,
        type: 'inboundPhoneCall',
        status: 'ended',
        assistantId: APPOINTMENT_SETTER,
        customer: { number: '+31612345678' },
      },
      customer: { number: '+31612345678' },
      analysis: { summary, successEvaluation: true },
    },
  };
}

async function axe(page: Page) {
  await page.waitForTimeout(300);
  await expectAxeClean(page, '', { allRules: true });
}

test.describe.configure({ mode: 'serial' });

let endpointId = '';

test('a reported call reaches the buyer’s endpoint as a verifiable call.ended, and the page lists the delivery', async ({ page }) => {
  test.setTimeout(90_000);
  await signInBuyer(page);
  await gotoHydrated(page, '/dashboard/integrations');
  await page.getByLabel(t('en', 'integrations.add.url')).fill(hookURL);
  await page.getByRole('button', { name: t('en', 'integrations.add.submit') }).click();
  const secret = (await page.getByTestId('webhook-secret').textContent()) ?? '';
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{40,}=*$/);
  await snap(page, 'test-results/webhooks-secret-en-1280.png', { fullPage: true });
  const list = (await (await page.request.get('/api/integrations/webhooks')).json()) as { endpoints: { id: string; url: string }[] };
  endpointId = list.endpoints.find((e) => e.url === hookURL)!.id;
  // The list never shows the secret again.
  expect(JSON.stringify(list)).not.toContain(secret);

  const callId = randomUUID();
  const summary = `The caller wants a callback about a crown (e2e ${callId.slice(0, 8)}).`;
  await postReport(page.request, report(callId, summary));
  await postReport(page.request, report(callId, summary)); // Vapi retried: nothing new is sent

  const mine = () => received.filter((r) => r.body.includes(summary));
  await expect.poll(() => mine().length, { timeout: 30_000 }).toBe(1);
  const delivery = mine()[0];
  expect(verify(secret, delivery)).toBe(true);
  expect(delivery.headers['webhook-id']).toMatch(/^msg_/);
  expect(Math.abs(Date.now() / 1000 - Number(delivery.headers['webhook-timestamp']))).toBeLessThan(300);
  const body = JSON.parse(delivery.body) as {
    type: string;
    data: { call: { summary: string; outcome: string; durationSeconds: number; url: string }; caller: { number: string } };
  };
  expect(body.type).toBe('call.ended');
  expect(body.data.call).toMatchObject({ summary, outcome: 'answered', durationSeconds: 75 });
  expect(body.data.caller.number).toBe('+31612345678');
  expect(body.data.call.url).toMatch(/\/dashboard\/agents\/[0-9a-f-]+\/calls\/\d+$/);
  // A tampered body does not verify.
  expect(verify(secret, { ...delivery, body: delivery.body.replace('answered', 'missed') })).toBe(false);
  await page.waitForTimeout(1000);
  expect(mine()).toHaveLength(1);

  // The page shows the delivery.
  await page.getByRole('button', { name: t('en', 'integrations.secret.done') }).click();
  await page.getByRole('button', { name: t('en', 'integrations.deliveries.show') }).click();
  const rows = page.getByTestId('webhook-delivery');
  await expect(rows.first()).toContainText('call.ended');
  await expect(rows.first()).toContainText('200');
  await snap(page, 'test-results/webhooks-deliveries-en-1280.png', { fullPage: true });
});

test('an endpoint URL that is not http(s) is refused with the field named', async ({ page }) => {
  // The e2e site runs with WEBHOOK_ALLOW_PRIVATE, so it takes loopback (the SSRF refusals are tested in Go).
  await signInBuyer(page);
  const res = await page.request.post('/api/integrations/webhooks', { data: { url: 'ftp://127.0.0.1/hook', events: ['call.ended'] } });
  expect(res.status()).toBe(400);
  expect(await res.json()).toMatchObject({ error: { code: 'invalid_webhook_url', field: 'url' } });
});

for (const lang of ['en', 'nl'] as Lang[]) {
  for (const width of [390, 1280]) {
    test(`axe finds no violations on the integrations page with its deliveries (${lang}, ${width} px)`, async ({ browser }) => {
      test.setTimeout(60_000);
      const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 800 } });
      const page = await context.newPage();
      await signInBuyer(page, lang);
      await gotoHydrated(page, localized(lang, '/dashboard/integrations'));
      await expect(page.getByRole('heading', { level: 2, name: t(lang, 'integrations.list.title') })).toBeVisible();
      await axe(page);
      await page
        .getByRole('button', { name: t(lang, 'integrations.deliveries.show') })
        .first()
        .click();
      await expect(page.getByTestId('webhook-delivery').first()).toBeVisible();
      await axe(page);
      await snap(page, `test-results/webhooks-${lang}-${width}.png`, { fullPage: true });
      await context.close();
    });
  }
}

test('the buyer deletes the endpoint after confirming', async ({ page }) => {
  test.skip(!endpointId, 'no endpoint was added');
  await signInBuyer(page);
  await gotoHydrated(page, '/dashboard/integrations');
  page.once('dialog', (d) => void d.accept());
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: hookURL }) });
  await item.getByRole('button', { name: t('en', 'integrations.list.delete') }).click();
  await expect(page.getByText(t('en', 'integrations.list.deleted'))).toBeVisible();
  const list = (await (await page.request.get('/api/integrations/webhooks')).json()) as { endpoints: { id: string }[] };
  expect(list.endpoints.map((e) => e.id)).not.toContain(endpointId);
});
