// The first tap and the signed-in screens on a slow phone (390×844, touch, CPU slowed 4× through the
// DevTools protocol, loopback network), each side by side with what it is held against, in one run on
// one machine (issue 24 §1). Median of RUNS (5):
//   - the first tap on the menu of `/` on the page as loaded (nothing hydrated: the tap is the page's
//     first interaction, which loads no script there) against the same tap once the page has hydrated
//     (the app loaded by a pointer over the voice button, which is how a page to read loads it); from the
//     tap's pointerdown to the first frame that shows the menu's list;
//   - the first tap on "Talk to Assistant" against the same tap hydrated; to the first frame with the
//     call card (its region);
//   - /dashboard (its figures), an agent page (its heading, order line and calls, nothing loading) and
//     /console (its quotes) from a cold load (a fresh context: empty cache, signed in) against /pricing's
//     heading from a cold load; from the navigation's start to the first frame that shows the content.
// "Shows" is measured in the page: a requestAnimationFrame loop, started by an init script before any
// of the page's own, records the first frame in which the element is there and visible.
// Usage: make build && node bench/slowphone.mjs   (PORT=4510 RUNS=5). Writes bench/results/slowphone.md.
// VS=/path/to/an/older/bin/site measures the screens on that build too, in turns with this one (each against
// its own /pricing), so two builds are compared on one machine in one run: these machines are noisy.
// THIS=/path/to/bin/site measures that build as "this build" (default bin/site).
// APART=1 runs the browser on processor 0 and the sites on processor 1 (taskset). On a 2-core machine the
// DevTools CPU throttling keeps about one core busy while the page waits (0.9–1.1 cores measured on an idle
// throttled page, 0.2–0.3 unthrottled), which starves the server: a drawn screen's render then takes 3–8×
// its CPU time in wall time. Pinned apart, the server has a core as it would on a real phone's server, so
// the run measures the phone. The default (shared processors) stays the measurement of record.
import { createHmac } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { report, root, startSite } from './site.mjs';

const require = createRequire(join(root, 'e2e/package.json'));
const pw = await import(pathToFileURL(require.resolve('playwright-core')).href);
const chromium = pw.chromium ?? pw.default.chromium; // CommonJS package
const runs = Number(process.env.RUNS ?? 5);
const port = Number(process.env.PORT ?? 4510);
const args = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const BUYER = { email: 'demo@example.com', password: 'demo-buyer-2026' };
const STAFF = { email: 'ops@example.com', password: 'demo-ops-2026', totpSecret: 'BELWISEDEMOSTAFFTWOSTEPKEY234567' };
// ONLY=taps or ONLY=screens measures one half.
const only = process.env.ONLY ?? '';
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// --- signing in through the API (as e2e/tests/support.ts does) ---
function base32Decode(s) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const out = [];
  for (const c of s.replace(/=+$/, '').toUpperCase()) {
    value = (value << 5) | alphabet.indexOf(c);
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}
function totp(secret, offset = 0) {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000) + offset));
  const mac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const o = mac[mac.length - 1] & 0xf;
  const n = ((mac[o] & 0x7f) << 24) | (mac[o + 1] << 16) | (mac[o + 2] << 8) | mac[o + 3];
  return String(n % 1_000_000).padStart(6, '0');
}
const sessionOf = (res) => {
  const m = /(?:^|,\s*)((?:__Host-)?session)=([^;]+)/.exec(res.headers.get('set-cookie') ?? '');
  if (!m) throw new Error(`no session cookie (${res.status})`);
  return { name: m[1], value: m[2] };
};
async function signIn(origin, who) {
  const res = await fetch(`${origin}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: who.email, password: who.password }),
  });
  if (res.status !== 200) throw new Error(`sign-in ${who.email}: ${res.status}`);
  const body = await res.json();
  const cookie = sessionOf(res);
  if (body.step !== 'totp') return cookie;
  for (const offset of [0, 1]) {
    const done = await fetch(`${origin}/api/auth/totp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `${cookie.name}=${cookie.value}` },
      body: JSON.stringify({ code: totp(who.totpSecret, offset) }),
    });
    if (done.status === 200) return sessionOf(done);
  }
  throw new Error('the staff code step failed');
}

// --- the phone ---
const apart = process.env.APART === '1';
const serverCPU = apart ? ['taskset', '-c', '1'] : [];
let browserPath = '/usr/bin/chromium';
let wrapperDir = '';
if (apart) {
  wrapperDir = mkdtempSync(join(tmpdir(), 'bench-chromium-'));
  browserPath = join(wrapperDir, 'chromium');
  writeFileSync(browserPath, '#!/bin/sh\nexec taskset -c 0 /usr/bin/chromium "$@"\n');
  chmodSync(browserPath, 0o755);
}
const site = await startSite(port, process.env.THIS, serverCPU);
const other = process.env.VS ? await startSite(port + 1, process.env.VS, serverCPU) : null;
const browser = await chromium.launch({ executablePath: browserPath, args });

/** Records in window.__shown the first frame (performance.now()) in which `predicate` holds. */
function watchFor(predicate) {
  return `(() => {
    const holds = ${predicate};
    const tick = () => { if (window.__shown === undefined && document.body && holds()) window.__shown = performance.now(); else requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
  })();`;
}
const visible = (sel) =>
  `() => { const el = document.querySelector(${JSON.stringify(sel)}); return !!el && el.checkVisibility() && el.getBoundingClientRect().height > 0; }`;

// A Dutch phone. A browser that has signed in through the app has its time zone in the `tz` cookie too
// (the workspaces remember it, web/src/shared/timeZone.ts), which the server needs to write an agent page's
// first data into its shell (internal/web/firstdata.go); the bench signs in through the API, so it adds it.
const TIME_ZONE = 'Europe/Amsterdam';
async function phone(cookie, origin = site.origin) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    timezoneId: TIME_ZONE,
  });
  if (cookie)
    await context.addCookies([
      { name: cookie.name, value: cookie.value, url: origin },
      { name: 'tz', value: encodeURIComponent(TIME_ZONE), url: origin },
    ]);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return { page, context, cdp };
}

// The page is read through the DevTools protocol, never with page.evaluate or waitForFunction: those
// install Playwright's own script in the page (50 ms of evaluation unthrottled, 110–200 ms slowed 4×),
// which ran during the very loads and taps being measured, on both sides of each ratio.
/** The value of `expression` in the page (its main world). */
async function read(cdp, expression) {
  const { result, exceptionDetails } = await cdp.send('Runtime.evaluate', { expression, returnByValue: true });
  if (exceptionDetails) throw new Error(`${expression}: ${exceptionDetails.text}`);
  return result.value;
}
/** `expression` once it is a number, polled every 100 ms. */
async function number(cdp, expression) {
  for (let waited = 0; waited < 30_000; waited += 100) {
    const value = await read(cdp, expression);
    if (typeof value === 'number' && !Number.isNaN(value)) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${expression}: not a number after 30 s`);
}

/** Tap → shown, in ms: from the tap's pointerdown (its event time) to the first frame where `shown` holds. */
async function tap(page, cdp, target, shown) {
  const box = await read(
    cdp,
    `(() => { const r = document.querySelector(${JSON.stringify(target)})?.getBoundingClientRect(); return r && { x: r.x, y: r.y, width: r.width, height: r.height }; })()`,
  );
  if (!box) throw new Error(`nothing to tap: ${target}`);
  await read(
    cdp,
    `window.__shown = undefined; addEventListener('pointerdown', (e) => (window.__tapAt ??= e.timeStamp), { capture: true, once: true }); ${watchFor(shown)}`,
  );
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  return Math.round(await number(cdp, 'window.__shown - window.__tapAt'));
}

async function firstTap(path, target, shown, hydrated) {
  const { page, context, cdp } = await phone();
  await page.goto(site.origin + path, { waitUntil: 'load' });
  if (hydrated) {
    // A page to read loads the app only when something needs it (web/scripts/prerender.mjs): a pointer
    // over the voice button is one; then the pointer leaves it.
    await page.hover('.voice-talk');
    await page.waitForSelector('html[data-hydrated="true"]', { timeout: 30_000 });
    await page.mouse.move(5, 5);
  }
  await page.waitForTimeout(1000); // settled: the page as a visitor finds it a moment after it appeared
  if (!hydrated && (await read(cdp, `document.documentElement.hasAttribute('data-hydrated')`))) throw new Error(`${path} hydrated before the tap`);
  const ms = await tap(page, cdp, target, shown);
  await context.close();
  return ms;
}

/** Navigation start → the first frame where `shown` holds, on a cold load (fresh context). */
async function coldLoad(origin, path, shown, cookie) {
  const { page, context, cdp } = await phone(cookie, origin);
  await page.addInitScript(watchFor(shown));
  await page.goto(origin + path, { waitUntil: 'commit' });
  const ms = Math.round(await number(cdp, 'window.__shown'));
  if (!new URL(page.url()).pathname.startsWith(path.split('?')[0])) throw new Error(`${path} ended on ${page.url()}`);
  await context.close();
  return ms;
}

const lines = [
  `Slow phone (390×844, touch, CPU 4×, loopback), median of ${runs}, ${new Date().toISOString().slice(0, 16)}Z` +
    (apart ? ', browser and sites on separate processors (APART=1)' : ''),
  '',
  '| what | measured | against | ratio |',
  '|---|---|---|---|',
];
const row = (what, a, b, against) => {
  const ma = median(a);
  const mb = median(b);
  lines.push(`| ${what} | ${ma} ms (${a.join('/')}) | ${against} ${mb} ms (${b.join('/')}) | ${(ma / mb).toFixed(2)}× |`);
  console.error(lines.at(-1));
};

/** The three signed-in screens of one site, each with what shows its content, and its /pricing. */
async function screensOf(origin) {
  const buyer = await signIn(origin, BUYER);
  const staff = await signIn(origin, STAFF);
  const dash = await (await fetch(`${origin}/api/dashboard?lang=en`, { headers: { cookie: `${buyer.name}=${buyer.value}` } })).json();
  // A linked agent, whose page lists its calls (the demo seed links three).
  const order = dash.orders.find((o) => o.assistantLinked);
  if (!order) throw new Error('no linked agent in the demo data');
  const settled = (sel) =>
    `() => { const el = document.querySelector(${JSON.stringify(sel)}); return !!el && el.checkVisibility() && !document.querySelector('main .pulse-dot'); }`;
  return {
    pricing: () => coldLoad(origin, '/pricing', visible('main h1')),
    screens: [
      ['/dashboard (its figures)', '/dashboard', settled('main .stat-card'), buyer],
      [`agent page (calls, nothing loading)`, `/dashboard/agents/${order.id}`, settled('main p.font-mono'), buyer],
      ['/console (its quotes)', '/console', settled('main a[href^="/console/quotes/"]'), staff],
    ],
  };
}

try {
  // The menu's list (#site-nav-list) is hidden on a narrow screen until the toggle opens it.
  const menu = visible('#site-nav-list');
  const card = visible('.voice-widget [role="region"]');
  const sites = [{ name: 'this build', origin: site.origin, ...(await screensOf(site.origin)) }];
  if (other) sites.push({ name: `VS ${process.env.VS}`, origin: other.origin, ...(await screensOf(other.origin)) });

  const r = { menu: [[], []], voice: [[], []] };
  const s = sites.map((x) => x.screens.map(() => [[], []]));
  for (let i = 0; i < runs; i++) {
    if (only !== 'screens') {
      r.menu[0].push(await firstTap('/', '.nav-toggle', menu, false));
      r.menu[1].push(await firstTap('/', '.nav-toggle', menu, true));
      r.voice[0].push(await firstTap('/', '.voice-talk', card, false));
      r.voice[1].push(await firstTap('/', '.voice-talk', card, true));
    }
    if (only !== 'taps') {
      // In turns: each screen, then its /pricing, on each build.
      for (let j = 0; j < sites[0].screens.length; j++) {
        for (const [k, x] of sites.entries()) {
          const [, path, shown, cookie] = x.screens[j];
          s[k][j][0].push(await coldLoad(x.origin, path, shown, cookie));
          s[k][j][1].push(await x.pricing());
        }
      }
    }
    console.error(`run ${i + 1}/${runs} done`);
  }
  if (only !== 'screens') {
    row('first tap on the menu of / (before hydration)', ...r.menu, 'hydrated');
    row('"Talk to Assistant" first tap → call card', ...r.voice, 'hydrated');
  }
  if (only !== 'taps')
    for (const [k, x] of sites.entries())
      for (const [j, [what]] of x.screens.entries()) row(`${sites.length > 1 ? `${x.name}: ` : ''}${what}, cold load`, ...s[k][j], '/pricing heading, cold');
} finally {
  await browser.close();
  site.stop();
  other?.stop();
  if (wrapperDir) rmSync(wrapperDir, { recursive: true, force: true });
}
report('slowphone.md', lines);
