// Reports the JS the browser fetches on `/` before any interaction, gzip level 6 (what the Go server
// precompresses with) and brotli, against a budget of 80 KB; and what the first interaction loads (entry
// + its static imports + landing route + the English strings it needs), against 105 KB. `/` is a page to
// read (Screen.loadOnInteraction): its prerendered HTML marks #root data-boot="interaction", and the boot
// script then imports nothing until the visitor interacts. A page without that mark loads the app after
// its first paint, so all of it counts before interaction.
import { readFileSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';

const CLIENT = resolve(dirname(fileURLToPath(import.meta.url)), '../build/client');
const DIST = resolve(dirname(fileURLToPath(import.meta.url)), '../../internal/web/dist');
const BEFORE_BUDGET = 80;
// A guard against growth of what the first interaction loads (the app itself: React, the router, the layout).
const APP_BUDGET = 105;
const manifest = JSON.parse(readFileSync(join(CLIENT, '.vite/manifest.json'), 'utf8'));
const roots = [
  'src/app/entry.client.tsx',
  'src/features/marketing/Landing.tsx',
  'src/shared/i18n/en/common.ts',
  'src/shared/i18n/en/landing.ts',
];

const files = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`not in manifest: ${key}`);
  if (files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const dep of chunk.imports ?? []) visit(dep);
};
roots.forEach(visit);

let gz = 0;
let br = 0;
for (const file of files) {
  const buf = readFileSync(join(CLIENT, file));
  const g = gzipSync(buf, { level: 6 }).length;
  const b = brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } }).length;
  gz += g;
  br += b;
  console.log(
    `${file.padEnd(40)} ${(buf.length / 1024).toFixed(2).padStart(8)} KB raw ${(g / 1024).toFixed(2).padStart(7)} KB gzip ${(b / 1024).toFixed(2).padStart(7)} KB br`,
  );
}
console.log(
  `${'at the first interaction on /'.padEnd(40)} ${''.padStart(15)} ${(gz / 1024).toFixed(2).padStart(7)} KB gzip ${(br / 1024).toFixed(2).padStart(7)} KB br (budget ${APP_BUDGET} KB gzip)`,
);
if (gz / 1024 > APP_BUDGET) process.exitCode = 1;

// Before any interaction: nothing when / waits for one, else the whole app as above.
const page = readFileSync(join(DIST, 'index.html'), 'utf8');
const waits = /<div id="root" data-boot="interaction">/.test(page);
const before = waits ? 0 : gz;
console.log(
  `${'before any interaction on /'.padEnd(40)} ${''.padStart(15)} ${(before / 1024).toFixed(2).padStart(7)} KB gzip${waits ? ' (loads at the first interaction)' : ''} (budget ${BEFORE_BUDGET} KB gzip)`,
);
if (before / 1024 > BEFORE_BUDGET) process.exitCode = 1;
