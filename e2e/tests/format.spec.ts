import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// web/src/shared/format.ts writes euros, numbers and dates without Intl, because Chromium's first Intl
// formatter costs more than a signed-in screen's whole first render on a slow phone (issue 24 §1). What it
// writes must be what Chromium's Intl writes: this runs the module and its comparison (formatVsIntl.ts, which
// Vitest runs against Node's Intl) in Chromium, in the visitor's zone (Amsterdam, with its daylight-saving
// changes) and in UTC.

const web = fileURLToPath(new URL('../../web/', import.meta.url));
const ts = createRequire(join(web, 'package.json'))('typescript') as typeof import('typescript');
/** A module of web/src as a script that puts its exports on window[name]. */
const asScript = (file: string, name: string) => {
  const source = readFileSync(join(web, 'src/shared', file), 'utf8');
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
  });
  return `(function (exports) {\n${outputText}\n})(window.${name} = {});`;
};

test.use({ timezoneId: 'Europe/Amsterdam' });

test("format.ts writes what Chromium's Intl writes", async ({ page }) => {
  await page.goto('about:blank'); // no page of ours: only Chromium's Intl and the two modules
  await page.addScriptTag({ content: asScript('format.ts', '__format') });
  await page.addScriptTag({ content: asScript('formatVsIntl.ts', '__vsIntl') });
  const differences = await page.evaluate(() => {
    const w = window as unknown as { __format: never; __vsIntl: { differencesFromIntl(f: never): string[] } };
    return w.__vsIntl.differencesFromIntl(w.__format);
  });
  expect(differences).toEqual([]);
});
