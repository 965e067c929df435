import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { TranscriptLine } from '../../shared/api/types';
import { formatDateTime } from '../../shared/format';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { Fact } from '../../shared/ui/Fact';
import { OutcomeBadge } from './OutcomeBadge';
import { Transcript } from './Transcript';
import { NotFoundBlock } from '../../shared/ui/NotFoundBlock';

// The layout of one call's page, which a buyer (/dashboard/agents/:orderId/calls/:callId) and staff
// (/console/calls/:id) both see: the way back, the heading with the outcome, then the summary and
// the transcript on the left and the page's own facts on the right.

/** The way back to the list the page came from: an arrow, then `label`. */
export function CallBackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className="link-button gap-1.5">
      <span aria-hidden="true">←</span>
      {label}
    </Link>
  );
}

/** A call (or contact) that is not there (deleted, unknown, or not the reader's): the way back, a heading and `text`. */
export function CallNotFound({ back, text, title }: { back: ReactNode; text: string; title?: string }) {
  const { t } = useLanguage();
  return <NotFoundBlock back={back} title={title ?? t('calls.call.notFoundTitle')} text={text} />;
}

/** The page's heading (when the call started) with its outcome beside it. */
export function CallHeader({ title, outcome }: { title: string; outcome: string }) {
  return (
    <div className="mt-6 flex flex-wrap items-center gap-x-4 gap-y-3">
      <h1 className="display text-4xl [overflow-wrap:anywhere] sm:text-5xl">{title}</h1>
      <OutcomeBadge outcome={outcome} />
    </div>
  );
}

/** The two columns: `main` (the sections) on the left, `aside` (the facts) on the right. */
export function CallColumns({ main, aside }: { main: ReactNode; aside: ReactNode }) {
  return (
    <div className="mt-8 grid gap-4 lg:grid-cols-[3fr_2fr] lg:gap-6">
      <div className="min-w-0 space-y-4 lg:space-y-6">{main}</div>
      {aside}
    </div>
  );
}

/** A panel of the left column, named by its heading (`id` labels it). */
export function CallSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="panel">
      <h2 id={id} className="text-xl font-bold tracking-tight">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The call's summary, or a muted "no summary". */
export function CallSummary({ summary }: { summary: string }) {
  const { t } = useLanguage();
  return (
    <CallSection id="call-summary" title={t('calls.call.summary')}>
      <p className={`mt-3 leading-relaxed ${summary ? '' : 'text-ink-soft italic'}`}>{summary || t('calls.list.noSummary')}</p>
    </CallSection>
  );
}

/** The conversation, turn by turn. */
export function CallTranscript({ lines }: { lines: readonly TranscriptLine[] }) {
  const { t } = useLanguage();
  return (
    <CallSection id="call-transcript" title={t('calls.call.transcript')}>
      <Transcript lines={lines} />
    </CallSection>
  );
}

/** The number the call came from or went to as the server wrote it, or a muted "no number". */
export function CallNumber({ display }: { display: string }) {
  const { t } = useLanguage();
  return display ? <span className="font-mono">{display}</span> : <span className="text-ink-soft">{t('calls.list.noNumber')}</span>;
}

/** When the call ended, as a fact; nothing while it has not. */
export function EndedFact({ at }: { at: string | null }) {
  const { lang, t } = useLanguage();
  if (!at) return null;
  return (
    <Fact label={t('calls.call.ended')}>
      <time dateTime={at}>{formatDateTime(at, lang)}</time>
    </Fact>
  );
}
