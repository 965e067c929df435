import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// web/src/shared/format.ts writes euros, numbers and dates without Intl, because Chromium's first Intl
// formatter costs more than a signed-in screen's whole first render on a slow phone (issue 24 §1). What it
// writes must be what Chromium's Intl writes, for every kind of value, in English and Dutch, in the visitor's
// zone (Amsterdam here, with its daylight-saving changes) and in UTC: this runs the module itself in Chromium
// and compares. Vitest does the same against Node's Intl, whose ICU differs in one space.

const web = fileURLToPath(new URL('../../web/', import.meta.url));
const ts = createRequire(join(web, 'package.json'))('typescript') as typeof import('typescript');
const source = readFileSync(join(web, 'src/shared/format.ts'), 'utf8');
const commonjs = ts.transpileModule(source, {
  compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
}).outputText;

test.use({ timezoneId: 'Europe/Amsterdam' });

test("format.ts writes what Chromium's Intl writes", async ({ page }) => {
  await page.goto('about:blank'); // no page of ours: only Chromium's Intl and the module
  await page.addScriptTag({ content: `(function (exports) {\n${commonjs}\n})(window.__format = {});` });
  const differences = await page.evaluate(() => {
    type Lang = 'en' | 'nl';
    const f = (window as unknown as { __format: Record<string, (...args: unknown[]) => string> }).__format;
    let seed = 11;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const numbers = [0, -0, 1, -1, 0.005, 0.125, 1.005, 2.5, 9.995, 999.5, 1234.5, -1234567.891, 1e21, -0.004];
    for (let i = 0; i < 300; i++) numbers.push((random() - 0.3) * 10 ** Math.floor(random() * 9));
    const instants = [
      '2026-03-29T00:59:00Z',
      '2026-03-29T01:00:00Z',
      '2026-10-25T00:30:00Z',
      '2026-10-25T01:30:00Z',
      '2026-01-01T00:00:00Z',
    ];
    for (let i = 0; i < 300; i++) instants.push(new Date(Date.UTC(2000, 0, 1) + random() * 40 * 365 * 86_400_000).toISOString());
    const out: string[] = [];
    const same = (what: string, ours: string, intl: string) =>
      ours !== intl && out.push(`${what}: ${JSON.stringify(ours)} ≠ Intl ${JSON.stringify(intl)}`);
    for (const [lang, locale] of [
      ['en', 'en-US'],
      ['nl', 'nl-NL'],
    ] as [Lang, string][]) {
      for (const n of numbers) {
        for (const digits of [0, 1, 2])
          same(
            `${locale} ${n}/${digits}`,
            f.formatNumber(n, lang, digits),
            new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(n),
          );
        const cents = Math.round(n * 100);
        same(
          `${locale} €${cents}`,
          f.formatMoney(cents, 'EUR', lang),
          new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(cents / 100),
        );
      }
      for (const iso of instants) {
        const at = new Date(iso);
        for (const timeZone of [undefined, 'UTC']) {
          same(
            `${locale} ${iso} ${timeZone}`,
            f.formatDateTime(iso, lang, timeZone),
            new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(at),
          );
          same(
            `${locale} ${iso} ${timeZone}`,
            f.formatDate(iso, lang, timeZone),
            new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone }).format(at),
          );
        }
        const day = iso.slice(0, 10);
        const noon = new Date(`${day}T12:00:00Z`);
        for (const weekday of [false, true])
          same(
            `${locale} ${day}`,
            f.formatDay(day, lang, weekday),
            new Intl.DateTimeFormat(locale, {
              month: 'short',
              day: 'numeric',
              weekday: weekday ? 'short' : undefined,
              timeZone: 'UTC',
            }).format(noon),
          );
        same(
          `${locale} ${day}`,
          f.formatCalendarDate(day, lang),
          new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(noon),
        );
        same(
          `${locale} ${day}`,
          f.formatMonth(day.slice(0, 7), lang),
          new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(noon),
        );
      }
    }
    return out;
  });
  expect(differences).toEqual([]);
});
