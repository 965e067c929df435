// Client-side navigation against a full page load, on a slow phone (CPU slowed 4×, 412 px, touch): for
// each pair of pages, the time from the visitor's tap (or, for a page load, from the navigation's start)
// until the next page's heading is on screen. The app's navigation must not be slower than loading the
// page. The source page has hydrated and the browser's cache holds the assets in both cases, as for a
// visitor on their second page. Median of RUNS (5). Usage: make build && node bench/navigation.mjs
// Writes bench/results/navigation.md.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { report, root, startSite } from './site.mjs';

const require = createRequire(join(root, 'e2e/package.json'));
const pw = await import(pathToFileURL(require.resolve('playwright-core')).href);
const chromium = pw.chromium ?? pw.default.chromium;
const runs = Number(process.env.RUNS ?? 5);
const pairs = [
  ['/', '/features'],
  ['/features', '/pricing'],
  ['/pricing', '/quote'],
  ['/nl', '/nl/features'],
  ['/quote', '/'],
];
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const site = await startSite(3193);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'] });
const lines = [`Navigation on a slow phone (CPU 4×), median of ${runs}, ${new Date().toISOString().slice(0, 16)}Z`, '',
  '| from → to | in the app (tap → heading) | page load (navigation → heading) | app / load |', '|---|---|---|---|'];

async function slowPage() {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return { page, context };
}

async function hydrated(page, path) {
  await page.goto(site.origin + path);
  // A page to read loads the app only when something needs it: a pointer over the voice button does.
  await page.hover('.voice-talk');
  await page.waitForSelector('html[data-hydrated="true"]', { timeout: 30_000 });
  await page.mouse.move(5, 5);
}

const headingIs = (page, text) => page.waitForFunction((t) => document.querySelector('h1')?.textContent === t, text, { polling: 'raf', timeout: 30_000 });

try {
  for (const [from, to] of pairs) {
    const app = [];
    const load = [];
    // The heading of the page to reach.
    const probe = await slowPage();
    await probe.page.goto(site.origin + to);
    const heading = await probe.page.locator('h1').first().textContent();
    await probe.context.close();
    for (let i = 0; i < runs; i++) {
      {
        const { page, context } = await slowPage();
        await hydrated(page, from);
        const link = page.locator(`a[href="${to}"]:visible`).first();
        await link.scrollIntoViewIfNeeded();
        const t0 = Date.now();
        await link.click({ noWaitAfter: true });
        await headingIs(page, heading);
        app.push(Date.now() - t0);
        await context.close();
      }
      {
        const { page, context } = await slowPage();
        await hydrated(page, from); // the same warm cache
        const t0 = Date.now();
        await page.goto(site.origin + to, { waitUntil: 'commit' });
        await headingIs(page, heading);
        load.push(Date.now() - t0);
        await context.close();
      }
    }
    const a = median(app);
    const l = median(load);
    lines.push(`| ${from} → ${to} | ${a} ms (${app.join('/')}) | ${l} ms (${load.join('/')}) | ${(a / l).toFixed(2)} |`);
    console.error(lines.at(-1));
  }
} finally {
  await browser.close();
  site.stop();
}
report('navigation.md', lines);
