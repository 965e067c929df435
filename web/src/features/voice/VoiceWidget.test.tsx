import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { getDictionary, registerDictionary } from '../../shared/i18n/dictionaries';
import en from '../../shared/i18n/en';
import common from '../../shared/i18n/en/common';
import { LanguageProvider } from '../../shared/i18n/LanguageContext';
import type { Dictionary } from '../../shared/i18n/types';
import { VoiceWidget } from './VoiceWidget';

// The whole path from the prerendered button: first click → /api/voice/config → demo client → card.
const h = vi.hoisted(() => ({ sdkLoaded: false }));
vi.mock('@vapi-ai/web', () => {
  h.sdkLoaded = true;
  return { default: class {} };
});

const fetchMock = vi.fn(async (url: string) => {
  if (url === '/api/voice/config')
    return new Response(JSON.stringify({ mode: 'demo' }), { headers: { 'Content-Type': 'application/json' } });
  return new Response('{}', { status: 404 });
});

beforeAll(() => {
  vi.stubGlobal('fetch', fetchMock);
  // As in the browser before the first click: only the `common` strings are loaded.
  registerDictionary('en', { ...common } as unknown as Dictionary);
});
afterAll(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderWidget() {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <LanguageProvider lang="en" dict={getDictionary('en')!}>
            <VoiceWidget />
          </LanguageProvider>
        ),
      },
    ],
    { initialEntries: ['/features'] },
  );
  return render(<RouterProvider router={router} />);
}

describe('VoiceWidget', () => {
  it("prerenders only the Talk button, with the card's starting state in words for the boot script", () => {
    const html = renderToString(
      <LanguageProvider lang="en" dict={en}>
        <VoiceWidget />
      </LanguageProvider>,
    );
    expect(html).toBe(
      '<aside class="voice-widget" aria-label="Talk to Assistant"><button type="button" class="btn btn-signal voice-talk" aria-label="Talk to Assistant" data-region="Voice call" data-title="Belwise assistant" data-connecting="Connecting..."></button></aside>',
    );
  });

  it('loads everything on the first click and talks with the demo assistant', async () => {
    renderWidget();
    expect(screen.getByRole('button', { name: 'Talk to Assistant' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Talk to Assistant' })));
    const card = await screen.findByRole('region', { name: 'Voice call' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][0]).toBe('/api/voice/config');
    expect(await within(card).findByText(en.voice.demo.greeting, { exact: false })).toBeTruthy();
    expect(within(card).getByText('Demo assistant — answers from this website, no live call')).toBeTruthy();
    // No microphone in jsdom: text-only, which is not an error.
    expect(within(card).getByText('No microphone in use: type your questions below.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.change(within(card).getByRole('textbox', { name: 'Type a message' }), { target: { value: 'What does it cost?' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Send' }));
    expect(await within(card).findByText(/From €0\.10 per minute of call time/)).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Read more: Pricing' }).getAttribute('href')).toBe('/pricing');

    fireEvent.click(within(card).getByRole('button', { name: 'End Call' }));
    expect(screen.queryByRole('region', { name: 'Voice call' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Talk to Assistant' }));

    // The config is asked once per page; the platform SDK is never loaded in demo mode.
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Talk to Assistant' })));
    expect(await screen.findByRole('region', { name: 'Voice call' })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(h.sdkLoaded).toBe(false);
  });
});
