/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import type { Plugin } from 'vite';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

// Vite wraps every dynamic import in a preload helper (~0.6 KB gzip) even with modulePreload off.
// Route chunks here depend only on the entry, so there is never anything to preload: swap in a no-op.
const PRELOAD_HELPER = '\0vite/preload-helper.js';
const noPreloadHelper: Plugin = {
  name: 'belwise:no-preload-helper',
  enforce: 'pre',
  apply: 'build',
  resolveId: (id) => (id === PRELOAD_HELPER ? id : null),
  load: (id) => (id === PRELOAD_HELPER ? 'export const __vitePreload = (load) => load();' : null),
};

// react-router's package exports always resolve to its development build (dev-only warnings and
// messages included); the client bundle uses the production build it also ships: ~2 KB less gzip on `/`.
const RR_PROD = fileURLToPath(new URL('./node_modules/react-router/dist/production/', import.meta.url));
const reactRouterProduction = [
  { find: /^react-router$/, replacement: `${RR_PROD}index.mjs` },
  { find: /^react-router\/dom$/, replacement: `${RR_PROD}dom-export.mjs` },
];

// V8 compiles a function when it is first called, on the main thread, unless the file says all of its
// functions run at load (Chrome 136+, "explicit compile hints"): then it compiles them with the file, on a
// background thread while the file streams in. React, React DOM and the router, which the entry holds, are
// what every start of the app runs; in DevTools traces of /dashboard on a phone slowed 4×, the first render's
// task went from ~360 ms to ~170–230 ms. Added after minification, which drops comments.
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';
const calledOnLoad = (chunk: { isEntry: boolean; moduleIds: string[] }) =>
  chunk.isEntry || chunk.moduleIds.some((id) => /\/node_modules\/(react|react-dom|react-router|scheduler)\//.test(id));

// The signed-in screens' server render (src/app/entry.screens.tsx, mode `screens`), which the Go server
// runs in goja (internal/screens): one classic script with everything in it (no imports to resolve), the
// production builds of React and the router, and syntax goja reads.
const screensBuild = {
  outDir: 'build/screens',
  emptyOutDir: true,
  target: 'es2019',
  minify: true,
  rolldownOptions: { output: { format: 'iife' as const, codeSplitting: false, entryFileNames: 'screens.js' } },
};

// React Router's framework mode, unused here, imports route modules by URL at run time; goja reads scripts,
// which have no import(). With every module in the file there is nothing left to import: such a call fails.
// And what goja reads differently from a browser fails the build.
const noRuntimeImport: Plugin = {
  name: 'belwise:no-runtime-import',
  apply: (_, env) => env.mode === 'screens',
  renderChunk(code) {
    // goja's regular expressions have no Unicode property escapes (\p{L}): such a one silently matches nothing.
    const property = /.{0,40}\\[pP]\{.{0,40}/.exec(code);
    if (property) this.error(`screens.js: a Unicode property escape, which goja cannot match: ${property[0]}`);
    return code.replace(/(?<![\w$.])import\(/g, 'Promise.reject(');
  },
};

// React is CommonJS. In the screens build, each module's `import { useState } from 'react'` became its own copy
// of React's exports, made of getters (rolldown's interop, __toESM): 112 copies to make while goja starts an
// engine, a third of its start, and a getter call on every hook a render uses. One ES module here re-exports
// React's names from the one CommonJS module: one copy, plain bindings.
const REACT_CJS = fileURLToPath(new URL('./node_modules/react/cjs/react.production.js', import.meta.url));
const REACT_ESM = '\0belwise:react-esm';
// react-dom/server.browser is two renderers: renderToString's, and the streaming one, which encodes its ~200
// fixed pieces of markup to bytes when it loads (another third of an engine's start) and is never called here.
const RENDER_TO_STRING = fileURLToPath(
  new URL('./node_modules/react-dom/cjs/react-dom-server-legacy.browser.production.js', import.meta.url),
);
const esmReact: Plugin = {
  name: 'belwise:react-esm',
  enforce: 'pre',
  apply: (_, env) => env.mode === 'screens',
  resolveId: (id) => (id === 'react' ? REACT_ESM : id === 'react-dom/server.browser' ? RENDER_TO_STRING : null),
  load(id) {
    if (id !== REACT_ESM) return null;
    const names = Object.keys(createRequire(import.meta.url)(REACT_CJS) as object).filter(
      (n) => /^[A-Za-z_$][\w$]*$/.test(n) && n !== 'default',
    );
    return `import React from ${JSON.stringify(REACT_CJS)};\nexport default React;\nexport const { ${names.join(', ')} } = React;\n`;
  },
};

// React's renderToString adds each piece of markup to one string (result += chunk). In goja a string with
// any non-ASCII character is UTF-16 and every += copies it whole: an agent page (53 KB of markup) took
// 250 ms, three quarters of it copying. Collected in an array and joined once, it takes a fraction.
const LEGACY_SERVER = /react-dom-server-legacy\.browser\.production\.js$/;
const joinOnce: Plugin = {
  name: 'belwise:render-to-string-join-once',
  apply: (_, env) => env.mode === 'screens',
  transform(code, id) {
    if (!LEGACY_SERVER.test(id)) return null;
    let out = code;
    for (const [from, to] of [
      ['result = "",', 'result = [],'],
      ['null !== chunk && (result += chunk);', 'null !== chunk && result.push(chunk);'],
      ['  return result;\n}', '  return result.join("");\n}'],
    ]) {
      if (out.split(from).length !== 2) this.error(`${id}: expected one "${from}" (a new React? see vite.config.ts)`);
      out = out.replace(from, to);
    }
    return out;
  },
};

// The prerender's server build. The manifest names each chunk's source: the prerender finds a route's
// client chunks by it.
const serverBuild = { outDir: 'build/server', emptyOutDir: true, manifest: true };

const clientBuild = {
  outDir: 'build/client',
  emptyOutDir: true,
  manifest: true,
  // A JS entry (no index.html) means Vite writes no <script>/<link rel=modulepreload> into HTML.
  // Preloading is off entirely: route chunks only import the entry, so there is nothing to preload,
  // and the polyfill/helper would add bytes to the budget on `/`.
  modulePreload: false as const,
  rolldownOptions: {
    input: 'src/app/entry.client.tsx',
    output: {
      postBanner: (chunk: { isEntry: boolean; moduleIds: string[] }) => (calledOnLoad(chunk) ? COMPILE_HINT : ''),
      // Name dictionary chunks by language (en-landing-….js) so they are easy to tell apart.
      chunkFileNames: (chunk: { facadeModuleId: string | null }) => {
        const lang = /\/i18n\/(en|nl)\//.exec(chunk.facadeModuleId ?? '')?.[1];
        return lang ? `assets/${lang}-[name]-[hash].js` : 'assets/[name]-[hash].js';
      },
    },
  },
};

export default defineConfig(({ command, isSsrBuild, mode }) => ({
  resolve: { alias: command === 'build' && (!isSsrBuild || mode === 'screens') ? reactRouterProduction : [] },
  plugins: [noPreloadHelper, esmReact, noRuntimeImport, joinOnce, react(), tailwindcss()],
  define: {
    // The footer prerenders the build year; the client fixes it up after hydration if it changed.
    __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()),
    ...(mode === 'screens' ? { 'process.env.NODE_ENV': '"production"' } : {}),
  },
  ...(mode === 'screens' ? { ssr: { noExternal: true, target: 'webworker' as const } } : {}),
  build: mode === 'screens' ? screensBuild : isSsrBuild ? serverBuild : clientBuild,
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
    testTimeout: 20_000,
  },
}));
