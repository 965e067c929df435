import { expect, test, type Page } from '@playwright/test';
import { t } from './dictionaries';
import { uniqueEmail } from './mail';
import { expectAxeClean, gotoHydrated, languages, localized, signInStaff } from './support';

// Issue 19 §2: staff see the job queue in the console. A quote request inserts its emails as jobs in the
// same transaction; the Queue screen lists them, newest first, in both languages.

type Job = { id: number; kind: string; state: string };

async function newestJobId(page: Page): Promise<number> {
  const res = await page.request.get('/api/console/jobs?limit=1');
  expect(res.status(), await res.text()).toBe(200);
  const { items } = (await res.json()) as { items: Job[] };
  return items[0]?.id ?? 0;
}

test('a quote request puts its email on the queue, which staff see in English and Dutch, axe clean at 390 and 1280 px', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInStaff(page);
  const before = await newestJobId(page);
  const posted = await page.request.post('/api/quotes', {
    data: {
      fullName: 'Joris Bakker',
      email: uniqueEmail('queue'),
      description: 'Calls after hours for the bakery.',
      language: 'english',
      locale: 'en',
    },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const { items } = (await (await page.request.get('/api/console/jobs')).json()) as { items: Job[] };
  const mail = items.find((j) => j.id > before && j.kind === 'mail');
  expect(mail, JSON.stringify(items.slice(0, 5))).toBeTruthy();

  for (const lang of languages) {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await gotoHydrated(page, localized(lang, '/console/jobs'));
      await expect(page.getByRole('heading', { level: 1, name: t(lang, 'console.jobs.title') })).toBeVisible();
      // At 390 px the sections sit in the shell's closed menu: the link is there, hidden.
      await expect(page.getByRole('link', { name: t(lang, 'workspace.sections.jobs'), includeHidden: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
      const row = page
        .getByRole('listitem')
        .filter({ hasText: new RegExp(`${t(lang, 'console.jobs.number').replace('{id}', String(mail!.id))}(?!\\d)`) });
      await expect(row).toHaveCount(1);
      await expect(row.getByRole('heading', { name: t(lang, 'console.jobs.kinds.mail') })).toBeVisible();
      await expectAxeClean(page, `${lang} ${width}px`);
    }
  }

  // The state filter is the URL's, and the list holds only jobs in that state (none is cancelled here).
  await page.setViewportSize({ width: 1280, height: 900 });
  await gotoHydrated(page, '/console/jobs');
  await page.getByLabel(t('en', 'console.list.status')).selectOption('cancelled');
  await page.getByRole('button', { name: t('en', 'console.list.apply') }).click();
  await expect(page).toHaveURL(/\/console\/jobs\?state=cancelled$/);
  await expect(page.getByText(t('en', 'console.list.noMatch'))).toBeVisible();
  await expect(page.getByRole('button', { name: new RegExp(`^${t('en', 'console.jobs.cancel')}`) })).toHaveCount(0);
});
