// The widget's state, kept at module level (outside React) so a call survives page navigation and the
// layout remounting on a language switch. Loaded on the first click, with the card.
import type { AgentDraft } from '../../shared/agentDraft';
import type { Lang } from '../../shared/paths';
import type { MicState, TranscriptLine, VoiceClient, VoiceErrorCode, VoiceMode } from './types';

export type Phase = 'idle' | 'starting' | 'active';

export interface VoiceState {
  phase: Phase;
  /** Known once the client is chosen (after /api/voice/config answered). */
  mode: VoiceMode | null;
  lines: readonly TranscriptLine[];
  /** 'Assistant Speaking...' vs 'Listening...'. */
  speaking: boolean;
  /** The visitor's microphone level, 0..1. */
  level: number;
  /** null until the client knows. */
  mic: MicState | null;
  muted: boolean;
  /** The demo's answers are not read aloud. Kept across calls. */
  voiceMuted: boolean;
  /** The last failure, shown by the idle button until dismissed or the next start. */
  error: VoiceErrorCode | null;
  draft: AgentDraft | null;
}

export interface StartOptions {
  draft?: AgentDraft | null;
  lang: Lang;
}

export interface VoiceStore {
  get(): VoiceState;
  subscribe(listener: () => void): () => void;
  /** False when ignored because a call is already starting or running (spec §4). */
  start(options: StartOptions): boolean;
  stop(): void;
  send(text: string): void;
  setMuted(muted: boolean): void;
  setVoiceMuted(muted: boolean): void;
  dismissError(): void;
}

/** Transcript lines kept in memory; older ones scroll away for good. */
const MAX_LINES = 100;

const INITIAL: VoiceState = {
  phase: 'idle',
  mode: null,
  lines: [],
  speaking: false,
  level: 0,
  mic: null,
  muted: false,
  voiceMuted: false,
  error: null,
  draft: null,
};

/** A partial line is replaced by the next line of the same speaker; a final one stays. */
export function mergeLine(lines: readonly TranscriptLine[], line: TranscriptLine): TranscriptLine[] {
  const last = lines.length - 1;
  // Partials of the two speakers can interleave, so look back one line further.
  for (let i = last; i >= Math.max(0, last - 1); i--) {
    if (lines[i].role === line.role && !lines[i].final) return [...lines.slice(0, i), line, ...lines.slice(i + 1)];
  }
  return [...lines, line].slice(-MAX_LINES);
}

/**
 * @param loadClient picks and creates the client (Vapi or demo); called on every start, may cache.
 */
export function createVoiceStore(loadClient: () => Promise<VoiceClient>): VoiceStore {
  let state = INITIAL;
  const listeners = new Set<() => void>();
  const bound = new WeakSet<VoiceClient>();
  let current: VoiceClient | null = null;
  let attempt = 0;

  const set = (patch: Partial<VoiceState>) => {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  };

  const fail = (code: VoiceErrorCode) => set({ phase: 'idle', error: code, speaking: false, level: 0 });

  function bind(client: VoiceClient): void {
    if (bound.has(client)) return;
    bound.add(client);
    const mine = () => client === current;
    client.on('status', (status) => {
      if (!mine()) return;
      if (state.phase === 'idle') return; // cancelled: the client's own 'ended' changes nothing
      if (status === 'starting' || status === 'active') {
        if (status !== state.phase) set({ phase: status });
      } else {
        set({ phase: 'idle', speaking: false, level: 0 });
      }
    });
    client.on('transcript', (line) => mine() && state.phase !== 'idle' && set({ lines: mergeLine(state.lines, line) }));
    client.on('speaking', (speaking) => mine() && speaking !== state.speaking && set({ speaking }));
    client.on('level', ({ source, value }) => mine() && source === 'user' && !state.muted && set({ level: value }));
    client.on('microphone', (mic) => mine() && set({ mic }));
    client.on('error', ({ code }) => mine() && fail(code));
  }

  return {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    start({ draft = null, lang }) {
      if (state.phase !== 'idle') return false;
      const id = ++attempt;
      set({ ...INITIAL, phase: 'starting', draft, voiceMuted: state.voiceMuted });
      loadClient().then(
        (client) => {
          if (id !== attempt) return; // cancelled while choosing the client
          current = client;
          bind(client);
          set({ mode: client.mode });
          client.setVoiceMuted?.(state.voiceMuted);
          void client.start({ lang, draft });
        },
        (err: unknown) => {
          if (id !== attempt) return;
          console.error('Voice call could not load', err);
          fail('network');
        },
      );
      return true;
    },
    stop() {
      if (state.phase === 'idle') return;
      attempt++;
      current?.stop();
      set({ phase: 'idle', speaking: false, level: 0 });
    },
    send(text) {
      if (state.phase === 'active') current?.sendText(text);
    },
    setMuted(muted) {
      if (state.phase !== 'active' || state.mic !== 'live') return;
      current?.setMuted(muted);
      set({ muted, level: muted ? 0 : state.level });
    },
    setVoiceMuted(voiceMuted) {
      current?.setVoiceMuted?.(voiceMuted);
      set({ voiceMuted });
    },
    dismissError: () => set({ error: null }),
  };
}
