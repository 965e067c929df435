import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../shared/i18n/en';
import nl from '../../shared/i18n/nl';
import type { Lang } from '../../shared/paths';
import { loadDraft } from '../personalized';
import { DemoClient, MAX_SPEAK_MS, MIN_SPEAK_MS, REPLY_DELAY_MS, simulatedSpeakingMs } from './demoClient';
import { answerQuestion, topicOf } from './demoKnowledge';
import type { CallStatus, MicState, TranscriptLine, VoiceClientEvents } from './types';

const { deriveDraft } = await loadDraft();

const knowledge = (lang: Lang) => ({ lang, dict: lang === 'nl' ? nl : en });
const ask = (question: string, lang: Lang = 'en') => answerQuestion(question, knowledge(lang));

describe('demo knowledge', () => {
  it.each([
    ['What does it cost?', 'pricing', '/pricing'],
    ['How much is it per minute?', 'pricing', '/pricing'],
    ['Does it work with HubSpot?', 'integrations', '/features'],
    ['Which tools can it connect to?', 'integrations', '/features'],
    ['Which languages does it speak?', 'languages', '/'],
    ['Can it speak Dutch?', 'languages', '/'],
    ['How do I get a quote?', 'quote', '/quote'],
    ['What can your agents do?', 'capabilities', '/features'],
    ['Can it send reminders?', 'capabilities', '/features'],
    ['Is it available 24/7?', 'savings', '/'],
    ['Can I try an agent for my business?', 'personalized', '/personalized'],
  ])('en: %s → %s', (question, topic, href) => {
    const answer = ask(question);
    expect(answer.topic).toBe(topic);
    expect(answer.link?.href).toBe(href);
    expect(answer.text).not.toMatch(/\{\w+\}|voice\.|features\.|pricing\./);
  });

  it.each([
    ['Wat kost het?', 'pricing', '/nl/pricing'],
    ['Wat zijn de kosten per minuut?', 'pricing', '/nl/pricing'],
    ['Hoe hoog is de prijs?', 'pricing', '/nl/pricing'],
    ['Kan ik koppelen met HubSpot?', 'integrations', '/nl/features'],
    ['Welke integratie is mogelijk?', 'integrations', '/nl/features'],
    ['Welke talen spreekt hij?', 'languages', '/nl'],
    ['Spreekt de agent Nederlands?', 'languages', '/nl'],
    ['Hoe vraag ik een offerte aan?', 'quote', '/nl/quote'],
    ['Kan ik een afspraak maken met jullie?', 'quote', '/nl/quote'],
    ['Kan hij afspraken inplannen?', 'capabilities', '/nl/features'],
    ['Wat kunnen jullie agenten?', 'capabilities', '/nl/features'],
  ])('nl: %s → %s', (question, topic, href) => {
    const answer = ask(question, 'nl');
    expect(answer.topic).toBe(topic);
    expect(answer.link?.href).toBe(href);
    expect(answer.text).not.toMatch(/\{\w+\}|voice\.|features\.|pricing\./);
  });

  it('answers pricing with the usage price and what moves it, in the page language', () => {
    const enText = ask('What does it cost?').text;
    expect(enText).toContain('€0.10');
    expect(enText).toContain('Setup fee');
    expect(enText).toContain('Maintenance fee');
    expect(enText).toContain('call volume, call complexity and workflow type');
    const nlText = ask('Wat kost het?', 'nl').text;
    expect(nlText).toContain('€ 0,10');
    expect(nlText).toContain('Opstartkosten');
    expect(ask('Wat kost het?', 'nl').link?.label).toBe('Lees meer: Prijzen');
  });

  it('answers integrations with the four categories, and a named product specifically', () => {
    const all = ask('Which integrations do you support?').text;
    for (const word of ['Calendars', 'CRMs', 'Messaging', 'Other tools', 'HubSpot', 'Google Calendar', 'Custom Webhooks']) {
      expect(all).toContain(word);
    }
    const hubspot = ask('Does it work with HubSpot?').text;
    expect(hubspot).toContain('HubSpot');
    expect(hubspot).toContain('CRMs');
    expect(ask('Werkt het met HubSpot?', 'nl').text).toContain('HubSpot');
    expect(ask('Welke koppelingen zijn er?', 'nl').text).toContain('Sms via een berichtendienst');
  });

  it('lists the nine capabilities, or the one that was named', () => {
    const all = ask('What features are there?').text;
    expect(all).toContain('9');
    expect(all).toContain('cold calling');
    expect(all).toContain('dashboard');
    expect(ask('Can it do lead qualification?').text).toBe('Lead qualification: Asks your qualifying questions and scores every lead.');
    expect(ask('Doet hij koude acquisitie?', 'nl').text).toContain('Koude acquisitie');
  });

  it('answers languages and quotes from the site copy', () => {
    expect(ask('Which languages?').text).toBe('A Belwise agent speaks English and Dutch, so every caller is helped in their own language.');
    expect(ask('Welke talen?', 'nl').text).toContain('Nederlands en Engels');
    expect(ask('How do I get a quote?').text).toContain(en.pricing.ctaText);
  });

  it('falls back to what it can answer, without a link', () => {
    const answer = ask('What is the weather like in Utrecht?');
    expect(answer.topic).toBe('fallback');
    expect(answer.link).toBeUndefined();
    expect(answer.text).toBe(en.voice.demo.fallback);
    expect(ask('Hoe laat is het?', 'nl').text).toBe(nl.voice.demo.fallback);
    expect(topicOf('Hallo!')).toBe('hello');
  });

  it('answers about a draft from the draft itself', () => {
    const draft = deriveDraft(
      "We're a solar panel installer; we need an agent that cold calls leads from HubSpot, qualifies them and books a site visit in Calendly. Dutch and English.",
      'en',
    );
    const k = { lang: 'en' as const, dict: en, draft };
    const goals = answerQuestion('What would you do for us?', k);
    expect(goals.text).toContain(draft.goals[0]);
    expect(goals.link?.href).toBe('/personalized');
    expect(answerQuestion('Which tools would you connect to?', k).text).toContain(
      `I would connect to ${draft.integrations.join(' and ')}.`,
    );
    expect(answerQuestion('Which languages do you speak?', k).text).toBe('I would speak Dutch and English on calls.');
    expect(answerQuestion('Who are you?', k).text).toBe(draft.summary);
    expect(answerQuestion('What does it cost?', k).text).toContain('€0.10');
  });
});

/** A demo client with everything it emits recorded. */
function setup(lang: Lang = 'en') {
  const client = new DemoClient({ loadDictionary: async (l) => (l === 'nl' ? nl : en) });
  const statuses: CallStatus[] = [];
  const lines: TranscriptLine[] = [];
  const speaking: boolean[] = [];
  const mic: MicState[] = [];
  const levels: VoiceClientEvents['level'][] = [];
  client.on('status', (s) => statuses.push(s));
  client.on('transcript', (l) => lines.push(l));
  client.on('speaking', (s) => speaking.push(s));
  client.on('microphone', (m) => mic.push(m));
  client.on('level', (l) => levels.push(l));
  return { client, statuses, lines, speaking, mic, levels, lang };
}

const flush = async () => {
  for (let i = 0; i < 5; i++) await vi.advanceTimersByTimeAsync(0);
};

describe('DemoClient', () => {
  const getUserMedia = vi.fn<(c: MediaStreamConstraints) => Promise<MediaStream>>();
  const track = { stop: vi.fn(), enabled: true };
  const stream = { getTracks: () => [track], getAudioTracks: () => [track] } as unknown as MediaStream;

  beforeEach(() => {
    vi.useFakeTimers();
    getUserMedia.mockReset().mockRejectedValue(new Error('NotAllowedError'));
    track.enabled = true;
    Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('greets, simulates speaking from the length of the text without speechSynthesis, then listens', async () => {
    expect('speechSynthesis' in globalThis).toBe(false);
    const { client, statuses, lines, speaking } = setup();
    void client.start({ lang: 'en' });
    await flush();
    expect(statuses).toEqual(['starting', 'active']);
    expect(lines).toEqual([{ role: 'assistant', text: en.voice.demo.greeting, final: true }]);
    expect(speaking).toEqual([true]);
    const ms = simulatedSpeakingMs(en.voice.demo.greeting);
    expect(ms).toBe(Math.min(MAX_SPEAK_MS, Math.max(MIN_SPEAK_MS, en.voice.demo.greeting.length * 60)));
    await vi.advanceTimersByTimeAsync(ms - 1);
    expect(speaking).toEqual([true]);
    await vi.advanceTimersByTimeAsync(1);
    expect(speaking).toEqual([true, false]);
  });

  it('answers a typed question after a short pause, with the source page', async () => {
    const { client, lines } = setup('nl');
    void client.start({ lang: 'nl' });
    await flush();
    client.sendText('Wat kost het?');
    expect(lines.at(-1)).toEqual({ role: 'user', text: 'Wat kost het?', final: true });
    await vi.advanceTimersByTimeAsync(REPLY_DELAY_MS);
    const answer = lines.at(-1)!;
    expect(answer.role).toBe('assistant');
    expect(answer.text).toContain('€ 0,10');
    expect(answer.link).toEqual({ href: '/nl/pricing', label: 'Lees meer: Prijzen' });
  });

  it('continues text-only when the microphone is refused or missing', async () => {
    const { client, mic, statuses } = setup();
    void client.start({ lang: 'en' });
    await flush();
    expect(mic).toEqual(['off']);
    expect(statuses).toEqual(['starting', 'active']);
  });

  it('meters a granted microphone and says once that it cannot understand speech', async () => {
    getUserMedia.mockResolvedValue(stream);
    class FakeAudioContext {
      resume = () => Promise.resolve();
      close = () => Promise.resolve();
      createAnalyser = () => ({ fftSize: 0, getFloatTimeDomainData: (buf: Float32Array) => buf.fill(0.1) });
      createMediaStreamSource = () => ({ connect: () => {} });
    }
    vi.stubGlobal('AudioContext', FakeAudioContext);
    const { client, mic, levels, lines } = setup();
    void client.start({ lang: 'en' });
    await flush();
    expect(mic).toEqual(['live']);
    // Still speaking the greeting: the level shows, but it is not taken for the visitor talking.
    await vi.advanceTimersByTimeAsync(100);
    expect(levels.at(-1)).toEqual({ source: 'user', value: expect.closeTo(0.667, 2) });
    expect(lines).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(MAX_SPEAK_MS);
    const notices = lines.filter((l) => l.text === en.voice.demo.hearYou);
    expect(notices).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(MAX_SPEAK_MS * 2);
    expect(lines.filter((l) => l.text === en.voice.demo.hearYou)).toHaveLength(1);

    client.setMuted(true);
    expect(track.enabled).toBe(false);
    client.stop();
    expect(track.stop).toHaveBeenCalled();
  });

  it('speaks with speechSynthesis when a voice exists for the language, following the utterance events', async () => {
    const spoken: { text: string; lang: string; onstart?: () => void; onend?: () => void }[] = [];
    vi.stubGlobal(
      'SpeechSynthesisUtterance',
      class {
        lang = '';
        voice: unknown = null;
        onstart?: () => void;
        onend?: () => void;
        onerror?: () => void;
        constructor(public text: string) {}
      },
    );
    vi.stubGlobal('speechSynthesis', {
      getVoices: () => [{ lang: 'en-GB', name: 'Test' }],
      speak: (u: (typeof spoken)[number]) => spoken.push(u),
      cancel: vi.fn(),
    });
    const { client, speaking } = setup();
    void client.start({ lang: 'en' });
    await flush();
    expect(spoken).toHaveLength(1);
    expect(spoken[0].text).toBe(en.voice.demo.greeting);
    expect(spoken[0].lang).toBe('en-GB');
    expect(speaking).toEqual([]);
    spoken[0].onstart!();
    expect(speaking).toEqual([true]);
    spoken[0].onend!();
    expect(speaking).toEqual([true, false]);
  });

  it('simulates speaking when speechSynthesis has no voice for the language', async () => {
    const speak = vi.fn();
    vi.stubGlobal('SpeechSynthesisUtterance', class {});
    vi.stubGlobal('speechSynthesis', { getVoices: () => [{ lang: 'en-US' }], speak, cancel: vi.fn() });
    const { client, speaking } = setup('nl');
    void client.start({ lang: 'nl' });
    await flush();
    expect(speak).not.toHaveBeenCalled();
    expect(speaking).toEqual([true]);
  });

  it('opens with the draft greeting when primed with a draft, and answers from it', async () => {
    const draft = deriveDraft('Wij zijn Tandartspraktijk De Molen en willen dat patiënten afspraken kunnen maken via Google Agenda.', 'nl');
    const { client, lines } = setup('nl');
    void client.start({ lang: 'nl', draft });
    await flush();
    expect(lines[0]).toEqual({ role: 'assistant', text: draft.greeting, final: true });
    client.sendText('Met welke tools zou u koppelen?');
    await vi.advanceTimersByTimeAsync(REPLY_DELAY_MS);
    expect(lines.at(-1)!.text).toContain('Google Calendar');
  });

  it('ignores a second start, and stops cleanly (nothing answers after the end)', async () => {
    const load = vi.fn(async () => en);
    const client = new DemoClient({ loadDictionary: load });
    const statuses: CallStatus[] = [];
    const lines: TranscriptLine[] = [];
    client.on('status', (s) => statuses.push(s));
    client.on('transcript', (l) => lines.push(l));
    void client.start({ lang: 'en' });
    void client.start({ lang: 'en' });
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
    client.sendText('What does it cost?');
    client.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(statuses).toEqual(['starting', 'active', 'ended']);
    expect(lines.at(-1)!.role).toBe('user');
  });
});

describe('demo knowledge: contact, privacy and help (issue 12)', () => {
  it('sends a visitor who wants a person or a call-back to the contact page', () => {
    for (const [q, lang] of [
      ['Can I talk to a person?', 'en'],
      ['Please call me back', 'en'],
      ['Kan ik iemand spreken?', 'nl'],
      ['Kunt u mij terugbellen?', 'nl'],
    ] as const) {
      const a = ask(q, lang);
      expect(a.topic, q).toBe('contact');
      expect(a.link?.href, q).toBe(lang === 'nl' ? '/nl/contact' : '/contact');
    }
  });

  it('answers privacy questions with the privacy page', () => {
    for (const [q, lang] of [
      ['What about my privacy?', 'en'],
      ['Are calls recorded?', 'en'],
      ['Hoe zit het met de AVG?', 'nl'],
    ] as const) {
      const a = ask(q, lang);
      expect(a.topic, q).toBe('privacy');
      expect(a.link?.href, q).toBe(lang === 'nl' ? '/nl/privacy' : '/privacy');
    }
  });

  it('answers from the help center, the same strings /help shows', () => {
    const a = ask('Can we keep our own phone number?');
    expect(a.topic).toBe('help');
    expect(a.text).toBe(en.help.items.ownNumber.a);
    expect(a.link?.href).toBe('/help');
    expect(ask('Hoe lang duurt het voordat hij live is?', 'nl').text).toBe(nl.help.items.launch.a);
    expect(ask('Can it transfer a call to my team?').text).toBe(en.help.items.handover.a);
  });

  it('knows "gesprekken aannemen" is answering calls', () => {
    const a = ask('Kan hij gesprekken aannemen?', 'nl');
    expect(a.topic).toBe('capabilities');
    expect(a.text).toContain(nl.features.cards.inbound.title);
  });

  it('never points "Read more" at the page the visitor is on', () => {
    expect(answerQuestion('What does it cost?', { ...knowledge('en'), here: '/pricing' }).link).toBeUndefined();
    expect(answerQuestion('What does it cost?', { ...knowledge('en'), here: '/features' }).link?.href).toBe('/pricing');
  });
});
