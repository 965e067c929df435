import { expect, test, type Locator, type Page } from '@playwright/test';
import { vapiSiteURL } from '../playwright.config';
import { t } from './dictionaries';
import { expectAxeClean, gotoHydrated, type Lang, localized } from './support';

/** Every request path the page makes, to prove what is (not) loaded before the first click. */
function recordRequests(page: Page) {
  const paths: string[] = [];
  page.on('request', (r) => paths.push(new URL(r.url()).pathname));
  return paths;
}
const voiceCode = (paths: string[]) => paths.filter((p) => /\/assets\/(vapi|VoiceCard|[a-z]{2}-voice)[-.]/.test(p));

async function box(l: Locator) {
  const b = await l.boundingBox();
  if (!b) throw new Error('not visible');
  return b;
}

for (const lang of ['en', 'nl'] as Lang[]) {
  test(`a full conversation with the demo assistant (${lang})`, async ({ page }) => {
    const requested = recordRequests(page);
    await gotoHydrated(page, localized(lang, '/'));
    await page.waitForLoadState('networkidle');
    expect(voiceCode(requested), 'no voice code before the click').toEqual([]);

    // Hold one of the assistant's knowledge chunks, so the connecting state can be seen.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(new RegExp(`/assets/${lang}-pricing-[^/]+\\.js$`), async (route) => {
      await held;
      await route.continue();
    });

    const talk = page.getByRole('button', { name: t(lang, 'header.talkToAssistant') });
    await talk.click();
    const card = page.getByRole('region', { name: t(lang, 'voice.region') });
    await expect(card.getByText(t(lang, 'voice.connecting'))).toBeVisible();
    await expect(card.getByText(t(lang, 'voice.placeholder'))).toBeVisible();
    release();

    await expect(card.getByText(t(lang, 'voice.demoLabel'))).toBeVisible();
    const log = card.getByRole('log', { name: t(lang, 'voice.transcript') });
    await expect(log).toContainText(t(lang, 'voice.demo.greeting'));
    // The greeting is spoken (or its length simulated), then the assistant listens.
    await expect(card.getByText(t(lang, 'voice.speaking'))).toBeVisible();
    await expect(card.getByText(t(lang, 'voice.listening'))).toBeVisible({ timeout: 15_000 });
    await expect(card.getByText(t(lang, 'voice.placeholder'))).toHaveCount(0);

    const input = card.getByRole('textbox', { name: t(lang, 'voice.message') });
    await expect(input).toBeFocused(); // focus moved into the card
    await input.fill(t(lang, 'voice.chips.pricing'));
    await card.getByRole('button', { name: t(lang, 'voice.send'), exact: true }).click();

    const user = log.locator('.voice-line-user').last();
    await expect(user).toContainText(t(lang, 'voice.chips.pricing'));
    const answer = log.locator('.voice-line-assistant').nth(1);
    await expect(answer).toContainText(/0[.,]10/);
    await expect(answer.getByRole('link')).toHaveAttribute('href', localized(lang, '/pricing'));
    await expect(card.getByText(t(lang, 'voice.speaking'))).toBeVisible();

    // User lines sit on the right, assistant lines on the left.
    const [logBox, userBox, answerBox] = [await box(log), await box(user), await box(answer)];
    expect(logBox.x + logBox.width - (userBox.x + userBox.width)).toBeLessThan(24);
    expect(userBox.x - logBox.x).toBeGreaterThan(24);
    expect(answerBox.x - logBox.x).toBeLessThan(24);

    // A typed question from the other area of the site: integrations.
    await input.fill(lang === 'nl' ? 'Kan het koppelen met HubSpot?' : 'Can it connect to HubSpot?');
    await input.press('Enter');
    await expect(log.locator('.voice-line-assistant').nth(2)).toContainText('HubSpot');
    await expect(log.locator('.voice-line-assistant').nth(2).getByRole('link')).toHaveAttribute('href', localized(lang, '/features'));

    await expectAxeClean(page);

    await card.getByRole('button', { name: t(lang, 'voice.endCall') }).click();
    await expect(card).toHaveCount(0);
    await expect(talk).toBeFocused();
    expect(
      requested.filter((p) => p.includes('/assets/vapi')),
      'the Vapi SDK is never loaded in demo mode',
    ).toEqual([]);
  });
}

test('Escape ends the call and a second start while connecting is ignored', async ({ page }) => {
  await gotoHydrated(page, '/features');
  const talk = page.getByRole('button', { name: t('en', 'header.talkToAssistant') });
  await talk.click();
  const card = page.getByRole('region', { name: t('en', 'voice.region') });
  await expect(card.getByText(t('en', 'voice.listening')).or(card.getByText(t('en', 'voice.speaking')))).toBeVisible();
  await expect(card.getByRole('log').locator('.voice-line-assistant')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(card).toHaveCount(0);
  await expect(talk).toBeFocused();
});

test('Test agent on /personalized starts a call with the generated agent', async ({ page }) => {
  await gotoHydrated(page, '/personalized');
  await page
    .getByLabel(t('en', 'personalized.promptLabel'))
    .fill('We are a hair salon. Clients should book and move appointments, with SMS reminders.');
  await page.getByRole('button', { name: t('en', 'personalized.generate') }).click();
  const ready = page.getByRole('region', { name: t('en', 'personalized.ready.title') });
  await expect(ready).toBeVisible({ timeout: 5_000 });
  const agentName = (await ready.getByRole('heading', { level: 3 }).innerText()).trim();
  const greeting = (await ready.locator('blockquote').innerText()).trim();

  await ready.getByRole('button', { name: t('en', 'personalized.ready.test') }).click();
  const card = page.getByRole('region', { name: t('en', 'voice.region') });
  await expect(card.getByRole('heading', { name: agentName })).toBeVisible();
  await expect(card.getByRole('log').locator('.voice-line-assistant').first()).toContainText(greeting);
  const input = card.getByRole('textbox', { name: t('en', 'voice.message') });
  await input.fill('Which tools would you connect to?');
  await input.press('Enter');
  await expect(card.getByRole('log').locator('.voice-line-assistant').nth(1)).toContainText('SMS');
});

test.describe('with a Vapi key configured and no microphone', () => {
  test.use({ baseURL: vapiSiteURL });

  test('the visitor reads that the microphone is needed and the widget returns to idle', async ({ page }) => {
    await gotoHydrated(page, '/nl');
    const talk = page.getByRole('button', { name: t('nl', 'header.talkToAssistant') });
    await talk.click();
    await expect(page.getByRole('alert')).toContainText(t('nl', 'voice.errors.microphone'), { timeout: 20_000 });
    await expect(talk).toBeVisible();
  });

  test('the CSP allows the platform only in this mode', async ({ request }) => {
    const csp = (await request.get('/')).headers()['content-security-policy'];
    expect(csp).toContain('https://api.vapi.ai');
    expect(csp).toContain('https://c.daily.co');
    expect(csp).not.toContain("'unsafe-eval'");
    const config = await (await request.get('/api/voice/config')).json();
    expect(config).toEqual({
      mode: 'vapi',
      publicKey: '00000000-0000-4000-8000-00000000fa4e',
      assistantId: '00000000-0000-4000-8000-0000000a5515',
    });
  });
});

test('demo mode keeps the strict CSP and tells the app so', async ({ request }) => {
  const csp = (await request.get('/')).headers()['content-security-policy'];
  expect(csp).not.toContain('vapi');
  expect(await (await request.get('/api/voice/config')).json()).toEqual({ mode: 'demo' });
});
