import { expect, test, type Page } from '@playwright/test';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumArgs, vapiSiteURL } from '../playwright.config';
import { t } from './dictionaries';
import { gotoHydrated } from './support';

/**
 * Two seconds of syllable-like bursts (0.3 s of a changing tone, 0.2 s of silence) as 16-bit mono PCM
 * WAV: what Chromium's fake microphone plays, in a loop. A steady tone would not do: the browser's
 * noise suppression learns it as background noise and fades it out within a second or two.
 */
function toneWav(): string {
  const rate = 16_000;
  const samples = rate * 2;
  const buf = Buffer.alloc(44 + samples * 2);
  buf.write('RIFF', 0);
  buf.writeUInt32LE(36 + samples * 2, 4);
  buf.write('WAVEfmt ', 8);
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20); // PCM
  buf.writeUInt16LE(1, 22); // mono
  buf.writeUInt32LE(rate, 24);
  buf.writeUInt32LE(rate * 2, 28);
  buf.writeUInt16LE(2, 32);
  buf.writeUInt16LE(16, 34);
  buf.write('data', 36);
  buf.writeUInt32LE(samples * 2, 40);
  const pitches = [220, 330, 262, 392];
  for (let i = 0; i < samples; i++) {
    const time = i / rate;
    const syllable = Math.floor(time / 0.5);
    const inSyllable = time % 0.5;
    const envelope = inSyllable < 0.3 ? Math.sin((Math.PI * inSyllable) / 0.3) : 0;
    const pitch = pitches[syllable % pitches.length] * (1 + inSyllable);
    buf.writeInt16LE(Math.round(Math.sin(2 * Math.PI * pitch * time) * envelope * 16_000), 44 + i * 2);
  }
  const file = join(mkdtempSync(join(tmpdir(), 'fake-mic-')), 'tone.wav');
  writeFileSync(file, buf);
  return file;
}

// Chromium's fake microphone, granted, playing the tone above.
test.use({
  permissions: ['microphone'],
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: [
      ...chromiumArgs,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-audio-capture=${toneWav()}`,
    ],
  },
});

/** Every request path the page makes, to prove what is (not) loaded before the first click. */
function recordRequests(page: Page) {
  const paths: string[] = [];
  page.on('request', (r) => paths.push(new URL(r.url()).pathname));
  return paths;
}
const voiceCode = (paths: string[]) => paths.filter((p) => /\/assets\/(vapi|VoiceCard|[a-z]{2}-voice)[-.]/.test(p));

async function meterValues(page: Page, samples: number) {
  const meter = page.getByRole('meter', { name: t('en', 'voice.micLevel') });
  const values: number[] = [];
  for (let i = 0; i < samples; i++) {
    values.push(Number(await meter.getAttribute('aria-valuenow')));
    await page.waitForTimeout(150);
  }
  return values;
}

test('the fake microphone moves the level meter; mute silences it; the demo says it cannot understand speech', async ({ page }) => {
  await gotoHydrated(page, '/');
  await page.getByRole('button', { name: t('en', 'header.talkToAssistant') }).click();
  const card = page.getByRole('region', { name: t('en', 'voice.region') });
  await expect(card.getByRole('meter', { name: t('en', 'voice.micLevel') })).toBeVisible();
  await expect(card.getByRole('log')).toContainText(t('en', 'voice.demo.hearYou'), { timeout: 15_000 });

  const live = await meterValues(page, 8);
  expect(Math.max(...live), `levels ${live}`).toBeGreaterThan(5);

  const mute = card.getByRole('button', { name: t('en', 'voice.mute') });
  await mute.click();
  await expect(mute).toHaveAttribute('aria-pressed', 'true');
  await page.waitForTimeout(300);
  const muted = await meterValues(page, 4);
  expect(Math.max(...muted), `levels while muted ${muted}`).toBe(0);
});

test.describe('with a Vapi key configured', () => {
  // The fake microphone lets the call get as far as the platform.
  test.use({ baseURL: vapiSiteURL });

  test('the platform unreachable: the visitor reads why and the widget returns to idle', async ({ page }) => {
    const requested = recordRequests(page);
    const blocked: string[] = [];
    await page.route(/^https:\/\/([a-z0-9-]+\.)*(vapi\.ai|daily\.co|pluot\.blue)\//, (route) => {
      blocked.push(route.request().url());
      return route.abort('internetdisconnected');
    });
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));

    await gotoHydrated(page, '/');
    await page.waitForLoadState('networkidle');
    expect(voiceCode(requested), 'no voice SDK bytes before the click').toEqual([]);

    const talk = page.getByRole('button', { name: t('en', 'header.talkToAssistant') });
    await talk.click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(t('en', 'voice.errors.network'), { timeout: 20_000 });
    await expect(talk).toBeVisible();
    await expect(page.getByRole('region', { name: t('en', 'voice.region') })).toHaveCount(0);
    expect(
      requested.some((p) => /^\/assets\/vapi[-.]/.test(p)),
      'the SDK loads on the click',
    ).toBe(true);
    expect(
      blocked.some((u) => u.startsWith('https://api.vapi.ai/')),
      'the SDK tried the platform',
    ).toBe(true);
    expect(errors.length, 'the failure is logged').toBeGreaterThan(0);

    // The widget works again: a second try fails the same way instead of hanging.
    await page.getByRole('button', { name: t('en', 'voice.dismiss') }).click();
    await talk.click();
    await expect(page.getByRole('alert')).toBeVisible({ timeout: 20_000 });
  });
});
