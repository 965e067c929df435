// Measures the voice widget's cost and speed against bin/site in Debian's Chromium:
//   - the JS (gzip, as served) that `/` loads before any click, and what the first click on
//     'Talk to Assistant' adds, in demo mode and in Vapi mode (a made-up key; the platform's hosts are
//     blocked, so only the download is measured, not a call);
//   - in demo mode, the time from the click to the card, to the greeting, and to 'Listening...'
//     (the greeting is spoken, or its length simulated, before the assistant listens).
// Usage: make build && node bench/voice.mjs [runs=10]   (uses Playwright from e2e/node_modules)
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'e2e', 'package.json'));
const pw = await import(pathToFileURL(require.resolve('playwright-core')).href);
const chromium = pw.chromium ?? pw.default.chromium; // CommonJS package
const runs = Number(process.argv[2] ?? 10);
const args = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const freePort = () =>
  new Promise((ok) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
  });

async function startSite(extraEnv) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(join(root, 'bin/site'), [], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), SITE_URL: url, LOG_LEVEL: 'error', DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-voice-')), ...extraEnv },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, stop: () => child.kill('SIGTERM') };
    } catch {}
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('bin/site did not start (make build first)');
}

/** JS responses (path → encoded body bytes) a page receives. */
function jsSizes(page) {
  const sizes = new Map();
  page.on('requestfinished', async (req) => {
    const path = new URL(req.url()).pathname;
    if (!path.endsWith('.js')) return;
    const s = await req.sizes().catch(() => null);
    if (s) sizes.set(path, s.responseBodySize);
  });
  return sizes;
}
const kib = (n) => (n / 1024).toFixed(2);
const total = (m) => [...m.values()].reduce((a, b) => a + b, 0);

async function measureBytes(browser, url, mode) {
  const page = await browser.newPage({ extraHTTPHeaders: { 'Accept-Encoding': 'gzip' } });
  await page.route(/^https:\/\/([a-z0-9-]+\.)*(vapi\.ai|daily\.co|pluot\.blue)\//, (r) => r.abort());
  const sizes = jsSizes(page);
  await page.goto(url + '/', { waitUntil: 'networkidle' });
  const before = new Map(sizes);
  await page.getByRole('button', { name: 'Talk to Assistant' }).click();
  if (mode === 'demo') await page.getByText('Listening...').or(page.getByText('Assistant Speaking...')).waitFor();
  else await page.getByRole('alert').waitFor({ timeout: 20_000 });
  await page.waitForLoadState('networkidle');
  const added = new Map([...sizes].filter(([p]) => !before.has(p)));
  await page.close();
  return { before, added };
}

async function measureTiming(browser, url) {
  const page = await browser.newPage();
  await page.goto(url + '/', { waitUntil: 'networkidle' });
  // `/` loads the app only when something needs it: a pointer over the voice button does.
  await page.getByRole('button', { name: 'Talk to Assistant' }).hover();
  await page.locator('html[data-hydrated=true]').waitFor();
  const t = await page.evaluate(
    () =>
      new Promise((done) => {
        const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.includes('Talk to Assistant'));
        const marks = {};
        const t0 = performance.now();
        const seen = () => {
          const card = document.querySelector('[role=region][aria-label="Voice call"]');
          if (card && marks.card === undefined) marks.card = performance.now() - t0;
          if (card?.querySelector('.voice-line-assistant') && marks.greeting === undefined) marks.greeting = performance.now() - t0;
          if (card?.textContent?.includes('Listening...') && marks.listening === undefined) {
            marks.listening = performance.now() - t0;
            obs.disconnect();
            done(marks);
          }
        };
        const obs = new MutationObserver(seen);
        obs.observe(document.body, { subtree: true, childList: true, characterData: true });
        button.click();
      }),
  );
  await page.close();
  return t;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const demo = await startSite({});
const vapi = await startSite({ VAPI_PUBLIC_KEY: '00000000-0000-4000-8000-00000000fa4e', VAPI_ASSISTANT_ID: '00000000-0000-4000-8000-0000000a5515' });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: [...args, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'] });
try {
  const lines = ['# Voice widget', '', '## JavaScript (gzip as served)', '', '| mode | on `/` before the click | added by the first click | files added |', '|---|---|---|---|'];
  for (const [mode, site] of [['demo', demo], ['vapi', vapi]]) {
    const { before, added } = await measureBytes(browser, site.url, mode);
    const files = [...added].map(([p, n]) => `${p.replace('/assets/', '')} ${kib(n)}`).join(', ');
    lines.push(`| ${mode} | ${kib(total(before))} KiB in ${before.size} files | ${kib(total(added))} KiB | ${files} |`);
  }
  const timings = [];
  for (let i = 0; i < runs; i++) timings.push(await measureTiming(browser, demo.url));
  lines.push('', `## Demo mode, click to … (median of ${runs}, ms)`, '', '| card shown | greeting in the transcript | Listening... |', '|---|---|---|');
  lines.push(`| ${median(timings.map((t) => t.card)).toFixed(0)} | ${median(timings.map((t) => t.greeting)).toFixed(0)} | ${median(timings.map((t) => t.listening)).toFixed(0)} |`);
  const out = lines.join('\n');
  console.log(out);
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(join(root, 'bench/results/voice.md'), out + '\n');
} finally {
  await browser.close();
  demo.stop();
  vapi.stop();
}
