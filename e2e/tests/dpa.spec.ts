import { expect, test } from '@playwright/test';
import { t } from './dictionaries';
import { expectAxeClean, gotoHydrated, languages, localized, signInBuyer } from './support';

// Issue 23 §3: the processor agreement. The public sub-processors page (prerendered, accessible) and the
// demo buyer's agreement page (accepted by the seed), with its PDF copy, in both languages. Accepting it
// as a fresh buyer before their agent goes live runs in console-flow.spec.ts and contacts.spec.ts.

for (const lang of languages) {
  test(`the public sub-processors page lists Vapi and its providers, accessibly (${lang})`, async ({ page }) => {
    // axe takes a while on a loaded machine.
    test.setTimeout(90_000);
    await page.goto(localized(lang, '/subprocessors'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(lang, 'subprocessors.title').replace('\u00ad', ''));
    for (const name of ['Vapi, Inc.', 'Deepgram, Inc.', 'OpenAI, L.L.C.', 'Hetzner Online GmbH', 'Brevo SAS']) {
      await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    }
    await expect(page.getByRole('contentinfo').getByRole('link', { name: t(lang, 'footer.support.subprocessors') })).toHaveAttribute(
      'href',
      localized(lang, '/subprocessors'),
    );
    await expectAxeClean(page, '', { allRules: true });
  });

  test(`the demo buyer reads the accepted agreement and downloads its PDF (${lang})`, async ({ page }) => {
    test.setTimeout(90_000);
    await signInBuyer(page, lang);
    await gotoHydrated(page, localized(lang, '/dashboard/agreement'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(lang, 'agreement.title').replace('\u00ad', ''));
    await expect(page.getByRole('status')).toContainText(lang === 'nl' ? 'Geaccepteerd door' : 'Accepted by');
    await expect(page.getByRole('button', { name: t(lang, 'agreement.accept') })).toHaveCount(0);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: t(lang, 'agreement.pdf') }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(lang === 'nl' ? 'verwerkersovereenkomst-v1.pdf' : 'processor-agreement-v1.pdf');
    await expectAxeClean(page, '', { allRules: true });
  });
}
