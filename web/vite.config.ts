/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  // The footer prerenders the build year; the client fixes it up after hydration if it changed.
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  build: isSsrBuild
    ? { outDir: 'build/server', emptyOutDir: true }
    : {
        outDir: 'build/client',
        emptyOutDir: true,
        manifest: true,
        // A JS entry (no index.html) means Vite writes no <script>/<link rel=modulepreload> into HTML.
        // Preloading is off entirely: route chunks only import the entry, so there is nothing to preload,
        // and the polyfill/helper would add bytes to the budget on `/`.
        modulePreload: false,
        rolldownOptions: { input: 'src/entry.client.tsx' },
      },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
  },
}));
