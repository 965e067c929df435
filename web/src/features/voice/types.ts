// The voice-call contract shared by the widget and its two implementations (the Vapi web SDK and the
// offline demo). Type-only: nothing here reaches the bundle.
import type { AgentDraft } from '../../shared/agentDraft';
import type { Lang } from '../../shared/paths';

export type { AgentDraft } from '../../shared/agentDraft';

/** Which implementation answers: the live voice platform, or the offline demo built from this site. */
export type VoiceMode = 'vapi' | 'demo';

/**
 * `idle` before the first call; `ended` after a call (or a cancelled start); `error` after a failure.
 * A new start is accepted in `idle`, `ended` and `error`, and ignored in `starting` and `active` (spec §4).
 */
export type CallStatus = 'idle' | 'starting' | 'active' | 'ended' | 'error';

export type Speaker = 'user' | 'assistant';

export interface TranscriptLine {
  role: Speaker;
  text: string;
  /** False while the speaker is still talking: the next line of the same role replaces it. */
  final: boolean;
  /** The page an answer came from (demo mode), as a localised path and a visible label. */
  link?: { href: string; label: string };
}

/** Shown to the visitor in words, one message per code (voice.errors.* in the dictionary). */
export type VoiceErrorCode = 'microphone' | 'network' | 'platform' | 'timeout';

export interface VoiceError {
  code: VoiceErrorCode;
  /** Technical detail for the console; never shown. */
  message: string;
}

/** 0..1: the visitor's microphone (`user`) or the assistant's audio (`assistant`). */
export interface AudioLevel {
  source: Speaker;
  value: number;
}

/** `live`: a microphone is in use (meter + mute shown). `off`: none; the demo carries on text-only. */
export type MicState = 'live' | 'off';

export interface StartConfig {
  /** Page language: the demo answers in it; the platform receives it as a variable. */
  lang: Lang;
  /** Primes the call with a personalized-agent draft instead of the fixed assistant. */
  draft?: AgentDraft | null;
}

export interface VoiceClientEvents {
  status: CallStatus;
  transcript: TranscriptLine;
  /** True while the assistant talks ('Assistant Speaking...'), false while it listens. */
  speaking: boolean;
  level: AudioLevel;
  error: VoiceError;
  microphone: MicState;
}

export type Listener<T> = (value: T) => void;

export interface VoiceClient {
  readonly mode: VoiceMode;
  /** Resolves once the attempt has settled (active, failed or cancelled). Never rejects: failures are `error` events. */
  start(config: StartConfig): Promise<void>;
  /** Ends the call, or cancels a start in progress. */
  stop(): void;
  /** A typed turn from the visitor. */
  sendText(text: string): void;
  setMuted(muted: boolean): void;
  /** The demo's read-aloud answers (speech synthesis) on or off; absent where nothing is read aloud. */
  setVoiceMuted?(muted: boolean): void;
  /** Returns the unsubscribe function. */
  on<E extends keyof VoiceClientEvents>(event: E, listener: Listener<VoiceClientEvents[E]>): () => void;
}
