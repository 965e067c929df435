// Where the main thread's time goes on the public pages: a Chrome performance trace (DevTools protocol
// through Playwright) with the CPU slowed 4×, and the long tasks (over 50 ms) it holds, each with what
// it was: script evaluation (which file), a function call or timer (which file), parsing, style and
// layout, garbage collection. Usage: make build && node bench/trace.mjs  (PAGES=/,/features; ORIGIN=
// to trace a running site instead of starting bin/site). Writes bench/results/trace.md.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { report, root, startSite } from './site.mjs';

// Playwright comes with the e2e suite.
const require = createRequire(join(root, 'e2e/package.json'));
const pw = await import(pathToFileURL(require.resolve('playwright-core')).href);
const chromium = pw.chromium ?? pw.default.chromium; // CommonJS package
const port = 3191;
const pages = (process.env.PAGES ?? '/,/features,/pricing,/nl').split(',');
const settleMs = Number(process.env.SETTLE_MS ?? 8000);

const short = (url) => {
  if (!url) return '';
  try {
    const u = new URL(url);
    return u.pathname.replace(/^\/assets\//, '').replace(/-[A-Za-z0-9_-]{8}\.js$/, '.js') || url;
  } catch {
    return url.slice(0, 60);
  }
};

/** What a trace event inside a task is, in words. */
function label(e) {
  const d = e.args?.data ?? {};
  switch (e.name) {
    case 'EvaluateScript':
    case 'v8.evaluateModule':
      return `evaluate ${short(d.url ?? e.args?.fileName) || 'script without URL (a dynamically imported module, or Playwright\'s own injected script)'}`;
    case 'v8.compile':
    case 'v8.compileModule':
    case 'v8.parseOnBackground':
      return `compile ${short(d.url ?? e.args?.fileName)}`;
    case 'FunctionCall':
      return `function ${d.functionName || '(anonymous)'} in ${short(d.url) || '?'}`;
    case 'TimerFire':
      return 'timer';
    case 'FireAnimationFrame':
      return 'animation frame';
    case 'EventDispatch':
      return `event ${d.type}`;
    case 'ParseHTML':
      return 'parse HTML';
    case 'UpdateLayoutTree':
    case 'RecalculateStyles':
      return 'style';
    case 'Layout':
      return 'layout';
    case 'Paint':
    case 'PrePaint':
      return 'paint';
    case 'MajorGC':
    case 'MinorGC':
    case 'V8.GC_MARK_COMPACTOR':
      return 'garbage collection';
    case 'RunMicrotasks':
    case 'V8.RunMicrotasks':
      return 'microtasks';
    case 'ResourceReceivedData':
    case 'ResourceFinish':
      return 'network';
  }
  return null;
}

/** The long tasks of one trace, each with its biggest parts (self time of labelled events). */
function longTasks(events) {
  // The page's main thread: of the renderers' main threads, the one that parsed the page's HTML.
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const parsed = (m) => events.filter((e) => e.pid === m.pid && e.tid === m.tid && (e.name === 'ParseHTML' || e.name === 'EvaluateScript')).length;
  const main = mains.sort((a, b) => parsed(b) - parsed(a))[0];
  const onMain = events.filter((e) => main && e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined);
  const nav = events.find((e) => e.name === 'navigationStart' || e.name === 'markAsMainFrame');
  const t0 = nav?.ts ?? Math.min(...onMain.map((e) => e.ts));
  const tasks = onMain.filter((e) => (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') && e.dur > 50_000);
  return tasks.map((task) => {
    const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur && label(e));
    // Self time: an event's duration minus that of labelled events directly inside it.
    const parts = new Map();
    for (const e of inside) {
      const children = inside.filter((c) => c !== e && c.ts >= e.ts && c.ts + c.dur <= e.ts + e.dur);
      const direct = children.filter((c) => !children.some((o) => o !== c && c.ts >= o.ts && c.ts + c.dur <= o.ts + o.dur));
      const self = e.dur - direct.reduce((s, c) => s + c.dur, 0);
      const name = label(e);
      parts.set(name, (parts.get(name) ?? 0) + Math.max(0, self));
    }
    const top = [...parts.entries()].sort((a, b) => b[1] - a[1]).slice(0, 4).filter(([, us]) => us > 2000);
    return {
      start: Math.round((task.ts - t0) / 1000),
      ms: Math.round(task.dur / 1000),
      what: top.map(([name, us]) => `${name} ${Math.round(us / 1000)} ms`).join('; ') || '(unlabelled)',
    };
  });
}

const ownServer = !process.env.ORIGIN;
const site = ownServer ? await startSite(port) : { origin: process.env.ORIGIN, stop() {} };
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'] });
const lines = [`Trace with 4× CPU slowdown, ${new Date().toISOString().slice(0, 16)}Z, ${site.origin}`, ''];
try {
  for (const path of pages) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const scripts = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(short(r.url())));
    const events = [];
    cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
    const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', {
      transferMode: 'ReportEvents',
      traceConfig: {
        includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'v8.execute', 'blink.user_timing', 'loading', '__metadata'],
      },
    });
    await page.goto(site.origin + path, { waitUntil: 'load' });
    await page.waitForTimeout(settleMs);
    await cdp.send('Tracing.end');
    await done;
    const tasks = longTasks(events);
    const tbt = tasks.reduce((s, t) => s + Math.max(0, t.ms - 50), 0);
    lines.push(`## ${path}: ${tasks.length} long tasks, ${tasks.reduce((s, t) => s + t.ms, 0)} ms in them, ${tbt} ms over 50 ms`, '');
    lines.push(`Scripts requested without interaction: ${scripts.length ? scripts.join(', ') : 'none'}`, '');
    lines.push('| at | task | what |', '|---|---|---|');
    for (const t of [...tasks].sort((a, b) => b.ms - a.ms).slice(0, 8)) lines.push(`| ${t.start} ms | ${t.ms} ms | ${t.what} |`);
    lines.push('');
    await context.close();
  }
} finally {
  await browser.close();
  site.stop();
}
report('trace.md', lines);
