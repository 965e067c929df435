// VoiceClient on the Vapi web SDK. The SDK (with Daily's call machine, several hundred KB) is imported
// on the first start only, and there is one SDK instance per page.
//
// SDK behaviour this file works around (checked against @vapi-ai/web 2.7.1):
// - `error` is a Node-style EventEmitter event: emitted with no listener it throws inside start(), and
//   the instance stays 'started' for good. Our listeners are attached when the instance is created.
// - start() resolves null on failure (after `call-start-failed` + `error`), and also null when the
//   instance is still busy with an earlier start.
// - `call-start` arrives when the assistant sends 'listening', usually after start() has resolved.
// - stop() only destroys a call that exists; during web-call creation it is a no-op and the start
//   carries on, so a cancelled start is stopped again once start() settles.
import type VapiSdk from '@vapi-ai/web';
import type { AgentDraft, CallLanguage } from '../../shared/agentDraft';
import { Emitter } from './emitter';
import { closeStream, normaliseLevel, openMicrophone } from './mic';
import type { CallStatus, StartConfig, VoiceClient, VoiceClientEvents, VoiceErrorCode } from './types';

/** Give up when the assistant has not said 'listening' this long after start (spec: start timeout). */
export const START_TIMEOUT_MS = 15_000;

type Vapi = VapiSdk;
export type VapiAssistant = Exclude<Parameters<Vapi['start']>[0], string | undefined>;

export interface VapiConfig {
  publicKey: string;
  assistantId: string;
}

// ---- Inline assistant from a personalized draft ------------------------------------------------------

/** Per call language: Deepgram transcription language and an Azure neural voice matching the persona. */
const SPEECH: Record<CallLanguage, { transcriber: 'en' | 'nl' | 'de' | 'fr' | 'es'; voiceId: string }> = {
  en: { transcriber: 'en', voiceId: 'en-US-EmmaNeural' },
  nl: { transcriber: 'nl', voiceId: 'nl-NL-FennaNeural' },
  de: { transcriber: 'de', voiceId: 'de-DE-KatjaNeural' },
  fr: { transcriber: 'fr', voiceId: 'fr-FR-DeniseNeural' },
  es: { transcriber: 'es', voiceId: 'es-ES-ElviraNeural' },
};
/** Vapi rejects assistant names over 40 characters. */
const MAX_NAME = 40;

/**
 * A transient Vapi assistant for testing a /personalized draft: its name, greeting and system prompt,
 * transcribed and spoken in the draft's first call language. Model: OpenAI gpt-4o-mini (fast and cheap
 * for a short test call); transcriber: Deepgram nova-2; voice: Azure neural.
 */
export function assistantFromDraft(draft: AgentDraft): VapiAssistant {
  const speech = SPEECH[draft.callLanguages[0] ?? 'en'] ?? SPEECH.en;
  const name = draft.name.length > MAX_NAME ? `${draft.name.slice(0, MAX_NAME - 1).trimEnd()}…` : draft.name;
  return {
    name,
    firstMessage: draft.greeting,
    firstMessageMode: 'assistant-speaks-first',
    model: {
      provider: 'openai',
      model: 'gpt-4o-mini',
      temperature: 0.4,
      messages: [{ role: 'system', content: draft.systemPrompt }],
    },
    transcriber: { provider: 'deepgram', model: 'nova-2', language: speech.transcriber },
    voice: { provider: 'azure', voiceId: speech.voiceId },
  };
}

// ---- The SDK instance (one per page) ------------------------------------------------------------------

/** Receives the SDK's events for the attempt that is currently running; null routes them to the console. */
interface Sink {
  callStart(): void;
  callEnd(): void;
  failed(code: VoiceErrorCode, message: string): void;
  error(event: unknown): void;
  message(message: unknown): void;
  speaking(on: boolean): void;
  level(source: 'user' | 'assistant', value: number): void;
}

let sdk: Promise<Vapi> | undefined;
let sink: Sink | null = null;

function loadSdk(publicKey: string): Promise<Vapi> {
  sdk ??= import('@vapi-ai/web').then(
    (m) => {
      // CommonJS package: the class is `exports.default`, which bundlers may wrap once more.
      const Ctor = (m.default as unknown as { default?: typeof VapiSdk }).default ?? m.default;
      // avoidEval: Daily loads its call machine as a script from its CDN instead of eval'ing it, so the
      // site's CSP needs no 'unsafe-eval' (script-src https://c.daily.co instead).
      const vapi = new Ctor(publicKey, undefined, { avoidEval: true });
      // Registered before any start(): see the note at the top.
      vapi.on('error', (e) => (sink ? sink.error(e) : console.error('Voice call error', e)));
      vapi.on('call-start-failed', (e) => sink?.failed(isNetworkish(e.error) ? 'network' : 'platform', e.error));
      vapi.on('camera-error', (e) => sink?.failed('microphone', describe(e)));
      vapi.on('call-start', () => sink?.callStart());
      vapi.on('call-end', () => sink?.callEnd());
      vapi.on('message', (msg) => sink?.message(msg));
      vapi.on('speech-start', () => sink?.speaking(true));
      vapi.on('speech-end', () => sink?.speaking(false));
      vapi.on('volume-level', (v) => sink?.level('assistant', v));
      // Listening to this makes the SDK run Daily's local audio observer (the visitor's level meter).
      vapi.on('local-volume-level', (v) => sink?.level('user', normaliseLevel(v)));
      return vapi;
    },
    (err: unknown) => {
      sdk = undefined; // a failed chunk download may work next time
      throw err;
    },
  );
  return sdk;
}

/** SDK errors that do not end the call: audio processing falls back by itself (spec §8). */
const NON_FATAL = new Set([
  'audio-processing-setup-error',
  'audio-processor-recovery-error',
  'audio-observer-setup-error',
  'video-recording-setup-error',
]);

function describe(e: unknown): string {
  if (e instanceof Error) return e.message;
  if (typeof e === 'string') return e;
  try {
    return JSON.stringify(e) ?? String(e);
  } catch {
    return String(e);
  }
}

function isNetworkish(detail: unknown): boolean {
  return (
    (typeof navigator !== 'undefined' && navigator.onLine === false) ||
    /network|fetch|load failed|timed? ?out|offline/i.test(describe(detail))
  );
}

// ---- The client ---------------------------------------------------------------------------------------

export class VapiClient implements VoiceClient {
  readonly mode = 'vapi' as const;
  private readonly events = new Emitter<VoiceClientEvents>();
  private status: CallStatus = 'idle';
  /** Bumped by every start, stop and failure: continuations of an older attempt see they are stale. */
  private attempt = 0;
  /** The SDK's start() of the latest attempt; a new start waits for it so the SDK is never 'busy'. */
  private settling: Promise<unknown> = Promise.resolve();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private vapi: Vapi | null = null;
  /** The SDK's start() resolved with a call for the current attempt, so stop() will take effect. */
  private hasCall = false;
  private speaking = false;

  constructor(private readonly config: VapiConfig) {}

  on: VoiceClient['on'] = (event, listener) => this.events.on(event, listener);

  async start({ lang, draft }: StartConfig): Promise<void> {
    if (this.status === 'starting' || this.status === 'active') return; // spec §4: ignored
    const id = ++this.attempt;
    this.setStatus('starting');

    // Ask for the microphone first, so a refusal is reported as such (the SDK would join without audio).
    const mic = await openMicrophone();
    if (mic) closeStream(mic); // granted: the SDK opens its own track
    if (id !== this.attempt) return;
    if (!mic) return this.fail('microphone', 'Microphone unavailable or permission denied');

    let vapi: Vapi;
    try {
      vapi = await loadSdk(this.config.publicKey);
    } catch (err) {
      if (id === this.attempt) this.fail('network', describe(err));
      return;
    }
    this.vapi = vapi;
    await this.settling;
    if (id !== this.attempt) return;

    sink = this.sinkFor(id);
    this.timer = setTimeout(() => this.fail('timeout', `No call-start within ${START_TIMEOUT_MS} ms`), START_TIMEOUT_MS);
    const call = Promise.resolve()
      .then(() =>
        draft ? vapi.start(assistantFromDraft(draft)) : vapi.start(this.config.assistantId, { variableValues: { language: lang } }),
      )
      .catch((err: unknown) => {
        if (id === this.attempt) this.fail(isNetworkish(err) ? 'network' : 'platform', describe(err));
        return null;
      });
    this.settling = call;
    const result = await call;
    if (id !== this.attempt) {
      // Cancelled, timed out or failed while starting: the SDK ignored stop() until now.
      if (result) void vapi.stop().catch(console.error);
      return;
    }
    if (result) this.hasCall = true;
    else this.fail('platform', 'The voice platform did not start the call');
  }

  stop(): void {
    if (this.status !== 'starting' && this.status !== 'active') return;
    this.endAttempt();
    this.setStatus('ended');
  }

  sendText(text: string): void {
    const content = text.trim();
    if (this.status !== 'active' || !content || !this.vapi) return;
    this.events.emit('transcript', { role: 'user', text: content, final: true });
    this.vapi.send({ type: 'add-message', message: { role: 'user', content }, triggerResponseEnabled: true });
  }

  setMuted(muted: boolean): void {
    if (this.status === 'active') this.vapi?.setMuted(muted);
  }

  private sinkFor(id: number): Sink {
    const live = () => id === this.attempt;
    return {
      callStart: () => {
        if (!live() || this.status !== 'starting') return;
        clearTimeout(this.timer);
        this.setStatus('active');
        this.events.emit('microphone', 'live');
      },
      callEnd: () => {
        if (!live()) return;
        this.hasCall = false;
        this.invalidate();
        this.setStatus('ended');
      },
      failed: (code, message) => live() && this.fail(code, message),
      error: (e) => {
        const type = (e as { type?: string } | null)?.type ?? '';
        if (!live() || NON_FATAL.has(type)) {
          console.warn('Voice call warning', e);
        } else if (this.status === 'active' && /ejected|meeting has ended/i.test(describe(e))) {
          // The assistant hung up: Daily reports the room closing as an error.
          this.endAttempt();
          this.setStatus('ended');
        } else {
          this.fail(isNetworkish(e) ? 'network' : 'platform', describe(e));
        }
      },
      message: (msg) => {
        const m = msg as { type?: string; role?: string; transcript?: string; transcriptType?: string } | null;
        if (!live() || m?.type !== 'transcript' || !m.transcript) return;
        if (m.role !== 'user' && m.role !== 'assistant') return;
        this.events.emit('transcript', { role: m.role, text: m.transcript, final: m.transcriptType === 'final' });
      },
      speaking: (on) => live() && this.setSpeaking(on),
      level: (source, value) => live() && this.events.emit('level', { source, value }),
    };
  }

  /** Ends the current attempt for good: later SDK events and continuations are ignored. */
  private invalidate(): void {
    this.attempt++;
    clearTimeout(this.timer);
    sink = null;
  }

  /** Invalidates the attempt and stops its call. A call still being set up is stopped by start() once the SDK settles. */
  private endAttempt(): void {
    const stopNow = this.hasCall || this.status === 'active';
    this.hasCall = false;
    this.invalidate();
    if (stopNow) void this.vapi?.stop().catch(console.error);
  }

  private fail(code: VoiceErrorCode, message: string): void {
    if (this.status !== 'starting' && this.status !== 'active') return;
    this.endAttempt();
    console.error(`Voice call failed (${code}): ${message}`);
    this.events.emit('error', { code, message });
    this.setStatus('error');
  }

  private setStatus(status: CallStatus): void {
    if (status === this.status) return;
    this.status = status;
    if (status !== 'active') this.setSpeaking(false);
    this.events.emit('status', status);
  }

  private setSpeaking(on: boolean): void {
    if (on === this.speaking) return;
    this.speaking = on;
    this.events.emit('speaking', on);
  }
}
