// Reports the JS the browser fetches on `/` (entry + its static imports + landing route + the English
// strings it needs), gzip level 6 (what the Go server precompresses with) and brotli, against 100 KB.
import { readFileSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';

const CLIENT = resolve(dirname(fileURLToPath(import.meta.url)), '../build/client');
const manifest = JSON.parse(readFileSync(join(CLIENT, '.vite/manifest.json'), 'utf8'));
const roots = ['src/entry.client.tsx', 'src/pages/Landing.tsx', 'src/i18n/en/common.ts', 'src/i18n/en/landing.ts'];

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
  console.log(`${file.padEnd(40)} ${(buf.length / 1024).toFixed(2).padStart(8)} KB raw ${(g / 1024).toFixed(2).padStart(7)} KB gzip ${(b / 1024).toFixed(2).padStart(7)} KB br`);
}
console.log(`${'total on /'.padEnd(40)} ${''.padStart(15)} ${(gz / 1024).toFixed(2).padStart(7)} KB gzip ${(br / 1024).toFixed(2).padStart(7)} KB br (budget 100 KB gzip)`);
if (gz / 1024 > 100) process.exitCode = 1;
