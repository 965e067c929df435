import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import en from '../../shared/i18n/en';
import { LanguageProvider } from '../../shared/i18n/LanguageContext';
import nl from '../../shared/i18n/nl';
import type { Lang } from '../../shared/paths';
import { Emitter } from './emitter';
import { createVoiceStore, mergeLine, type VoiceStore } from './store';
import type { CallStatus, VoiceClient, VoiceClientEvents, VoiceMode } from './types';
import VoicePanel from './VoiceCard';

/** A scriptable client: the test emits its events. */
function fakeClient(mode: VoiceMode = 'demo') {
  const events = new Emitter<VoiceClientEvents>();
  let status: CallStatus = 'idle';
  const setStatus = (s: CallStatus) => {
    status = s;
    events.emit('status', s);
  };
  const client = {
    mode,
    on: ((event, listener) => events.on(event, listener)) as VoiceClient['on'],
    start: vi.fn(async () => {
      if (status === 'starting' || status === 'active') return;
      setStatus('starting');
    }),
    stop: vi.fn(() => {
      if (status === 'starting' || status === 'active') setStatus('ended');
    }),
    sendText: vi.fn(),
    setMuted: vi.fn(),
    emit<E extends keyof VoiceClientEvents>(event: E, value: VoiceClientEvents[E]) {
      act(() => (event === 'status' ? setStatus(value as CallStatus) : events.emit(event, value)));
    },
  };
  return client;
}

function setup({ lang = 'en', mode = 'demo' }: { lang?: Lang; mode?: VoiceMode } = {}) {
  const client = fakeClient(mode);
  const store: VoiceStore = createVoiceStore(async () => client);
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <LanguageProvider lang={lang} dict={lang === 'nl' ? nl : en}>
            <main>
              <p>Page</p>
            </main>
            <div className="voice-widget">
              <VoicePanel store={store} />
            </div>
          </LanguageProvider>
        ),
      },
    ],
    { initialEntries: [lang === 'nl' ? '/nl' : '/'] },
  );
  render(<RouterProvider router={router} />);
  return { client, store, router };
}

/** Clicks Talk and lets the store pick the client. */
async function startCall(name = 'Talk to Assistant') {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('VoicePanel', () => {
  it('shows the connecting card with a cancel button, focused on its heading, and cancels', async () => {
    const { client } = setup();
    await startCall();
    const card = screen.getByRole('region', { name: 'Voice call' });
    expect(within(card).getByText('Connecting...')).toBeTruthy();
    expect(document.activeElement).toBe(within(card).getByRole('heading', { name: 'Belwise assistant' }));
    expect(client.start).toHaveBeenCalledWith({ lang: 'en', draft: null });
    fireEvent.click(within(card).getByRole('button', { name: 'Cancel' }));
    expect(client.stop).toHaveBeenCalled();
    expect(screen.queryByRole('region', { name: 'Voice call' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Talk to Assistant' }));
  });

  it('shows the placeholder in an empty transcript and moves focus to the text box once connected', async () => {
    const { client } = setup();
    await startCall();
    client.emit('status', 'active');
    const log = screen.getByRole('log', { name: 'Conversation' });
    expect(log.getAttribute('aria-live')).toBe('polite');
    expect(within(log).getByText('Conversation will appear here...')).toBeTruthy();
    expect(screen.getByText('Listening...')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Type a message' }));
    client.emit('speaking', true);
    expect(screen.getByText('Assistant Speaking...')).toBeTruthy();
  });

  it('aligns user lines right and assistant lines left, and links an answer to its page', async () => {
    const { client } = setup();
    await startCall();
    client.emit('status', 'active');
    client.emit('transcript', { role: 'assistant', text: 'Hi, how can I help?', final: true });
    client.emit('transcript', { role: 'user', text: 'What does it cost?', final: true });
    client.emit('transcript', {
      role: 'assistant',
      text: 'From €0.10 per minute.',
      final: true,
      link: { href: '/pricing', label: 'Read more: Pricing' },
    });
    const log = screen.getByRole('log');
    expect(within(log).queryByText('Conversation will appear here...')).toBeNull();
    const user = within(log).getByText('What does it cost?');
    const assistant = within(log).getByText('Hi, how can I help?');
    expect(user.className).toContain('voice-line-user');
    expect(assistant.className).toContain('voice-line-assistant');
    // Screen readers hear who is speaking.
    expect(user.textContent).toBe('You: What does it cost?');
    expect(assistant.textContent).toBe('Assistant: Hi, how can I help?');
    expect(within(log).getByRole('link', { name: 'Read more: Pricing' }).getAttribute('href')).toBe('/pricing');
  });

  it('replaces a partial line with the next line of the same speaker', () => {
    const partial = mergeLine([], { role: 'user', text: 'What', final: false });
    const withAssistant = mergeLine(partial, { role: 'assistant', text: 'Hm', final: false });
    const final = mergeLine(withAssistant, { role: 'user', text: 'What does it cost?', final: true });
    expect(final).toEqual([
      { role: 'user', text: 'What does it cost?', final: true },
      { role: 'assistant', text: 'Hm', final: false },
    ]);
  });

  it('ends the call on Escape and returns focus to the Talk button', async () => {
    const { client } = setup();
    await startCall();
    client.emit('status', 'active');
    const input = screen.getByRole('textbox', { name: 'Type a message' });
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(client.stop).toHaveBeenCalled();
    expect(screen.queryByRole('region')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Talk to Assistant' }));
  });

  it('ends the call with End Call', async () => {
    const { client } = setup();
    await startCall();
    client.emit('status', 'active');
    fireEvent.click(screen.getByRole('button', { name: 'End Call' }));
    expect(client.stop).toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Talk to Assistant' }));
  });

  it('sends typed turns and suggestion chips in demo mode, under the demo label', async () => {
    const { client } = setup();
    await startCall();
    client.emit('status', 'active');
    expect(screen.getByText('Demo assistant — answers from this website, no live call')).toBeTruthy();
    const input = screen.getByRole('textbox', { name: 'Type a message' });
    fireEvent.change(input, { target: { value: 'Do you speak Dutch?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(client.sendText).toHaveBeenCalledWith('Do you speak Dutch?');
    expect((input as HTMLInputElement).value).toBe('');
    const chips = screen.getByRole('group', { name: 'Suggestions' });
    fireEvent.click(within(chips).getByRole('button', { name: 'What does it cost?' }));
    expect(client.sendText).toHaveBeenCalledWith('What does it cost?');
  });

  it('shows no demo label or chips in Vapi mode', async () => {
    const { client } = setup({ mode: 'vapi' });
    await startCall();
    client.emit('status', 'active');
    expect(screen.queryByText(/Demo assistant/)).toBeNull();
    expect(screen.queryByRole('group', { name: 'Suggestions' })).toBeNull();
  });

  it('shows a level meter and a mute toggle while a microphone is live, or a text-only note', async () => {
    const { client } = setup();
    await startCall();
    client.emit('status', 'active');
    client.emit('microphone', 'off');
    expect(screen.getByText('No microphone in use: type your questions below.')).toBeTruthy();
    expect(screen.queryByRole('meter')).toBeNull();
    client.emit('microphone', 'live');
    client.emit('level', { source: 'user', value: 0.42 });
    const meter = screen.getByRole('meter', { name: 'Microphone level' });
    expect(meter.getAttribute('aria-valuenow')).toBe('42');
    const mute = screen.getByRole('button', { name: 'Mute microphone' });
    expect(mute.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(mute);
    expect(client.setMuted).toHaveBeenCalledWith(true);
    expect(mute.getAttribute('aria-pressed')).toBe('true');
    expect(meter.getAttribute('aria-valuenow')).toBe('0');
  });

  it('shows an error in words by the idle button until dismissed or the next start', async () => {
    const { client } = setup({ mode: 'vapi' });
    await startCall();
    client.emit('error', { code: 'timeout', message: 'no call-start' });
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('The call did not connect within 15 seconds. Please try again.');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();

    client.emit('status', 'error');
    await startCall();
    client.emit('error', { code: 'microphone', message: 'denied' });
    expect(screen.getByRole('alert').textContent).toContain('microphone');
    await startCall();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('is translated into Dutch', async () => {
    const { client } = setup({ lang: 'nl' });
    await startCall('Praat met de assistent');
    const card = screen.getByRole('region', { name: 'Spraakgesprek' });
    expect(within(card).getByText('Verbinden...')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Annuleren' })).toBeTruthy();
    client.emit('status', 'active');
    expect(within(card).getByText('Luistert...')).toBeTruthy();
    expect(within(card).getByText('Het gesprek verschijnt hier...')).toBeTruthy();
    expect(within(card).getByRole('textbox', { name: 'Typ een bericht' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Versturen' })).toBeTruthy();
    client.emit('speaking', true);
    expect(within(card).getByText('Assistent spreekt...')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Gesprek beëindigen' }));
    expect(screen.getByRole('button', { name: 'Praat met de assistent' })).toBeTruthy();
  });

  it('uses the draft name as the heading when primed with a draft', async () => {
    const { client, store } = setup();
    await act(async () => {
      store.start({ lang: 'en', draft: { name: 'Emma, the front desk of Acme Dental' } as never });
    });
    client.emit('status', 'active');
    expect(screen.getByRole('heading', { name: 'Emma, the front desk of Acme Dental' })).toBeTruthy();
    expect(
      within(screen.getByRole('group', { name: 'Suggestions' })).getByRole('button', { name: 'What would you do for us?' }),
    ).toBeTruthy();
  });
});
