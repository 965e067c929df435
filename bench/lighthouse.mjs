// Lighthouse 12.8 (mobile preset, simulated throttling) on the built binary: median of 5 runs per page
// (RUNS=), with Total Blocking Time and the gzip size of every script each page loads before any
// interaction. With ORIGINAL_DIR set to a built checkout of the app this site replaces
// (yeshe098/vines_automation, outside this repository), that app is served with its own `vite preview`
// and measured in the same run, its runs interleaved with ours so both see the same machine load, and
// the table gives the ratio of our TBT to its TBT. Usage: make build && node bench/lighthouse.mjs
// Writes bench/results/lighthouse.md and prints the same table.
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSite } from './site.mjs';
import { gzipSync } from 'node:zlib';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const port = 3190;
const origin = `http://127.0.0.1:${port}`;
const pages = (process.env.PAGES ?? '/,/features,/pricing,/nl').split(',');
const runs = Number(process.env.RUNS ?? 5);
const originalDir = process.env.ORIGINAL_DIR;
const originalPort = 3192;
const originalOrigin = `http://127.0.0.1:${originalPort}`;
// The original app has no Dutch pages.
const originalPages = pages.filter((p) => !p.startsWith('/nl'));
const chromeFlags = '--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync';

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

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

// The original app, served by its own Vite (`vite preview`) from its build in ORIGINAL_DIR.
async function startOriginal() {
  const vite = spawn(join(originalDir, 'node_modules/.bin/vite'), ['preview', '--port', String(originalPort), '--strictPort', '--host', '127.0.0.1'], {
    cwd: originalDir,
    stdio: 'ignore',
  });
  for (let i = 0; i < 100; i++) {
    try { if ((await fetch(originalOrigin + '/')).ok) return vite; } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`vite preview did not start in ${originalDir}`);
}

const site = await startSite(port);
const original = originalDir ? await startOriginal() : null;
const rows = [];
const work = mkdtempSync(join(tmpdir(), 'bench-lh-out-'));

// Gzip size of the scripts a page loaded during the Lighthouse run (no interaction), compressed the
// way the server does (level 6).
async function scriptsOf(r) {
  const urls = r.audits['network-requests'].details.items.filter((it) => it.resourceType === 'Script').map((it) => it.url);
  let gzip = 0;
  const lines = [];
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(url, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer());
    const gz = gzipSync(body, { level: 6 }).length;
    gzip += gz;
    lines.push(`| ${new URL(url).pathname} | ${(body.length / 1024).toFixed(1)} | ${(gz / 1024).toFixed(1)} |`);
  }
  return { gzip, lines };
}

function sample(r) {
  const score = (c) => Math.round(r.categories[c].score * 100);
  return {
    perf: score('performance'), a11y: score('accessibility'), bp: score('best-practices'), seo: score('seo'),
    lcp: r.audits['largest-contentful-paint'].numericValue,
    fcp: r.audits['first-contentful-paint'].numericValue,
    tbt: r.audits['total-blocking-time'].numericValue,
    cls: r.audits['cumulative-layout-shift'].numericValue,
  };
}

try {
  const targets = [
    ...pages.map((path) => ({ site: 'ours', origin, path })),
    ...(original ? originalPages.map((path) => ({ site: 'original', origin: originalOrigin, path })) : []),
  ];
  const samples = new Map(targets.map((t) => [t, []]));
  const js = new Map();
  // Round-robin: every page of both sites once per round, so a noisy minute hits them alike.
  for (let i = 0; i < runs; i++) {
    for (const target of targets) {
      const r = lighthouse(target.origin + target.path, join(work, `run.json`));
      samples.get(target).push(sample(r));
      if (i === 0) js.set(target, await scriptsOf(r));
      const failed = Object.values(r.audits).filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary').map((a) => a.id);
      if (failed.length) console.error(`${target.site} ${target.path} run ${i + 1}: failing audits: ${failed.join(', ')}`);
    }
  }
  for (const target of targets) {
    const ss = samples.get(target);
    const m = (k) => median(ss.map((s) => s[k]));
    rows.push({
      site: target.site, path: target.path, perf: m('perf'), a11y: m('a11y'), bp: m('bp'), seo: m('seo'),
      lcp: m('lcp'), fcp: m('fcp'), tbt: m('tbt'), cls: m('cls'), all: ss.map((s) => s.perf).join('/'),
      tbts: ss.map((s) => Math.round(s.tbt)).join('/'), js: js.get(target).gzip,
    });
  }
  const originalTbt = (path) => rows.find((r) => r.site === 'original' && r.path === path)?.tbt;
  const ratio = (r) => {
    const o = originalTbt(r.path === '/nl' ? '/' : r.path);
    if (r.site !== 'ours' || o === undefined) return '';
    return o > 0 ? (r.tbt / o).toFixed(2) : '—';
  };
  const ours = js.get(targets[0]);

  const table = [
    `Lighthouse 12.8.2, mobile preset, median of ${runs} runs, ${new Date().toISOString().slice(0, 10)}${original ? ', the original app in the same run (interleaved)' : ''}`,
    '',
    '| site | page | perf (runs) | a11y | best practices | SEO | LCP | FCP | TBT (runs) | TBT ours/original | CLS | JS before interaction (gzip) |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.site} | ${r.path} | ${r.perf} (${r.all}) | ${r.a11y} | ${r.bp} | ${r.seo} | ${(r.lcp / 1000).toFixed(2)} s | ${(r.fcp / 1000).toFixed(2)} s | ${Math.round(r.tbt)} ms (${r.tbts}) | ${ratio(r)} | ${r.cls.toFixed(3)} | ${(r.js / 1024).toFixed(1)} KiB |`),
    '',
    `JavaScript loaded by ${pages[0]} before any interaction: ${ours.lines.length} files, ${(ours.gzip / 1024).toFixed(1)} KiB gzip (${(ours.gzip / 1000).toFixed(1)} kB)`,
    '',
    '| script | raw KiB | gzip KiB |',
    '|---|---|---|',
    ...ours.lines,
  ].join('\n');
  mkdirSync(join(here, 'results'), { recursive: true });
  writeFileSync(join(here, 'results/lighthouse.md'), table + '\n');
  console.log(table);
} finally {
  site.stop();
  original?.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
}
