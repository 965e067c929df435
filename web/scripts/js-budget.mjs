// The JS the browser fetches on `/`, measured in a browser (Debian's Chromium through playwright-core,
// from e2e/node_modules) on the built pages (internal/web/dist, served as the Go server does for `/`
// and /assets/; /api/me answers signed out and /api/voice/config the offline demo). Sizes are the files'
// gzip level 6 (what the Go server precompresses with) and brotli. Three moments, in one page view of
// a phone (390×844, touch):
//   1. before any interaction: the page loaded and left alone for 4 s (past the 3 s fallback of pages
//      that load the app after their first paint). Budget 0 KB: `/` is a page to read (#root
//      data-boot="interaction") and its boot script imports nothing by itself.
//   2. at the first interaction: every kind the boot script listens for, none of them on the voice
//      button — the pointer over the page and its links, a touch, scrolling (wheel and window), keys
//      (Tab through the header, the menu opened with Enter and closed with Escape) and a tap that opens
//      and closes the menu — then 2 s of quiet. Budget 60 KB gzip: the boot script answers all of it
//      itself, so the app (React DOM alone is ~58 KB) must not come.
//   3. when something needs the app: a tap on "Talk to Assistant" (the offline demo), until the page
//      has hydrated and the call card is there, then 2 s of quiet: the app (entry, router, layout, the
//      landing route and its strings) and the voice card's chunks. Budget 125 KB gzip, a guard against
//      the app's growth (with Vapi configured the call also loads @vapi-ai/web, not counted here).
// The inline boot script is part of the HTML and counted in none of them; its size is shown.
// Any budget exceeded, or a moment that did not happen, sets a failing exit code (`make test-e2e`).
import { readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join, normalize, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';

const WEB = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = resolve(WEB, '../internal/web/dist');
const BUDGETS = { before: 0, first: 60, app: 125 };

const require = createRequire(resolve(WEB, '../e2e/package.json'));
const pw = await import(pathToFileURL(require.resolve('playwright-core')).href);
const chromium = pw.chromium ?? pw.default.chromium; // CommonJS package

// --- the built files, as the Go server serves them for these requests ---
const TYPES = { '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.html': 'text/html; charset=utf-8' };
const server = createServer((req, res) => {
  const path = new URL(req.url, 'http://x').pathname;
  const json = (body) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  if (path === '/api/me') return json({ authenticated: false });
  if (path === '/api/voice/config') return json({ mode: 'demo' });
  const file =
    path === '/' ? join(DIST, 'index.html') : path.startsWith('/assets/') || path === '/favicon.svg' ? join(DIST, normalize(path)) : '';
  try {
    if (!file || !file.startsWith(DIST) || !statSync(file).isFile()) throw new Error('not found');
    res.writeHead(200, { 'content-type': TYPES[file.slice(file.lastIndexOf('.'))] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
const origin = `http://127.0.0.1:${server.address().port}`;

const sizes = (buf) => ({
  raw: buf.length,
  gz: gzipSync(buf, { level: 6 }).length,
  br: brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } }).length,
});
const kb = (n) => (n / 1024).toFixed(2).padStart(7);
let failed = false;

/** Prints the scripts requested in one moment and their total against its budget. */
function moment(label, urls, budget) {
  let gz = 0;
  let br = 0;
  for (const url of urls) {
    const path = new URL(url).pathname;
    const s = sizes(readFileSync(join(DIST, normalize(path))));
    gz += s.gz;
    br += s.br;
    console.log(`  ${path.slice(1).padEnd(44)} ${kb(s.raw)} KB raw ${kb(s.gz)} KB gzip ${kb(s.br)} KB br`);
  }
  const over = gz / 1024 > budget;
  if (over) failed = true;
  console.log(
    `${label.padEnd(46)} ${''.padStart(15)} ${kb(gz)} KB gzip ${kb(br)} KB br, ${urls.length} files (budget ${budget} KB gzip)${over ? '  OVER BUDGET' : ''}`,
  );
}

const html = readFileSync(join(DIST, 'index.html'));
const inline = /<script>([\s\S]*?)<\/script>/.exec(html.toString())?.[1] ?? '';
if (!/<div id="root" data-boot="interaction">/.test(html.toString())) {
  console.log('/ is not a page to read (#root data-boot="interaction"): it loads the app after its first paint');
  failed = true;
}

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  let scripts = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  const take = () => {
    const taken = [...new Set(scripts)];
    scripts = [];
    return taken;
  };
  const tapOn = async (selector) => {
    const box = await page.locator(selector).first().boundingBox();
    if (!box) throw new Error(`nothing to tap: ${selector}`);
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  };

  await page.goto(origin + '/', { waitUntil: 'load' });
  await page.waitForTimeout(4000);
  console.log(
    `inline boot script in the HTML of /: ${(inline.length / 1024).toFixed(2)} KB raw, ${(sizes(Buffer.from(inline)).gz / 1024).toFixed(2)} KB gzip (counted below in none)`,
  );
  moment('before any interaction on /', take(), BUDGETS.before);

  // The first interaction, every kind of it; the voice button is left alone.
  const toggle = page.locator('.site-nav .nav-toggle');
  await page.mouse.move(40, 300);
  await page.locator('main h1').hover();
  await page.locator('main a').first().hover();
  await tapOn('.site-nav .nav-toggle');
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') throw new Error('the menu did not open at a tap');
  await tapOn('.site-nav .nav-toggle');
  await page.mouse.wheel(0, 600);
  await page.evaluate(() => globalThis.scrollTo(0, 1200));
  await page.evaluate(() => globalThis.scrollTo(0, 0));
  await page.keyboard.press('Tab');
  await toggle.focus();
  await page.keyboard.press('Enter');
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') throw new Error('the menu did not open at Enter');
  await page.keyboard.press('Escape');
  if ((await toggle.getAttribute('aria-expanded')) !== 'false') throw new Error('Escape did not close the menu');
  await page.waitForTimeout(2000);
  if (await page.locator('html[data-hydrated]').count()) console.log('the page hydrated at the first interaction');
  moment('at the first interaction on / (not voice)', take(), BUDGETS.first);

  // Something that needs the app: the voice call.
  await tapOn('.voice-talk');
  await page.locator('html[data-hydrated="true"]').waitFor({ timeout: 30_000 });
  await page.locator('.voice-widget [role="log"]').waitFor({ timeout: 30_000 });
  await page.waitForTimeout(2000);
  moment('at a tap on "Talk to Assistant" (the app)', take(), BUDGETS.app);
  await context.close();
} catch (err) {
  console.error(err);
  failed = true;
} finally {
  await browser.close();
  server.close();
}
if (failed) process.exitCode = 1;
