// Turns the client + SSR builds into the static files the Go server embeds (internal/web/dist).
// Contract: see the build-output section of the brief; every page gets its own head, inlined CSS
// and one inline boot script that loads the client entry only after first paint.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import postcss from 'postcss';

const WEB = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CLIENT = join(WEB, 'build/client');
const DIST = resolve(WEB, '../internal/web/dist');
const ENTRY = 'src/app/entry.client.tsx';

// React's server renderer, as its development build, writes into the page why a Suspense boundary falls
// back to client rendering, with a component stack naming this machine's build paths (<template data-msg
// data-cstck>, in every signed-in screen's shell). The pages are production pages: its production build.
process.env.NODE_ENV = 'production';

const {
  render,
  localePath,
  formMessages,
  payMessages,
  unsubscribeMessages,
  PRERENDER,
  PRERENDERED_PATHS,
  INDEXED_PATHS,
  CLIENT_ROUTES,
  SCREENS,
  loadWorkspaceShell,
  WORKSPACE_NAMESPACE,
} = await import(pathToFileURL(join(WEB, 'build/server/entry.server.js')).href);
const ORIGIN = PRERENDER.origin; // replaced by the Go server with SITE_URL
const LANGS = ['en', 'nl'];

// --- client build facts from the Vite manifest ---
const manifest = JSON.parse(readFileSync(join(CLIENT, '.vite/manifest.json'), 'utf8'));
const entry = manifest[ENTRY];
if (!entry?.file) throw new Error(`${ENTRY} missing from the Vite manifest`);
if (entry.css?.length !== 1) throw new Error(`expected one stylesheet for the client entry, found ${entry.css?.length ?? 0}`);
const stylesheet = '/' + entry.css[0];
const css = readFileSync(join(CLIENT, entry.css[0]), 'utf8').trim();
if (!css) throw new Error('no CSS found for the client entry');

// --- the script chunks each client-only screen runs, which the server preloads with its shell ---
// A signed-in screen's shell is answered with <link rel="modulepreload"> for them (internal/web/firstdata.go),
// so the browser fetches them at once instead of discovering them one import after the other. A route's
// lazy module is found through the SSR build: its load() imports the SSR chunk of the same source, which
// the SSR manifest names. Each list: the entry's chunks, the workspace shell's, the screen's, the sub-route's,
// the API client's (every workspace screen asks the API through shared/api/client.ts, which imports
// openapi-fetch on its first call) and the dictionaries (common, the shell's, the screen's).
const ssrManifest = JSON.parse(readFileSync(join(WEB, 'build/server/.vite/manifest.json'), 'utf8'));
const ssrSource = new Map(Object.values(ssrManifest).map((c) => [c.file, c.src]));
function sourceOf(load) {
  const m = /import\(["'`]\.\/([^"'`]+)["'`]\)/.exec(String(load));
  const src = m && ssrSource.get(m[1]);
  if (!src || !manifest[src]) throw new Error(`no client chunk for the route module ${String(load)}`);
  return src;
}
const apiClient = Object.keys(manifest).filter((k) => k.includes('/openapi-fetch/'));
if (apiClient.length !== 1) throw new Error(`expected one openapi-fetch chunk in the Vite manifest, found ${apiClient.length}`);
function chunkFiles(keys) {
  const files = [];
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} missing from the Vite manifest`);
    files.push('/' + chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  return files;
}
const screenChunks = Object.values(SCREENS)
  .filter((screen) => screen.clientOnly && screen.children)
  .flatMap((screen) => {
    const namespaces = ['common', ...(screen.workspace ? [WORKSPACE_NAMESPACE] : []), ...[screen.namespace].flat()];
    return screen.children.map((sub) => {
      const modules = [
        ENTRY,
        ...(screen.workspace ? [sourceOf(loadWorkspaceShell)] : []),
        sourceOf(screen.load),
        sourceOf(sub.load),
        apiClient[0],
      ];
      const files = Object.fromEntries(
        LANGS.map((lang) => [lang, chunkFiles([...modules, ...[...new Set(namespaces)].map((ns) => `src/shared/i18n/${lang}/${ns}.ts`)])]),
      );
      return { path: sub.path ? `${screen.path}/${sub.path}` : screen.path, files };
    });
  });

// --- each page inlines only the CSS its own markup uses ---
// The whole stylesheet is 66 KB of rules; building and matching all of them for every page was most of
// the main thread's work before the first interaction (issue 13's trace). A page inlines the rules whose
// class selectors all name classes in its HTML (rules without a class, @keyframes, @property and the
// theme stay), and the boot script adds the whole stylesheet when it starts the app, which waits for it
// (entry.client.tsx) before rendering anything the prerendered markup does not have. A signed-in screen
// the Go server has drawn (internal/screens) carries the same: the server picks the rules its markup uses
// from the list ruleList writes (_internal/screen-css.json, internal/web/screencss.go), by the classes
// classNames finds here.
// SERVER_CLASSES: markup the Go server adds to a page it answers without JavaScript (internal/web/forms.go,
// the form's alert), which no prerendered page contains.
// EARLY_CLASSES: the call card's starting state, which the boot script shows at a tap on the voice button
// before the app has loaded.
const SERVER_CLASSES = ['notice', 'notice-error', 'sm:col-span-2'];
const EARLY_CLASSES = ['voice-card', 'voice-head', 'voice-status'];
const cssRoot = postcss.parse(css);
const decodeEntities = (s) =>
  s.replace(/&(amp|quot|lt|gt|#x27|#39);/g, (_, e) => ({ amp: '&', quot: '"', lt: '<', gt: '>', '#x27': "'", '#39': "'" })[e]);
const classesIn = (html) => {
  const classes = new Set([...SERVER_CLASSES, ...EARLY_CLASSES]);
  for (const m of html.matchAll(/\sclass="([^"]*)"/g)) for (const c of decodeEntities(m[1]).split(/\s+/)) if (c) classes.add(c);
  return classes;
};
const classNames = (selector) =>
  // Attribute values ([href$=".pdf"]) and :not(…) name no class the element must have; an escaped
  // bracket belongs to a class name (.\[overflow-wrap\:anywhere\]).
  [
    ...selector
      .replace(/:not\((?:[^()]|\([^()]*\))*\)/g, '')
      .replace(/(?<!\\)\[[^\]]*(?<!\\)\]/g, '')
      .matchAll(/\.((?:\\.|[\w-])+)/g),
  ].map((m) => m[1].replace(/\\(.)/g, '$1'));
function criticalCss(html) {
  const classes = classesIn(html);
  const root = cssRoot.clone();
  root.walkRules((rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes$/.test(rule.parent.name)) return;
    const kept = rule.selectors.filter((sel) => classNames(sel).every((c) => classes.has(c)));
    if (!kept.length) rule.remove();
    else if (kept.length < rule.selectors.length) rule.selectors = kept;
  });
  // Drop the at-rules (media queries, layers, supports) left empty, innermost first.
  let emptied = true;
  while (emptied) {
    emptied = false;
    root.walkAtRules((at) => {
      if (at.nodes && at.nodes.length === 0) {
        at.remove();
        emptied = true;
      }
    });
  }
  return root.toString();
}

// The whole stylesheet as the list the Go server picks a drawn screen's rules from: each rule with its
// selectors and the classes each needs; the start and end of each group (@media, @supports, @layer…) of
// rules; anything else (@property, @keyframes, @layer's order, @page) as it is, which it always keeps.
function ruleList(root) {
  const groups = new Set(['media', 'supports', 'layer', 'container']);
  const out = [];
  const visit = (node) => {
    if (node.type === 'comment') return;
    if (node.type === 'rule') {
      if (node.nodes.some((n) => n.type !== 'decl')) throw new Error(`a nested rule in ${node.selector}: screen-css.json cannot list it`);
      out.push({ selectors: node.selectors.map((text) => ({ text, classes: classNames(text) })), body: node.nodes.map(String).join(';') });
    } else if (node.type === 'atrule' && node.nodes && groups.has(node.name)) {
      out.push({ open: `@${node.name}${node.params ? ' ' + node.params : ''}{` });
      node.each(visit);
      out.push({ close: true });
    } else {
      out.push({ raw: String(node).trim() + (node.type === 'atrule' && !node.nodes ? ';' : '') });
    }
  };
  root.each(visit);
  return out;
}

// The only inline script on any page (its hash goes into the CSP). On the app shell of a signed-in
// screen (#root data-shell) it loads the client entry at once, its first paint being only a loading
// state; on a shell the server has drawn the screen into (data-drawn, internal/screens), once the frame
// after it (the whole screen, parsed) has been painted, so the app's evaluation cannot hold that paint up
// (the first contentful paint may be the header alone); on a page that is neither a shell nor a page to
// read, once the first paint has happened, so the JS download cannot delay LCP (3 s fallback if no paint
// entry). A drawn shell names the screen's chunks in data-chunks rather than in <link rel="modulepreload">
// (whose compiling held its first paint up by ~150–400 ms on a phone slowed 4×): the script preloads them
// as it starts the app.
// A page to read (#root data-boot="interaction": the landing page, features, pricing, sub-processors,
// not found) is complete without the app: its links are plain links (a full load of another
// prerendered page), and this script answers what can be tapped. So no interaction loads the app by
// itself; only a need for it does:
//   - the voice button: a pointer over it, a touch or focus on it (the intent), or its click;
//   - a visitor who is signed in (the header's account menu): at the first interaction (a pointer, a
//     touch, a key, focus, scrolling) the script asks /api/me, a small JSON answer, and loads the app
//     only when it says so; it asks once the tap that may come with the interaction has been answered
//     (100 ms and a frame later, as below);
//   - on the English front door, a first-time visitor whose browser prefers Dutch (the suggestion to
//     switch, DutchSuggestion.tsx, whose rule and storage key are repeated here), at the first interaction.
// When it does load, the tap that may come with it is answered first: the entry and the whole
// stylesheet load only once no pointer is down and a frame has passed (100 ms at least), so their work
// (matching the whole stylesheet is most of it) never sits between a tap and the frame that answers it.
// Before the app has taken over, the menu's toggle opens and closes the list itself (without loading
// anything on a page to read), Escape closes it and gives the focus back to the toggle (as Header does),
// and a tap on the voice button shows the call card's starting state (#voice-early, outside #root; the
// card replaces it, VoiceCard.tsx). A click on any other button, or on the voice button, or a choice in a
// select made before then is kept in window.__early and carried out by the entry once the page has
// hydrated (entry.client.tsx); links and form posts work natively (internal/web/forms.go), and the
// language link remembers the choice in the `lang` cookie as LanguageSelect does.
const boot =
  `(function(){var d=0,u=0,h=document.documentElement,r=document.getElementById("root"),E=${JSON.stringify('/' + entry.file)},C=${JSON.stringify(stylesheet)},` +
  `w=r&&r.getAttribute("data-boot")=="interaction",ev=["pointerover","pointerdown","touchstart","keydown","focusin","wheel","scroll"];` +
  `function add(k,a){var x=document.createElement("link");x.rel=k;x.href=a;document.head.appendChild(x);return x}` +
  `function start(){if(d)return 0;d=1;return 1}` +
  `function load(){document.getElementById("styles")||(add("stylesheet",C).id="styles");` +
  `(r&&r.getAttribute("data-chunks")||"").split(" ").forEach(function(c){c&&add("modulepreload",c)});import(E)}` +
  `function run(){u?setTimeout(run,50):load()}` +
  `function go(){if(start()){setTimeout(function(){requestAnimationFrame(function(){setTimeout(run)})},100)}}` +
  `function now(){if(start())load()}` +
  `addEventListener("pointerdown",function(){u=1},true);` +
  `["pointerup","pointercancel"].forEach(function(e){addEventListener(e,function(){u=0},true)});` +
  `function early(e){if(h.hasAttribute("data-hydrated"))return;var t=e.target,l=e.type=="click"&&t&&t.closest&&t.closest("a.lang-picker[lang]");` +
  `if(l)document.cookie="lang="+l.getAttribute("lang")+"; path=/; max-age=31536000";` +
  `var c=t&&t.closest&&t.closest(e.type=="click"?'button[type="button"]':"select");` +
  `if(!c)return;if(e.type=="click"){e.preventDefault();e.stopPropagation()}` +
  `if(c.matches(".site-nav .nav-toggle")){c.setAttribute("aria-expanded",c.getAttribute("aria-expanded")=="true"?"false":"true");return w||go()}` +
  `if(c.matches(".voice-talk[data-region]")&&!document.getElementById("voice-early"))card(c);` +
  `window.__early={el:c,type:e.type,value:c.value};go()}` +
  `function el(n,k,p){var x=document.createElement(n);x.className=k;p.appendChild(x);return x}` +
  `function card(b){var a=el("aside","voice-widget",document.body),v=el("div","voice-card",a),o=el("div","voice-head",v),t=el("h2","",o),s=el("p","voice-status",o);` +
  `a.id="voice-early";v.setAttribute("role","region");v.setAttribute("aria-label",b.dataset.region);t.tabIndex=-1;t.textContent=b.dataset.title;` +
  `s.setAttribute("data-state","connecting");s.textContent=b.dataset.connecting;t.focus()}` +
  `addEventListener("click",early,true);addEventListener("change",early,true);` +
  `addEventListener("keydown",function(e){var t=e.key=="Escape"&&!h.hasAttribute("data-hydrated")&&document.querySelector('.site-nav .nav-toggle[aria-expanded="true"]');` +
  `if(t){t.setAttribute("aria-expanded","false");t.focus()}},true);` +
  `if(r&&r.hasAttribute("data-drawn"))return requestAnimationFrame(function(){setTimeout(now)});` +
  `if(r&&r.hasAttribute("data-shell"))return now();` +
  `if(w){["pointerover","pointerdown","focusin"].forEach(function(e){addEventListener(e,function(e){var t=e.target;if(t&&t.closest&&t.closest(".voice-talk"))go()},true)});` +
  `function need(){if(d)return;try{if(location.pathname=="/"&&!/(?:^|;\\s*)lang=/.test(document.cookie)&&!localStorage.getItem(${JSON.stringify(PRERENDER.nlSuggestionDismissedKey)})` +
  `&&/^nl(-|$)/i.test(navigator.languages&&navigator.languages[0]||navigator.language||""))return go()}catch(e){}` +
  `fetch("/api/me",{headers:{Accept:"application/json"}}).then(function(x){return x.ok&&x.json()}).then(function(m){m&&m.authenticated&&go()},function(){})}` +
  `var f=function(){ev.forEach(function(e){removeEventListener(e,f,true)});setTimeout(function(){requestAnimationFrame(function(){setTimeout(need)})},100)};` +
  `ev.forEach(function(e){addEventListener(e,f,{capture:true,passive:true})});return}` +
  `try{new PerformanceObserver(function(l){if(l.getEntriesByName("first-contentful-paint").length)now()})` +
  `.observe({type:"paint",buffered:true})}catch(e){}setTimeout(now,3000)})()`;
const bootHash = 'sha256-' + createHash('sha256').update(boot).digest('base64');

function documentHtml({ lang, head, html, loadOnInteraction }, { shell = false } = {}) {
  const styles = criticalCss(html);
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${head}
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<meta name="theme-color" content="${PRERENDER.themeColor}">
<meta name="${PRERENDER.quoteInboxMeta}" content="${PRERENDER.quoteInbox}">
${PRERENDER.facts.map((f) => `<meta name="${f.name}" content="${f.placeholder}">`).join('\n')}
<style>${styles}</style>
</head>
<body>
<div id="root"${shell ? ' data-shell' : loadOnInteraction ? ' data-boot="interaction"' : ''}>${html}</div>
<script>${boot}</script>
</body>
</html>
`;
}

// --- empty dist, keeping .gitkeep ---
mkdirSync(DIST, { recursive: true });
for (const name of readdirSync(DIST)) {
  if (name !== '.gitkeep') rmSync(join(DIST, name), { recursive: true, force: true });
}

function write(rel, content) {
  const file = join(DIST, rel);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
}

// --- pages ---
const pageFile = (url) => (url === '/' ? 'index.html' : `${url.slice(1)}/index.html`);

for (const lang of LANGS) {
  for (const path of PRERENDERED_PATHS) {
    const url = localePath(lang, path);
    write(pageFile(url), documentHtml(await render(url)));
  }
  // Not-found page, rendered through the `*` route of each language tree.
  write(`_internal/404.${lang}.html`, documentHtml(await render(localePath(lang, '/404'))));
  // App shell for client-only routes: layout + loading main, rendered fresh (not hydrated) in the browser.
  write(`_internal/app.${lang}.html`, documentHtml(await render(localePath(lang, CLIENT_ROUTES[0])), { shell: true }));
}

// --- static files ---
cpSync(join(CLIENT, 'assets'), join(DIST, 'assets'), { recursive: true });
// The signed-in screens' server render, which the Go server runs (internal/screens); never served.
cpSync(join(WEB, 'build/screens/screens.js'), join(DIST, '_internal/screens.js'));
if (!existsSync(join(CLIENT, 'favicon.svg'))) throw new Error('favicon.svg missing from the client build');
cpSync(join(CLIENT, 'favicon.svg'), join(DIST, 'favicon.svg'));

write(
  'robots.txt',
  [
    'User-agent: *',
    'Allow: /',
    ...LANGS.flatMap((lang) => CLIENT_ROUTES.map((route) => `Disallow: ${localePath(lang, route)}`)),
    'Disallow: /api/',
    `Sitemap: ${ORIGIN}/sitemap.xml`,
    '',
  ].join('\n'),
);

const urls = INDEXED_PATHS.flatMap((path) =>
  LANGS.map((lang) => {
    const alt = (hreflang, l) => `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${ORIGIN}${localePath(l, path)}"/>`;
    return [
      '  <url>',
      `    <loc>${ORIGIN}${localePath(lang, path)}</loc>`,
      alt('en', 'en'),
      alt('nl', 'nl'),
      alt('x-default', 'en'),
      '  </url>',
    ].join('\n');
  }),
);
write(
  'sitemap.xml',
  `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${urls.join('\n')}
</urlset>
`,
);

// What the server says when it answers a form posted without JavaScript with the form again.
write('_internal/forms.json', JSON.stringify(formMessages()) + '\n');
// The words of an invoice's pay page (/pay/{invoiceId}), which the server answers without the app.
write('_internal/pay.json', JSON.stringify(payMessages()) + '\n');
// The words of the one-click off pages of call alerts and the weekly digest, which the server answers too.
write('_internal/unsubscribe.json', JSON.stringify(unsubscribeMessages()) + '\n');

// The stylesheet's rules, of which a signed-in screen the server draws carries those its markup uses.
write('_internal/screen-css.json', JSON.stringify(ruleList(cssRoot)) + '\n');

write('_internal/site.json', JSON.stringify({ scriptHashes: [bootHash], clientRoutes: CLIENT_ROUTES, stylesheet, screenChunks }) + '\n');

console.log(`prerender: wrote ${PRERENDERED_PATHS.length * LANGS.length} pages, 404 + app shells, entry /${entry.file}, ${bootHash}`);
