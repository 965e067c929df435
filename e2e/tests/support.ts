import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Locator, type Page, type ConsoleMessage } from '@playwright/test';
import { createHmac } from 'node:crypto';
import { mkdirSync, readFileSync, rmdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dataDir, siteURL, vapiWebhookSecret } from '../playwright.config';
import { t } from './dictionaries';
import { uniqueEmail } from './mail';

export const languages = ['en', 'nl'] as const;
export type Lang = (typeof languages)[number];

// The spec's public screens (§2). /dashboard is client-only and is tested with the accounts issue.
export const publicScreens = [
  '/',
  '/features',
  '/pricing',
  '/quote',
  '/quote/thanks',
  '/personalized',
  '/contact',
  '/privacy',
  '/subprocessors',
  '/help',
  '/auth',
] as const;
// Pages meant for search engines (in the sitemap, with canonical links).
export const indexedScreens = [
  '/',
  '/features',
  '/pricing',
  '/quote',
  '/personalized',
  '/contact',
  '/privacy',
  '/subprocessors',
  '/help',
] as const;

/** The URL path of a screen in a language: Dutch lives under /nl. */
export function localized(lang: Lang, path: string): string {
  if (lang === 'en') return path;
  return path === '/' ? '/nl' : `/nl${path}`;
}

/**
 * Opens a page and waits until React has hydrated it (the client marks <html data-hydrated>). Pages
 * to read (landing, features, pricing, sub-processors, not found) load the app only when something on
 * them needs it (web/scripts/prerender.mjs): the pointer over the voice button is one; it then leaves.
 */
export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path);
  if ((await page.locator('#root[data-boot="interaction"]').count()) > 0) {
    await page.locator('.voice-talk').hover();
    await page.mouse.move(8, 8);
  }
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 10_000 });
  return response;
}

/** The rules every axe check runs unless it asks for all of axe's default rules. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * axe finds no violations on the page (or in `include`, a selector); `what` names the check in a failure.
 * `allRules` runs axe's default rule set instead of the WCAG 2.2 AA and best-practice tags.
 *
 * The one way the suite runs axe. It runs in legacy mode: axe.run in the page itself. The default mode
 * finishes every scan in a new blank page of the context, into which it injects axe again; that was most
 * of a scan's time (measured: 1.0–2.2 s against 0.3–1.1 s per scan). Our pages have no cross-origin
 * frames, the one thing legacy mode cannot look into.
 */
export async function expectAxeClean(page: Page, what = '', opts: { include?: string; allRules?: boolean } = {}) {
  let builder = new AxeBuilder({ page }).setLegacyMode(true);
  if (!opts.allRules) builder = builder.withTags(AXE_TAGS);
  if (opts.include) builder = builder.include(opts.include);
  const results = await builder.analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    what,
  ).toEqual([]);
}

/**
 * A screenshot to look at (test-results/, screenshots/), taken only when SCREENSHOTS is set (`make
 * screenshots`, or `SCREENSHOTS=1 npx playwright test …`): they check nothing, and writing some eighty
 * full-page images cost every run of the suite time.
 */
export async function snap(
  target: Page | Locator,
  path: string,
  opts: { fullPage?: boolean; clip?: { x: number; y: number; width: number; height: number } } = {},
) {
  if (!process.env.SCREENSHOTS) return;
  if ('goto' in target) await target.screenshot({ path, ...opts });
  else await target.screenshot({ path });
}

/**
 * The datetimes (RFC 3339, as <time datetime> carries them) are newest first. They are compared as times:
 * they have as many fraction digits as they need (.46Z is .460), so as strings .46Z sorts after .464Z.
 */
export function expectNewestFirst(stamps: string[]) {
  const times = stamps.map((s) => Date.parse(s));
  expect(
    times.filter((t) => Number.isNaN(t)),
    'every datetime parses',
  ).toEqual([]);
  expect([...times].sort((a, b) => b - a)).toEqual(times);
}

/** Collects console errors and warnings and uncaught exceptions for the page's lifetime. */
export function watchConsole(page: Page) {
  const problems: string[] = [];
  page.on('console', (msg: ConsoleMessage) => {
    if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  return problems;
}

// --- Staff sign-in: the password, then a code (issue 18) ---

/** The demo staff member (README, demo logins) and the fixed key of their authenticator app. */
export const STAFF = { email: 'ops@example.com', password: 'demo-ops-2026', totpSecret: 'BELWISEDEMOSTAFFTWOSTEPKEY234567' } as const;

function base32Decode(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const c of text.replace(/[\s=]/g, '').toUpperCase()) {
    const i = alphabet.indexOf(c);
    if (i < 0) throw new Error(`not base32: ${text}`);
    value = ((value << 5) | i) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      out.push((value >>> bits) & 0xff);
    }
  }
  return Buffer.from(out);
}

/**
 * The RFC 6238 code an authenticator app shows for `secret` (base32) at `at` (ms), `offset` 30-second
 * steps later: HMAC-SHA1 of the step number, dynamically truncated to 6 digits.
 */
export function totpCode(secret: string, at = Date.now(), offset = 0): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000) + offset));
  const mac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const o = mac[mac.length - 1] & 0xf;
  const n = ((mac[o] & 0x7f) << 24) | (mac[o + 1] << 16) | (mac[o + 2] << 8) | mac[o + 3];
  return String(n % 1_000_000).padStart(6, '0');
}

/** Waits for the next 30-second step to begin (a code is accepted once: a second sign-in needs a newer one). */
const nextStep = () => new Promise((resolve) => setTimeout(resolve, 30_000 - (Date.now() % 30_000) + 200));

/**
 * A complete staff session, shared by the suite's workers through a file: each code works once, so
 * signing in again for every test would wait for new codes. A session from an earlier run (another
 * database) fails the check and is replaced.
 */
const sessionCache = join(tmpdir(), `belwise-e2e-staff-${new URL(siteURL).port}.json`);

async function cachedSession(request: APIRequestContext): Promise<string | null> {
  let cookie: string;
  try {
    cookie = (JSON.parse(readFileSync(sessionCache, 'utf8')) as { cookie: string }).cookie;
  } catch {
    return null;
  }
  const me = await request.get(`${siteURL}/api/me`, { headers: { cookie } });
  const body = (await me.json()) as { authenticated: boolean; user?: { role: string } };
  return body.authenticated && body.user?.role === 'staff' ? cookie : null;
}

/** Signs in through the API with the password and a code; returns the session's Cookie header. */
async function signInStaffByApi(request: APIRequestContext): Promise<string> {
  for (let attempt = 0; attempt < 4; attempt++) {
    const res = await request.post(`${siteURL}/api/auth/sign-in`, { data: { email: STAFF.email, password: STAFF.password } });
    expect(res.status(), 'the password step').toBe(200);
    expect(await res.json()).toEqual({ step: 'totp' });
    const pending = sessionCookie(res.headers()['set-cookie']);
    // The current step's code; if it was just used (another sign-in), the next step's (one step of skew).
    for (const offset of [0, 1]) {
      const done = await request.post(`${siteURL}/api/auth/totp`, {
        data: { code: totpCode(STAFF.totpSecret, Date.now(), offset) },
        headers: { cookie: pending },
      });
      if (done.status() === 200) return sessionCookie(done.headers()['set-cookie']);
      expect((await done.json()).error.code, 'the code step').toBe('code_used');
    }
    await nextStep();
  }
  throw new Error('no unused code for the staff sign-in');
}

function sessionCookie(setCookie: string | undefined): string {
  const m = /(?:^|\n)((?:__Host-)?session=[^;]+)/.exec(setCookie ?? '');
  if (!m) throw new Error(`no session cookie in ${setCookie}`);
  return m[1];
}

/**
 * Signs in as the demo staff member; the one way the suite does.
 *
 * - A page with `form`: on the sign-in page, through the form in `lang` and the code step, as a person
 *   does; the page ends on the console (or the page's `next`).
 * - Otherwise (a page or an API context): a complete session through the API, shared by the suite (see
 *   sessionCache) and added to the page's context. Returns its Cookie header, for an API context's
 *   requests.
 */
export async function signInStaff(target: Page | APIRequestContext, opts: { form?: boolean; lang?: Lang } = {}): Promise<string> {
  const page = 'context' in target ? target : null;
  if (page && opts.form) {
    await signInStaffByForm(page, opts.lang ?? 'en');
    return '';
  }
  const request = page ? page.request : (target as APIRequestContext);
  let cookie = await cachedSession(request);
  if (!cookie) {
    cookie = await signInStaffByApi(request);
    writeFileSync(sessionCache, JSON.stringify({ cookie }));
  }
  if (page) {
    const [name, value] = cookie.split(/=(.*)/s);
    await page.context().addCookies([{ name, value, url: siteURL, httpOnly: true, sameSite: 'Lax' }]);
  }
  return cookie;
}

async function signInStaffByForm(page: Page, lang: Lang) {
  const panel = page.getByRole('tabpanel', { name: t(lang, 'auth.tabs.signIn') });
  await panel.getByLabel(t(lang, 'auth.fields.email')).fill(STAFF.email);
  await panel.getByLabel(t(lang, 'auth.fields.password'), { exact: true }).fill(STAFF.password);
  await panel.getByRole('button', { name: t(lang, 'auth.signIn.submit'), exact: true }).click();
  const code = page.getByRole('textbox', { name: t(lang, 'auth.twoStep.code') });
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  for (let attempt = 0; attempt < 4; attempt++) {
    for (const offset of [0, 1]) {
      await code.fill(totpCode(STAFF.totpSecret, Date.now(), offset));
      await page.getByRole('button', { name: t(lang, 'auth.twoStep.submit'), exact: true }).click();
      // Signed in (the page leaves /auth), or the code was just used by another sign-in.
      const used = page.getByText(t(lang, 'auth.errors.codeUsed'));
      await expect(async () => {
        const left = !new URL(page.url()).pathname.endsWith('/auth');
        expect(left || (await used.isVisible())).toBe(true);
      }).toPass({ timeout: 10_000 });
      if (!new URL(page.url()).pathname.endsWith('/auth')) return;
    }
    await nextStep();
  }
  throw new Error('no unused code for the staff sign-in');
}

/** The demo seed's buyer, whose Appointment Setter and Order Line orders are linked to Vapi assistants. */
export const DEMO_BUYER = { email: 'demo@example.com', password: 'demo-buyer-2026' } as const;

/** Signs the demo buyer in through the sign-in form in `lang`, as a person does; the page ends on the dashboard. */
export async function signInBuyer(page: Page, lang: Lang = 'en') {
  await gotoHydrated(page, localized(lang, '/auth'));
  const panel = page.getByRole('tabpanel', { name: t(lang, 'auth.tabs.signIn') });
  await panel.getByLabel(t(lang, 'auth.fields.email')).fill(DEMO_BUYER.email);
  await panel.getByLabel(t(lang, 'auth.fields.password'), { exact: true }).fill(DEMO_BUYER.password);
  await panel.getByRole('button', { name: t(lang, 'auth.signIn.submit'), exact: true }).click();
  await expect(page).toHaveURL(lang === 'nl' ? /\/nl\/dashboard$/ : /\/dashboard$/);
}

/**
 * Posts a server message (`{ message: … }`, e.g. an end-of-call report) to the site's Vapi webhook with the shared secret; the site must take it.
 * `structuredData`, when given, goes into the report's `message.analysis.structuredData` (the call data the assistant extracted).
 */
export async function postReport(request: APIRequestContext, body: unknown, structuredData?: Record<string, unknown>) {
  if (structuredData) {
    const message = (body as { message: { analysis?: Record<string, unknown> } }).message;
    message.analysis = { ...message.analysis, structuredData };
  }
  const res = await request.post('/api/voice/webhook', { headers: { 'x-vapi-secret': vapiWebhookSecret }, data: body });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * Holds the demo buyer's email language until the returned function is called. Specs that switch it (to see
 * Dutch emails or invoices) or that read an email written in it take this lock, so a test in the other worker
 * never sees the language change underneath it. A lock a crashed worker left is broken after 4 minutes.
 */
export async function holdDemoBuyerLanguage(): Promise<() => void> {
  const lock = join(dataDir, 'demo-buyer-language.lock');
  const deadline = Date.now() + 240_000;
  for (;;) {
    try {
      mkdirSync(lock);
      return () => rmdirSync(lock);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    try {
      if (Date.now() - statSync(lock).mtimeMs > 240_000) rmdirSync(lock);
    } catch {
      // released meanwhile
    }
    if (Date.now() > deadline) throw new Error("the demo buyer's email language was held for 4 minutes");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The signed-in buyer of `request` accepts the current processor agreement (staff set an agent live only then). */
export async function acceptAgreement(request: import('@playwright/test').APIRequestContext) {
  const { agreement } = (await (await request.get('/api/dpa')).json()) as { agreement: { version: number } };
  const res = await request.post('/api/dpa/accept', { data: { version: agreement.version } });
  if (res.status() !== 200) throw new Error(`accepting the processor agreement: ${res.status()} ${await res.text()}`);
}

/**
 * A fresh buyer's pending order, made as staff make one from a quote (which also invites the buyer, as
 * `fullName` at `email`); `request` is signed in as staff. Returns the buyer's email and the order's id.
 */
export async function newBuyerOrder(
  request: APIRequestContext,
  tag: string,
  fullName: string,
): Promise<{ email: string; orderId: string }> {
  const email = uniqueEmail(tag);
  const quote = await request.post('/api/quotes', {
    data: { fullName, email, description: 'Een agent die de telefoon opneemt.', language: 'dutch', locale: 'en' },
  });
  expect(quote.status(), await quote.text()).toBe(201);
  const { items: quotes } = (await (await request.get(`/api/console/quotes?q=${encodeURIComponent(email)}`)).json()) as {
    items: { id: string }[];
  };
  const { items: agents } = (await (await request.get('/api/console/agents')).json()) as { items: { id: string }[] };
  const res = await request.post(`/api/console/quotes/${quotes[0].id}/orders`, {
    data: { agentId: agents[0].id, amountCents: 149_900, currency: 'EUR' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { email, orderId: ((await res.json()) as { order: { id: string } }).order.id };
}

/** Sets fields of an order as staff do (its version first); `request` is signed in as staff. */
export async function patchOrder(request: APIRequestContext, orderId: string, body: Record<string, unknown>) {
  const { order } = (await (await request.get(`/api/console/orders/${orderId}`)).json()) as { order: { version: number } };
  const res = await request.patch(`/api/console/orders/${orderId}`, { data: { ...body, version: order.version } });
  expect(res.status(), await res.text()).toBe(200);
}
