import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadDraft } from '../personalized';
import type { CallStatus, TranscriptLine, VoiceClientEvents, VoiceError } from './types';

const { deriveDraft } = await loadDraft();

type Fn = (...args: unknown[]) => void;

// A stand-in for @vapi-ai/web that behaves like the real SDK where it matters: start() resolves later to a
// call object or null, `call-start` only arrives when the test says so, stop() does nothing to a call that
// does not exist yet, and an `error` with no listener throws.
const h = vi.hoisted(() => ({ instances: [] as FakeVapi[], log: [] as string[] }));

interface FakeVapi {
  key: string;
  call: object | null;
  start: ReturnType<typeof vi.fn>;
  stop: ReturnType<typeof vi.fn>;
  send: ReturnType<typeof vi.fn>;
  setMuted: ReturnType<typeof vi.fn>;
  emit(event: string, ...args: unknown[]): void;
  /** Settles the pending start(): with a call, or as a failure (call-start-failed + error, then null). */
  settle(ok: boolean): void;
}

vi.mock('@vapi-ai/web', () => {
  class Vapi implements FakeVapi {
    call: object | null = null;
    private started = false;
    private pending: ((call: object | null) => void) | null = null;
    private listeners = new Map<string, Set<Fn>>();
    constructor(public key: string) {
      h.instances.push(this);
    }
    on(event: string, fn: Fn) {
      h.log.push(`on:${event}`);
      if (!this.listeners.has(event)) this.listeners.set(event, new Set());
      this.listeners.get(event)!.add(fn);
      return this;
    }
    off(event: string, fn: Fn) {
      this.listeners.get(event)?.delete(fn);
      return this;
    }
    emit(event: string, ...args: unknown[]) {
      const set = this.listeners.get(event);
      if (event === 'error' && !set?.size) throw new Error('Unhandled error event');
      set?.forEach((fn) => fn(...args));
    }
    start = vi.fn(() => {
      h.log.push('start');
      if (this.started) return Promise.resolve(null);
      this.started = true;
      return new Promise<object | null>((resolve) => (this.pending = resolve));
    });
    settle(ok: boolean) {
      const resolve = this.pending!;
      this.pending = null;
      if (ok) {
        this.call = { id: 'call-1' };
        resolve({ id: 'call-1', webCallUrl: 'https://example.invalid/room' });
      } else {
        this.emit('call-start-failed', { stage: 'unknown', totalDuration: 5, error: 'Invalid assistant', timestamp: '', context: {} });
        this.emit('error', { type: 'start-method-error', error: { message: 'Invalid assistant' } });
        this.started = false;
        resolve(null);
      }
    }
    stop = vi.fn(async () => {
      h.log.push('stop');
      this.started = false;
      if (!this.call) return; // nothing to destroy yet
      this.call = null;
      this.emit('call-end');
    });
    send = vi.fn();
    setMuted = vi.fn();
  }
  // CommonJS shape: the class is exports.default.
  return { default: { default: Vapi } };
});

const track = { stop: vi.fn() };
const stream = { getTracks: () => [track], getAudioTracks: () => [track] } as unknown as MediaStream;
const getUserMedia = vi.fn<(c: MediaStreamConstraints) => Promise<MediaStream>>();

let VapiClient: typeof import('./vapiClient').VapiClient;

async function flush(times = 10) {
  for (let i = 0; i < times; i++) await vi.advanceTimersByTimeAsync(0);
}

/** A started client with everything it emits recorded. */
async function setup(config: Parameters<InstanceType<typeof VapiClient>['start']>[0] = { lang: 'en' }) {
  const client = new VapiClient({ publicKey: 'pk_test', assistantId: 'asst_1' });
  const statuses: CallStatus[] = [];
  const errors: VoiceError[] = [];
  const lines: TranscriptLine[] = [];
  const speaking: boolean[] = [];
  const levels: VoiceClientEvents['level'][] = [];
  client.on('status', (s) => statuses.push(s));
  client.on('error', (e) => errors.push(e));
  client.on('transcript', (l) => lines.push(l));
  client.on('speaking', (s) => speaking.push(s));
  client.on('level', (l) => levels.push(l));
  const started = client.start(config);
  await flush();
  return { client, statuses, errors, lines, speaking, levels, started, sdk: () => h.instances[h.instances.length - 1] };
}

beforeEach(async () => {
  vi.useFakeTimers();
  vi.resetModules();
  h.instances.length = 0;
  h.log.length = 0;
  getUserMedia.mockReset().mockResolvedValue(stream);
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  await import('@vapi-ai/web'); // cached, so the client's dynamic import resolves within a few ticks
  ({ VapiClient } = await import('./vapiClient'));
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('VapiClient', () => {
  it('loads the SDK on the first start only, once per page, and registers its error listener before start()', async () => {
    const { sdk, client } = await setup();
    expect(h.instances).toHaveLength(1);
    expect(sdk().key).toBe('pk_test');
    expect(sdk().start).toHaveBeenCalledWith('asst_1', { variableValues: { language: 'en' } });
    expect(h.log.indexOf('on:error')).toBeGreaterThanOrEqual(0);
    expect(h.log.indexOf('on:error')).toBeLessThan(h.log.indexOf('start'));
    sdk().settle(true);
    sdk().emit('call-start');
    client.stop();
    await flush();
    // A second client on the same page reuses the instance.
    const again = new VapiClient({ publicKey: 'pk_test', assistantId: 'asst_1' });
    void again.start({ lang: 'nl' });
    await flush();
    expect(h.instances).toHaveLength(1);
  });

  it('treats a null start() as a failure: error event, status error, and a new start is possible', async () => {
    const { client, sdk, statuses, errors } = await setup();
    sdk().settle(false);
    await flush();
    expect(errors).toHaveLength(1);
    expect(errors[0].code).toBe('platform');
    expect(statuses).toEqual(['starting', 'error']);
    expect(console.error).toHaveBeenCalled();

    void client.start({ lang: 'en' });
    await flush();
    expect(sdk().start).toHaveBeenCalledTimes(2);
    expect(statuses.at(-1)).toBe('starting');
  });

  it('goes active when call-start arrives late (10 s), without a timeout', async () => {
    const { sdk, statuses, errors } = await setup();
    sdk().settle(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(statuses).toEqual(['starting']);
    sdk().emit('call-start');
    expect(statuses).toEqual(['starting', 'active']);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(errors).toEqual([]);
    expect(sdk().stop).not.toHaveBeenCalled();
  });

  it('gives up after 15 s without call-start: timeout error and the SDK stopped', async () => {
    const { sdk, statuses, errors } = await setup();
    sdk().settle(true);
    await vi.advanceTimersByTimeAsync(14_999);
    expect(errors).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(errors.map((e) => e.code)).toEqual(['timeout']);
    expect(statuses).toEqual(['starting', 'error']);
    expect(sdk().stop).toHaveBeenCalledTimes(1);
    expect(sdk().call).toBeNull();
    // A late call-start changes nothing.
    sdk().emit('call-start');
    expect(statuses).toEqual(['starting', 'error']);
  });

  it('stops a call that is still being set up at the timeout once start() settles', async () => {
    const { sdk, errors } = await setup();
    await vi.advanceTimersByTimeAsync(15_000);
    expect(errors.map((e) => e.code)).toEqual(['timeout']);
    sdk().settle(true);
    await flush();
    expect(sdk().stop).toHaveBeenCalled();
    expect(sdk().call).toBeNull();
  });

  it('really cancels a start: stop() while starting is applied once the SDK settles', async () => {
    const { client, sdk, statuses } = await setup();
    client.stop();
    expect(statuses).toEqual(['starting', 'ended']);
    // The SDK would ignore stop() now (no call yet), so it is not called yet.
    expect(sdk().stop).not.toHaveBeenCalled();
    sdk().settle(true);
    await flush();
    expect(sdk().stop).toHaveBeenCalledTimes(1);
    expect(h.log.lastIndexOf('stop')).toBeGreaterThan(h.log.indexOf('start'));
    expect(sdk().call).toBeNull();
    sdk().emit('call-start');
    expect(statuses).toEqual(['starting', 'ended']);
  });

  it('cancels before the SDK is even asked when stopped during the microphone prompt', async () => {
    let grant!: (s: MediaStream) => void;
    getUserMedia.mockReturnValue(new Promise((resolve) => (grant = resolve)));
    const client = new VapiClient({ publicKey: 'pk_test', assistantId: 'asst_1' });
    void client.start({ lang: 'en' });
    await flush();
    client.stop();
    grant(stream);
    await flush();
    expect(h.instances.at(-1)?.start ?? vi.fn()).not.toHaveBeenCalled();
  });

  it('ignores a second start while one is running', async () => {
    const { client, sdk, statuses } = await setup();
    void client.start({ lang: 'en' });
    await flush();
    expect(sdk().start).toHaveBeenCalledTimes(1);
    sdk().settle(true);
    sdk().emit('call-start');
    void client.start({ lang: 'en' });
    await flush();
    expect(sdk().start).toHaveBeenCalledTimes(1);
    expect(statuses).toEqual(['starting', 'active']);
  });

  it('maps transcript messages (partial and final) and ignores other messages', async () => {
    const { sdk, lines } = await setup();
    sdk().settle(true);
    sdk().emit('call-start');
    sdk().emit('message', { type: 'transcript', role: 'user', transcriptType: 'partial', transcript: 'What does' });
    sdk().emit('message', { type: 'transcript', role: 'user', transcriptType: 'final', transcript: 'What does it cost?' });
    sdk().emit('message', { type: 'transcript', role: 'assistant', transcriptType: 'final', transcript: 'From ten cents a minute.' });
    sdk().emit('message', { type: 'status-update', status: 'in-progress' });
    sdk().emit('message', { type: 'conversation-update', conversation: [] });
    expect(lines).toEqual([
      { role: 'user', text: 'What does', final: false },
      { role: 'user', text: 'What does it cost?', final: true },
      { role: 'assistant', text: 'From ten cents a minute.', final: true },
    ]);
  });

  it('drives the speaking indicator and the levels from speech and volume events', async () => {
    const { sdk, speaking, levels } = await setup();
    sdk().settle(true);
    sdk().emit('call-start');
    sdk().emit('speech-start');
    sdk().emit('volume-level', 0.6);
    sdk().emit('local-volume-level', 0.03);
    sdk().emit('speech-end');
    expect(speaking).toEqual([true, false]);
    expect(levels).toEqual([
      { source: 'assistant', value: 0.6 },
      { source: 'user', value: expect.closeTo(0.2, 5) },
    ]);
  });

  it('ends on call-end, stopping nothing twice', async () => {
    const { sdk, statuses } = await setup();
    sdk().settle(true);
    sdk().emit('call-start');
    sdk().emit('call-end');
    expect(statuses).toEqual(['starting', 'active', 'ended']);
  });

  it('turns a platform error during the call into an error, but only warns about audio processing', async () => {
    const { sdk, statuses, errors } = await setup();
    sdk().settle(true);
    sdk().emit('call-start');
    sdk().emit('error', { type: 'audio-processing-setup-error', error: { message: 'KrispInitError' } });
    expect(errors).toEqual([]);
    expect(console.warn).toHaveBeenCalled();
    sdk().emit('error', { type: 'daily-error', error: { message: 'connection lost' } });
    expect(errors.map((e) => e.code)).toEqual(['platform']);
    expect(statuses).toEqual(['starting', 'active', 'error']);
    expect(sdk().stop).toHaveBeenCalled();
  });

  it('reports a refused microphone without loading the SDK', async () => {
    getUserMedia.mockRejectedValue(Object.assign(new Error('Permission denied'), { name: 'NotAllowedError' }));
    const { errors, statuses } = await setup();
    expect(errors.map((e) => e.code)).toEqual(['microphone']);
    expect(statuses).toEqual(['starting', 'error']);
    expect(h.instances).toHaveLength(0);
  });

  it('sends typed turns and mutes through the SDK', async () => {
    const { client, sdk, lines } = await setup();
    sdk().settle(true);
    sdk().emit('call-start');
    client.sendText('  Hello there ');
    client.setMuted(true);
    expect(sdk().send).toHaveBeenCalledWith({
      type: 'add-message',
      message: { role: 'user', content: 'Hello there' },
      triggerResponseEnabled: true,
    });
    expect(lines).toEqual([{ role: 'user', text: 'Hello there', final: true }]);
    expect(sdk().setMuted).toHaveBeenCalledWith(true);
  });

  it('starts an inline assistant built from a draft', async () => {
    const draft = deriveDraft(
      'Wij zijn Tandartspraktijk De Molen en willen dat patiënten afspraken kunnen maken, in het Nederlands.',
      'nl',
    );
    const { sdk } = await setup({ lang: 'nl', draft });
    const { assistantFromDraft } = await import('./vapiClient');
    expect(sdk().start).toHaveBeenCalledWith(assistantFromDraft(draft));
  });
});

describe('assistantFromDraft', () => {
  it('builds a transient assistant from the draft, in its first call language', async () => {
    const { assistantFromDraft } = await import('./vapiClient');
    const draft = deriveDraft('Wij zijn Tandartspraktijk De Molen en willen dat patiënten 24/7 afspraken kunnen maken.', 'nl');
    const assistant = assistantFromDraft(draft);
    expect(assistant.firstMessage).toBe(draft.greeting);
    expect(assistant.name!.length).toBeLessThanOrEqual(40);
    expect(draft.name.startsWith(assistant.name!.replace(/…$/, ''))).toBe(true);
    expect(assistant.model).toMatchObject({
      provider: 'openai',
      model: 'gpt-4o-mini',
      messages: [{ role: 'system', content: draft.systemPrompt }],
    });
    expect(assistant.transcriber).toEqual({ provider: 'deepgram', model: 'nova-2', language: 'nl' });
    expect(assistant.voice).toMatchObject({ provider: 'azure', voiceId: 'nl-NL-FennaNeural' });

    const english = assistantFromDraft(deriveDraft('A hair salon that needs appointment booking and reminders.', 'en'));
    expect(english.transcriber).toMatchObject({ language: 'en' });
    expect(english.voice).toMatchObject({ provider: 'azure' });
  });
});
