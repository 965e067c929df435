import type { TranscriptLine } from '../../shared/api/types';
import { useLanguage } from '../../shared/i18n/LanguageContext';

/** m:ss from the start of the call. */
const clock = (seconds: number) => {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/**
 * The conversation as the voice widget shows it: the caller on the right in ink, the agent on the left
 * on a light card. Each turn also names its speaker and time in words, so the sides never rest on
 * position or colour alone.
 */
export function Transcript({ lines }: { lines: readonly TranscriptLine[] }) {
  const { t } = useLanguage();
  if (lines.length === 0) return <p className="mt-3 text-ink-soft italic">{t('calls.call.noTranscript')}</p>;
  return (
    <ol className="mt-4 flex flex-col gap-3 rounded-2xl bg-paper p-3 sm:p-4">
      {lines.map((line, i) => {
        const caller = line.role === 'caller';
        return (
          <li key={i} className={`flex max-w-[85%] flex-col gap-1 ${caller ? 'items-end self-end' : 'items-start self-start'}`}>
            <p className="font-mono text-[0.6875rem] tracking-[0.08em] text-ink-soft uppercase">
              {t(caller ? 'calls.call.caller' : 'calls.call.agent')}
              <span aria-hidden="true"> · </span>
              <span className="sr-only">, </span>
              <time dateTime={`PT${Math.max(0, Math.floor(line.secondsFromStart))}S`}>{clock(line.secondsFromStart)}</time>
            </p>
            <p
              className={`rounded-2xl px-3 py-2 leading-snug break-words ${
                caller ? 'rounded-br-md bg-ink text-left text-paper' : 'rounded-bl-md border border-line bg-card text-left'
              }`}
            >
              {line.text}
            </p>
          </li>
        );
      })}
    </ol>
  );
}
