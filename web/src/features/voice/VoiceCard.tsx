// The voice widget once it has been used (lazy chunk): the idle button with the last error, or the call
// card while connecting and in a call. Styles: styles/voice.css.
import { useEffect, useId, useLayoutEffect, useRef, useState, useSyncExternalStore, type FormEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { loadNamespace } from '../../shared/i18n/dictionaries';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { localePath } from '../../shared/paths';
import { voiceStore } from './session';
import type { VoiceStore } from './store';

const CHIPS = ['features', 'pricing', 'integrations', 'languages', 'quote'] as const;
const DRAFT_CHIPS = ['goals', 'tools', 'languages', 'pricing', 'quote'] as const;

/** Removes the call card's starting state that the page's boot script shows at a tap made before the app had loaded (prerender.mjs). */
export function removeEarlyCard(): void {
  document.getElementById('voice-early')?.remove();
}

/** The panel as the widget shows it, with the page's store (panel.ts). */
export const renderVoicePanel = () => <VoicePanel />;

export default function VoicePanel({ store = voiceStore }: { store?: VoiceStore }) {
  const { lang, t } = useLanguage();
  const s = useSyncExternalStore(store.subscribe, store.get, store.get);
  const [text, setText] = useState('');
  const [, setLoaded] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const talkRef = useRef<HTMLButtonElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const wasOpen = useRef(false);
  const inputId = useId();

  // The starting state the boot script showed at a tap before the app had loaded goes in the same
  // frame as this card appears (removeEarlyCard).
  useLayoutEffect(removeEarlyCard, []);

  const open = s.phase !== 'idle';
  // The texts are loaded before the first start; a language switch mid-session needs the other language's.
  const ready = t('voice.region') !== 'voice.region';
  useEffect(() => {
    if (!ready) void loadNamespace(lang, 'voice').then(() => setLoaded((n) => n + 1));
  }, [ready, lang]);

  // Focus follows the card: into it when it opens, into the text box once connected (if it was still on
  // the heading), back to the Talk button when it closes (if it was in the widget or got lost).
  useEffect(() => {
    if (open && !wasOpen.current) headingRef.current?.focus();
    if (!open && wasOpen.current) {
      const active = document.activeElement;
      if (!active || active === document.body || rootRef.current?.contains(active)) talkRef.current?.focus();
    }
    wasOpen.current = open;
  }, [open]);
  useEffect(() => {
    if (s.phase === 'active' && document.activeElement === headingRef.current) inputRef.current?.focus();
  }, [s.phase]);

  // Keep the newest line in view.
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [s.lines]);

  if (!open || !ready) {
    return (
      <div ref={rootRef} className="voice-idle">
        {ready && s.error && (
          <div role="alert" className="voice-error">
            <p>{t(`voice.errors.${s.error}`)}</p>
            <button type="button" onClick={store.dismissError}>
              {t('voice.dismiss')}
            </button>
          </div>
        )}
        <button
          ref={talkRef}
          type="button"
          className="btn btn-signal voice-talk"
          aria-label={t('header.talkToAssistant')}
          onClick={() => store.start({ lang })}
        />
      </div>
    );
  }

  const demo = s.mode === 'demo';
  const active = s.phase === 'active';
  const send = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    store.send(text);
    setText('');
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      store.stop();
    }
  };

  return (
    <div ref={rootRef} className="voice-card" role="region" aria-label={t('voice.region')} onKeyDown={onKeyDown}>
      <div className="voice-head">
        <h2 ref={headingRef} tabIndex={-1}>
          {s.draft?.name || t('voice.title')}
        </h2>
        {demo && <p className="voice-demo">{t('voice.demoLabel')}</p>}
        {s.mode === 'vapi' && (
          <p className="voice-demo">
            {t('voice.disclosure')} <Link to={localePath(lang, '/privacy')}>{t('voice.privacyLink')}</Link>
          </p>
        )}
        <p className="voice-status" data-state={active ? (s.speaking ? 'speaking' : 'listening') : 'connecting'}>
          {active ? t(s.speaking ? 'voice.speaking' : 'voice.listening') : t('voice.connecting')}
        </p>
      </div>

      <div ref={logRef} className="voice-log" role="log" aria-live="polite" aria-label={t('voice.transcript')} tabIndex={0}>
        {s.lines.length === 0 ? (
          <p className="voice-placeholder">{t('voice.placeholder')}</p>
        ) : (
          s.lines.map((line, i) => (
            <p key={i} className={`voice-line voice-line-${line.role}`} data-final={line.final}>
              <span className="sr-only">{t(line.role === 'user' ? 'voice.you' : 'voice.assistant')}: </span>
              {line.text}
              {line.link && (
                <>
                  {' '}
                  <Link to={line.link.href}>{line.link.label}</Link>
                </>
              )}
            </p>
          ))
        )}
      </div>

      {active && s.mic === 'live' && (
        <div className="voice-mic">
          <div
            role="meter"
            aria-label={t('voice.micLevel')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(s.level * 100)}
            className="voice-meter"
          >
            <span style={{ transform: `scaleX(${s.level})` }} />
          </div>
          <button type="button" className="voice-mute" aria-pressed={s.muted} onClick={() => store.setMuted(!s.muted)}>
            {t('voice.mute')}
          </button>
        </div>
      )}
      {active && demo && s.mic === 'off' && <p className="voice-note">{t('voice.micOff')}</p>}
      {demo && 'speechSynthesis' in globalThis && (
        <button
          type="button"
          className="voice-mute self-start"
          aria-pressed={s.voiceMuted}
          onClick={() => store.setVoiceMuted(!s.voiceMuted)}
        >
          {t('voice.muteVoice')}
        </button>
      )}

      {active && demo && (
        <div role="group" aria-label={t('voice.suggestions')} className="voice-chips">
          {(s.draft ? DRAFT_CHIPS : CHIPS).map((chip) => (
            <button key={chip} type="button" onClick={() => store.send(t(`voice.chips.${chip}`))}>
              {t(`voice.chips.${chip}`)}
            </button>
          ))}
        </div>
      )}

      {active && (
        <form className="voice-form" onSubmit={send}>
          <label htmlFor={inputId} className="sr-only">
            {t('voice.message')}
          </label>
          <input
            ref={inputRef}
            id={inputId}
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={t('voice.message')}
            autoComplete="off"
            maxLength={500}
          />
          <button type="submit">{t('voice.send')}</button>
        </form>
      )}

      <button type="button" className="voice-end" onClick={store.stop}>
        {active ? t('voice.endCall') : t('voice.cancel')}
      </button>
    </div>
  );
}
