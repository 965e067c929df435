import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The tests run against the real binary (bin/site, built by `make test-e2e`) in Debian's Chromium:
// downloading Playwright's own browser is impossible on these machines.
const port = Number(process.env.E2E_PORT ?? 3111);
export const siteURL = `http://127.0.0.1:${port}`;
// Shared with the test workers (they inherit the runner's environment), so a test can run bin/site's
// commands on the server's database (reports.spec.ts: `site digests send`).
export const dataDir = (process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'site-e2e-')));
// The site sends real email over SMTP to a sink the suite starts (mail-sink.mjs); tests read it back over HTTP.
const smtpPort = port + 14;
export const mailSinkURL = `http://127.0.0.1:${port + 15}`;
// The agency's inbox (QUOTE_INBOX): the quote emails go there, and the site names it when a request fails.
export const quoteInbox = 'offertes@agency.test';
// The shared secret Vapi sends in `x-vapi-secret` to the webhook (VAPI_WEBHOOK_SECRET); the calls tests post
// end-of-call reports with it, as Vapi would.
export const vapiWebhookSecret = 'e2e-webhook-secret-5f1c0d2a9b7e';
// The agency's details: on /contact, and on every invoice (issuing needs name, address, KvK, VAT id and
// IBAN; the billing spec issues invoices). The second instance below sets none of them.
export const company = {
  COMPANY_NAME: 'Belwise Test B.V.',
  COMPANY_ADDRESS: 'Keizersgracht 1, 1015 AA Amsterdam',
  COMPANY_PHONE: '+31 20 123 4567',
  COMPANY_EMAIL: 'hello@agency.test',
  COMPANY_KVK: '12345678',
  COMPANY_VAT: 'NL859123456B01',
  // A valid test IBAN (mod 97), printed on invoices for bank transfers.
  COMPANY_IBAN: 'NL91ABNA0417164300',
};
// A fake of Vapi's REST API (fake-vapi.mjs): the site's server-side calls to Vapi (an approved agent's
// settings, PATCH /assistant/{id}) go there, with a made-up private key; tests read what it received.
export const fakeVapiURL = `http://127.0.0.1:${port + 16}`;
// A second instance configured for Vapi with a made-up public key; the tests block the platform's hosts.
export const vapiSiteURL = `http://127.0.0.1:${port + 1}`;

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  use: {
    baseURL: siteURL,
    launchOptions: { executablePath: '/usr/bin/chromium', args: chromiumArgs },
    trace: 'off',
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: [
    {
      command: 'node mail-sink.mjs',
      url: `${mailSinkURL}/healthz`,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      timeout: 10_000,
      env: { SINK_SMTP_PORT: String(smtpPort), SINK_HTTP_PORT: String(port + 15) },
    },
    {
      command: 'node fake-vapi.mjs',
      url: `${fakeVapiURL}/healthz`,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      timeout: 10_000,
      env: { FAKE_VAPI_PORT: String(port + 16) },
    },
    {
      command: '../bin/site',
      url: `${siteURL}/healthz`,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      timeout: 20_000,
      env: {
        HOST: '127.0.0.1',
        PORT: String(port),
        SITE_URL: siteURL,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        MAIL_FROM: 'Belwise <hello@belwise.example>',
        QUOTE_INBOX: quoteInbox,
        // The agency's details: the contact page shows them, invoices carry them.
        ...company,
        CALL_RETENTION_DAYS: '60',
        // Every test signs in from 127.0.0.1; the limits themselves are tested in Go.
        RATE_LIMIT_SCALE: '50',
        VAPI_WEBHOOK_SECRET: vapiWebhookSecret,
        // Server-side calls to Vapi go to the fake (fake-vapi.mjs), never to the real API.
        VAPI_PRIVATE_KEY: 'e2e-private-key-7d3b9c1a4f',
        VAPI_API_URL: fakeVapiURL,
        // The webhooks test's receiver listens on 127.0.0.1, which the SSRF guard refuses otherwise
        // (development and tests only; see the README).
        WEBHOOK_ALLOW_PRIVATE: 'true',
        // Signs the alerts' unsubscribe links; required with SMTP_URL.
        ALERTS_SECRET: 'e2e0alerts0secret0e2e0alerts0secret0e2e0',
      },
    },
    {
      command: '../bin/site',
      url: `${vapiSiteURL}/healthz`,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      timeout: 20_000,
      env: {
        HOST: '127.0.0.1',
        PORT: String(port + 1),
        SITE_URL: vapiSiteURL,
        DATA_DIR: mkdtempSync(join(tmpdir(), 'site-e2e-vapi-')),
        LOG_LEVEL: 'warn',
        VAPI_PUBLIC_KEY: '00000000-0000-4000-8000-00000000fa4e',
        VAPI_ASSISTANT_ID: '00000000-0000-4000-8000-0000000a5515',
      },
    },
  ],
});
