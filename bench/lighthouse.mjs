// Lighthouse 12.8 (mobile preset, simulated throttling) on the built binary: median of 3 runs per page,
// plus the gzip size of every script `/` loads. Usage: make build && node bench/lighthouse.mjs
// Writes bench/results/lighthouse.md and prints the same table.
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const port = 3190;
const origin = `http://127.0.0.1:${port}`;
const pages = (process.env.PAGES ?? '/,/features,/pricing,/nl').split(',');
const runs = Number(process.env.RUNS ?? 3);
const chromeFlags = '--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync';

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function startServer() {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-lh-'));
  const server = spawn(join(root, 'bin/site'), [], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', SITE_URL: origin, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'inherit',
  });
  for (let i = 0; i < 100; i++) {
    try { if ((await fetch(`${origin}/healthz`)).ok) return { server, dataDir }; } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('bin/site did not start');
}

// Lighthouse with this Chromium now and then fails to record the trace (NO_NAVSTART); such a run is
// repeated, up to twice, rather than counted.
function lighthouse(url, out) {
  for (let attempt = 1; ; attempt++) {
    try {
      return lighthouseOnce(url, out);
    } catch (err) {
      if (attempt === 3) throw err;
      console.error(`${url}: Lighthouse run failed (${err.message.split('\n')[0]}), retrying`);
    }
  }
}

function lighthouseOnce(url, out) {
  execFileSync(join(here, 'node_modules/.bin/lighthouse'), [
    url, '--quiet', '--output=json', `--output-path=${out}`,
    '--only-categories=performance,accessibility,best-practices,seo',
    `--chrome-flags=${chromeFlags}`,
  ], { env: { ...process.env, CHROME_PATH: '/usr/bin/chromium' }, stdio: ['ignore', 'ignore', 'inherit'] });
  return JSON.parse(readFileSync(out, 'utf8'));
}

const { server, dataDir } = await startServer();
const rows = [];
const work = mkdtempSync(join(tmpdir(), 'bench-lh-out-'));
let scriptsOnRoot = [];
try {
  for (const path of pages) {
    const samples = [];
    for (let i = 0; i < runs; i++) {
      const r = lighthouse(origin + path, join(work, `run-${i}.json`));
      const score = (c) => Math.round(r.categories[c].score * 100);
      samples.push({
        perf: score('performance'), a11y: score('accessibility'), bp: score('best-practices'), seo: score('seo'),
        lcp: r.audits['largest-contentful-paint'].numericValue,
        fcp: r.audits['first-contentful-paint'].numericValue,
        tbt: r.audits['total-blocking-time'].numericValue,
        cls: r.audits['cumulative-layout-shift'].numericValue,
      });
      if (path === '/' && i === 0) {
        scriptsOnRoot = r.audits['network-requests'].details.items.filter((it) => it.resourceType === 'Script').map((it) => it.url);
      }
      const failed = Object.values(r.audits).filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary').map((a) => a.id);
      if (failed.length) console.error(`${path} run ${i + 1}: failing audits: ${failed.join(', ')}`);
    }
    const m = (k) => median(samples.map((s) => s[k]));
    rows.push({ path, perf: m('perf'), a11y: m('a11y'), bp: m('bp'), seo: m('seo'), lcp: m('lcp'), fcp: m('fcp'), tbt: m('tbt'), cls: m('cls'), all: samples.map((s) => s.perf).join('/') });
  }

  // Gzip size of each script / loads, compressed the way the server does (level 6).
  let gzipTotal = 0;
  const scriptLines = [];
  for (const url of scriptsOnRoot) {
    const body = Buffer.from(await (await fetch(url, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer());
    const gz = gzipSync(body, { level: 6 }).length;
    gzipTotal += gz;
    scriptLines.push(`| ${new URL(url).pathname} | ${(body.length / 1024).toFixed(1)} | ${(gz / 1024).toFixed(1)} |`);
  }

  const table = [
    `Lighthouse 12.8.2, mobile preset, median of ${runs} runs, ${new Date().toISOString().slice(0, 10)}`,
    '',
    '| page | perf (runs) | a11y | best practices | SEO | LCP | FCP | TBT | CLS |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.path} | ${r.perf} (${r.all}) | ${r.a11y} | ${r.bp} | ${r.seo} | ${(r.lcp / 1000).toFixed(2)} s | ${(r.fcp / 1000).toFixed(2)} s | ${Math.round(r.tbt)} ms | ${r.cls.toFixed(3)} |`),
    '',
    `JavaScript loaded by / : ${scriptsOnRoot.length} files, ${(gzipTotal / 1024).toFixed(1)} KiB gzip (${(gzipTotal / 1000).toFixed(1)} kB)`,
    '',
    '| script | raw KiB | gzip KiB |',
    '|---|---|---|',
    ...scriptLines,
  ].join('\n');
  mkdirSync(join(here, 'results'), { recursive: true });
  writeFileSync(join(here, 'results/lighthouse.md'), table + '\n');
  console.log(table);
} finally {
  server.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
}
