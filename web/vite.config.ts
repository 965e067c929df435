/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import type { Plugin } from 'vite';
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

export default defineConfig(({ command, isSsrBuild }) => ({
  resolve: { alias: command === 'build' && !isSsrBuild ? reactRouterProduction : [] },
  plugins: [noPreloadHelper, react(), tailwindcss()],
  // The footer prerenders the build year; the client fixes it up after hydration if it changed.
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  build: isSsrBuild
    ? // The manifest names each chunk's source: the prerender finds a route's client chunks by it.
      { outDir: 'build/server', emptyOutDir: true, manifest: true }
    : {
        outDir: 'build/client',
        emptyOutDir: true,
        manifest: true,
        // A JS entry (no index.html) means Vite writes no <script>/<link rel=modulepreload> into HTML.
        // Preloading is off entirely: route chunks only import the entry, so there is nothing to preload,
        // and the polyfill/helper would add bytes to the budget on `/`.
        modulePreload: false,
        rolldownOptions: {
          input: 'src/app/entry.client.tsx',
          output: {
            postBanner: (chunk) => (calledOnLoad(chunk) ? COMPILE_HINT : ''),
            // Name dictionary chunks by language (en-landing-….js) so they are easy to tell apart.
            chunkFileNames: (chunk) => {
              const lang = /\/i18n\/(en|nl)\//.exec(chunk.facadeModuleId ?? '')?.[1];
              return lang ? `assets/${lang}-[name]-[hash].js` : 'assets/[name]-[hash].js';
            },
          },
        },
      },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
    testTimeout: 20_000,
  },
}));
