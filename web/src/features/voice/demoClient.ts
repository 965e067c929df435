// The offline demo assistant: a VoiceClient that answers typed questions from this site's own copy
// (demoKnowledge.ts). It never pretends to understand speech. Where the browser has a speech-synthesis
// voice for the language it reads its answers aloud; otherwise the speaking state is simulated.
import { translate } from '../../shared/i18n/translate';
import type { Dictionary } from '../../shared/i18n/types';
import type { Lang } from '../../shared/paths';
import { answerQuestion, greetingFor, type Knowledge } from './demoKnowledge';
import { Emitter } from './emitter';
import { closeStream, openMicrophone, watchLevel } from './mic';
import type { CallStatus, StartConfig, TranscriptLine, VoiceClient, VoiceClientEvents } from './types';

/** Simulated speaking time per character of an answer, and its bounds. */
export const MS_PER_CHAR = 60;
export const MIN_SPEAK_MS = 1200;
export const MAX_SPEAK_MS = 8000;
/** Pause before an answer, so it reads as a reply. */
export const REPLY_DELAY_MS = 400;
/** A mic level above this (0..1) while the assistant is silent counts as the visitor talking. */
const VOICE_THRESHOLD = 0.25;

export function simulatedSpeakingMs(text: string): number {
  return Math.min(MAX_SPEAK_MS, Math.max(MIN_SPEAK_MS, text.length * MS_PER_CHAR));
}

export interface DemoClientOptions {
  /**
   * The page language's dictionary with the `features`, `pricing`, `landing` and `voice` namespaces loaded
   * (config.ts: loadDemoDictionary; tests pass the full one). Injected rather than imported: importing
   * i18n/dictionaries here makes Rolldown move React out of the entry chunk (+1 KB gzip on `/`).
   */
  loadDictionary: (lang: Lang) => Promise<Dictionary>;
}

export class DemoClient implements VoiceClient {
  readonly mode = 'demo' as const;
  private readonly events = new Emitter<VoiceClientEvents>();
  private status: CallStatus = 'idle';
  /** Bumped on every start and stop, so callbacks of an ended call do nothing. */
  private run = 0;
  private knowledge: Knowledge | null = null;
  private timers = new Set<ReturnType<typeof setTimeout>>();
  private speechTimer: ReturnType<typeof setTimeout> | undefined;
  private speaking = false;
  private lineId = 0;
  private stream: MediaStream | null = null;
  private stopLevel: () => void = () => {};
  private muted = false;
  private voiceMuted = false;
  private toldCannotHear = false;

  constructor(private readonly options: DemoClientOptions) {}

  on: VoiceClient['on'] = (event, listener) => this.events.on(event, listener);

  async start({ lang, draft }: StartConfig): Promise<void> {
    if (this.status === 'starting' || this.status === 'active') return; // spec §4: ignored
    const run = ++this.run;
    this.setStatus('starting');
    // A test agent from /personalized answers in its own (first) call language when the site has it.
    const own = draft?.callLanguages[0];
    if (own === 'en' || own === 'nl') lang = own;
    let dict: Dictionary;
    try {
      dict = await this.options.loadDictionary(lang);
    } catch (err) {
      if (run !== this.run) return;
      console.error('Voice demo could not load its texts', err);
      this.run++;
      this.events.emit('error', { code: 'network', message: String(err) });
      this.setStatus('error');
      return;
    }
    if (run !== this.run) return;
    this.knowledge = { lang, dict, draft };
    this.muted = false;
    this.toldCannotHear = false;
    this.setStatus('active');
    // The greeting is in the draft's first call language when primed with one.
    this.say({ role: 'assistant', text: greetingFor(this.knowledge), final: true }, draft?.callLanguages[0] ?? lang);
    void this.openMic(run);
  }

  stop(): void {
    if (this.status !== 'starting' && this.status !== 'active') return;
    this.run++;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    clearTimeout(this.speechTimer);
    globalThis.speechSynthesis?.cancel();
    this.stopLevel();
    this.stopLevel = () => {};
    if (this.stream) closeStream(this.stream);
    this.stream = null;
    this.setSpeaking(false);
    this.setStatus('ended');
  }

  sendText(text: string): void {
    const question = text.trim();
    const knowledge = this.knowledge;
    if (this.status !== 'active' || !question || !knowledge) return;
    this.events.emit('transcript', { role: 'user', text: question, final: true });
    this.later(() => {
      const { text: answer, link } = answerQuestion(question, { ...knowledge, here: globalThis.location?.pathname });
      this.say({ role: 'assistant', text: answer, final: true, link }, knowledge.lang);
    }, REPLY_DELAY_MS);
  }

  /** Silences (or restores) the read-aloud answers; the transcript carries on either way. */
  setVoiceMuted(muted: boolean): void {
    this.voiceMuted = muted;
    if (muted) globalThis.speechSynthesis?.cancel();
  }

  setMuted(muted: boolean): void {
    if (this.status !== 'active' || !this.stream) return;
    this.muted = muted;
    for (const track of this.stream.getAudioTracks()) track.enabled = !muted;
    if (muted) this.events.emit('level', { source: 'user', value: 0 });
  }

  /** Optional: a granted microphone drives the level meter; without one the demo is text-only. */
  private async openMic(run: number): Promise<void> {
    const stream = await openMicrophone();
    if (run !== this.run) {
      if (stream) closeStream(stream);
      return;
    }
    if (!stream) {
      this.events.emit('microphone', 'off');
      return;
    }
    this.stream = stream;
    this.events.emit('microphone', 'live');
    this.stopLevel = watchLevel(stream, (level) => {
      if (run !== this.run || this.muted) return;
      this.events.emit('level', { source: 'user', value: level });
      if (level > VOICE_THRESHOLD && !this.speaking && !this.toldCannotHear && this.knowledge) {
        this.toldCannotHear = true;
        this.say({ role: 'assistant', text: translate(this.knowledge.dict, 'voice.demo.hearYou'), final: true }, this.knowledge.lang);
      }
    });
  }

  /** Adds the line to the transcript and speaks it (or simulates speaking it). */
  private say(line: TranscriptLine, lang: string): void {
    this.events.emit('transcript', line);
    const run = this.run;
    // Only the latest line may end the speaking state: a cancelled utterance may report its end late.
    const id = ++this.lineId;
    clearTimeout(this.speechTimer);
    const done = () => {
      if (run === this.run && id === this.lineId) this.setSpeaking(false);
    };
    const synth = globalThis.speechSynthesis;
    const voice = synth?.getVoices().find((v) => v.lang.toLowerCase().startsWith(lang));
    if (synth && voice && !this.voiceMuted && typeof SpeechSynthesisUtterance !== 'undefined') {
      synth.cancel();
      const utterance = new SpeechSynthesisUtterance(line.text);
      utterance.voice = voice;
      utterance.lang = voice.lang;
      utterance.onstart = () => run === this.run && id === this.lineId && this.setSpeaking(true);
      utterance.onend = done;
      utterance.onerror = done;
      synth.speak(utterance);
      // Some engines drop `end` for long texts: never leave the indicator on for good.
      this.speechTimer = this.later(done, simulatedSpeakingMs(line.text) * 3);
    } else {
      this.setSpeaking(true);
      this.speechTimer = this.later(done, simulatedSpeakingMs(line.text));
    }
  }

  private later(fn: () => void, ms: number): ReturnType<typeof setTimeout> {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, ms);
    this.timers.add(timer);
    return timer;
  }

  private setSpeaking(on: boolean): void {
    if (on === this.speaking) return;
    this.speaking = on;
    this.events.emit('speaking', on);
  }

  private setStatus(status: CallStatus): void {
    this.status = status;
    this.events.emit('status', status);
  }
}
