import { Link, useParams } from 'react-router';
import { getConsoleCall, type ConsoleCallDetail } from '../api/console';
import { useApiResource } from '../api/useApiResource';
import { Fact } from '../components/Fact';
import { formatDateTime } from '../format';
import { useLanguage } from '../i18n/LanguageContext';
import { localePath } from '../paths';
import { OutcomeBadge } from './calls/OutcomeBadge';
import { Transcript } from './calls/Transcript';
import { directionText, durationText, endedReasonKey, successText } from './calls/words';
import { ConsoleError, ConsoleLoading } from './console/parts';

/**
 * /console/calls/:id: one call as staff see it, with the caller's full number (the list masks it), the
 * summary, how it ended, the transcript and the order it belongs to. A new id is a new page.
 */
export function Component() {
  const { id = '' } = useParams();
  return <CallScreen key={id} id={id} />;
}

function CallScreen({ id }: { id: string }) {
  const { lang, t } = useLanguage();
  const { state, retry } = useApiResource((signal) => getConsoleCall(id, lang, signal), `console-call:${id}:${lang}`);
  const title = t('console.calls.title');

  if (state.status === 'loading') return <ConsoleLoading title={title} text={t('console.call.loading')} />;
  if (state.status === 'error') {
    if (state.error.status !== 404 && state.error.status !== 400) return <ConsoleError title={title} error={state.error} onRetry={retry} />;
    return (
      <>
        <BackLink />
        <h1 className="display mt-6 text-4xl sm:text-5xl">{t('calls.call.notFoundTitle')}</h1>
        <p className="mt-4 text-lg text-ink-soft">{t('console.call.notFound')}</p>
      </>
    );
  }
  return <CallView call={state.data.call} />;
}

function BackLink() {
  const { lang, t } = useLanguage();
  return (
    <Link to={localePath(lang, '/console/calls')} className="link-button gap-1.5">
      <span aria-hidden="true">←</span>
      {t('console.call.back')}
    </Link>
  );
}

function CallView({ call }: { call: ConsoleCallDetail }) {
  const { lang, t } = useLanguage();
  const started = call.startedAt && !call.startedAt.startsWith('0001-') ? call.startedAt : '';
  const success = successText(call.successEvaluation, t);
  return (
    <>
      <BackLink />
      <div className="mt-6 flex flex-wrap items-center gap-x-4 gap-y-3">
        <h1 className="display text-4xl [overflow-wrap:anywhere] sm:text-5xl">
          {started ? t('calls.call.title', { date: formatDateTime(started, lang) }) : t('console.calls.notStarted')}
        </h1>
        <OutcomeBadge outcome={call.outcome} />
      </div>
      <div className="mt-8 grid gap-4 lg:grid-cols-[3fr_2fr] lg:gap-6">
        <div className="min-w-0 space-y-4 lg:space-y-6">
          <section aria-labelledby="call-summary" className="panel">
            <h2 id="call-summary" className="text-xl font-bold tracking-tight">
              {t('calls.call.summary')}
            </h2>
            <p className={`mt-3 leading-relaxed ${call.summary ? '' : 'text-ink-soft italic'}`}>{call.summary || t('calls.list.noSummary')}</p>
          </section>
          <section aria-labelledby="call-transcript" className="panel">
            <h2 id="call-transcript" className="text-xl font-bold tracking-tight">
              {t('calls.call.transcript')}
            </h2>
            <Transcript lines={call.transcript} />
          </section>
        </div>
        <dl className="panel min-w-0 space-y-4 self-start">
          <Fact label={t('console.calls.order')}>
            {call.order ? (
              <>
                <Link to={localePath(lang, `/console/orders?q=${encodeURIComponent(call.order.buyerEmail)}`)} className="link-button">
                  {t('console.calls.orderLink', { number: call.order.number })}
                </Link>
                <span className="block text-ink-soft [overflow-wrap:anywhere]">{call.order.buyerEmail}</span>
              </>
            ) : (
              <span className="badge border-amber-300 bg-amber-50 text-amber-900">{t('console.calls.unassigned')}</span>
            )}
          </Fact>
          <Fact label={t('calls.call.number')}>
            {call.numberDisplay ? <span className="font-mono">{call.numberDisplay}</span> : <span className="text-ink-soft">{t('calls.list.noNumber')}</span>}
          </Fact>
          <Fact label={t('calls.call.direction')}>{directionText(call.direction, t)}</Fact>
          {started && (
            <Fact label={t('calls.call.started')}>
              <time dateTime={started}>{formatDateTime(started, lang)}</time>
            </Fact>
          )}
          {call.endedAt && (
            <Fact label={t('calls.call.ended')}>
              <time dateTime={call.endedAt}>{formatDateTime(call.endedAt, lang)}</time>
            </Fact>
          )}
          <Fact label={t('calls.call.duration')}>{durationText(call.durationSeconds, t)}</Fact>
          <Fact label={t('calls.call.endedReason')}>
            {t(endedReasonKey(call.endedReason))}
            {call.endedReason && <span className="block font-mono text-sm text-ink-soft [overflow-wrap:anywhere]">{call.endedReason}</span>}
          </Fact>
          {success && <Fact label={t('calls.call.success')}>{success}</Fact>}
          <Fact label={t('console.call.status')}>
            <span className="font-mono">{call.status || '—'}</span>
          </Fact>
          <Fact label={t('console.calls.assistant')}>
            <span className="font-mono [overflow-wrap:anywhere]">{call.assistantId || '—'}</span>
          </Fact>
        </dl>
      </div>
    </>
  );
}
