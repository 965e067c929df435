import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { deleteCall, getCall } from '../api/calls';
import { ApiError } from '../api/client';
import type { CallDetail } from '../api/types';
import { useApiResource } from '../api/useApiResource';
import { Fact } from '../components/Fact';
import { messageFor } from '../components/form/errors';
import { notify } from '../components/notify';
import { formatDateTime } from '../format';
import { useLanguage } from '../i18n/LanguageContext';
import { localePath } from '../paths';
import { OutcomeBadge } from './calls/OutcomeBadge';
import { Transcript } from './calls/Transcript';
import { directionText, durationText, endedReasonKey, successText } from './calls/words';
import { Loading, LoadError } from './dashboard/LoadState';

/**
 * /dashboard/agents/:orderId/calls/:callId: one call. The agent page links here with a full document
 * load, because the Go server serves this document with a CSP that admits the recording's origin.
 */
export function Component() {
  const { orderId = '', callId = '' } = useParams();
  return <CallPage key={`${orderId}/${callId}`} orderId={orderId} callId={callId} />;
}

const agentPath = (orderId: string) => `/dashboard/agents/${encodeURIComponent(orderId)}`;

function CallPage({ orderId, callId }: { orderId: string; callId: string }) {
  const { lang, t } = useLanguage();
  const { state, retry } = useApiResource((signal) => getCall(orderId, callId, lang, signal), `call:${orderId}/${callId}:${lang}`);

  if (state.status === 'loading') return <Loading text={t('calls.call.loading')} />;
  if (state.status === 'error') {
    // 404 for a call of someone else's order, or of another order, as for a deleted one.
    if (state.error.status !== 404 && state.error.status !== 400) return <LoadError error={state.error} onRetry={retry} />;
    return (
      <>
        <BackLink orderId={orderId} />
        <h1 className="display mt-6 text-4xl sm:text-5xl">{t('calls.call.notFoundTitle')}</h1>
        <p className="mt-4 text-lg text-ink-soft">{t('calls.call.notFoundText')}</p>
      </>
    );
  }
  return <CallView orderId={orderId} call={state.data.call} />;
}

function BackLink({ orderId }: { orderId: string }) {
  const { lang, t } = useLanguage();
  return (
    <Link to={localePath(lang, agentPath(orderId))} className="link-button gap-1.5">
      <span aria-hidden="true">←</span>
      {t('calls.call.back')}
    </Link>
  );
}

function CallView({ orderId, call }: { orderId: string; call: CallDetail }) {
  const { lang, t } = useLanguage();
  const started = formatDateTime(call.startedAt, lang);
  const success = successText(call.successEvaluation, t);
  return (
    <>
      <BackLink orderId={orderId} />
      <div className="mt-6 flex flex-wrap items-center gap-x-4 gap-y-3">
        <h1 className="display text-4xl [overflow-wrap:anywhere] sm:text-5xl">{t('calls.call.title', { date: started })}</h1>
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
          {call.recordingUrl && (
            <section aria-labelledby="call-recording" className="panel">
              <h2 id="call-recording" className="text-xl font-bold tracking-tight">
                {t('calls.call.recording')}
              </h2>
              <audio controls preload="none" src={call.recordingUrl} aria-labelledby="call-recording" className="mt-4 w-full" />
            </section>
          )}
          <section aria-labelledby="call-transcript" className="panel">
            <h2 id="call-transcript" className="text-xl font-bold tracking-tight">
              {t('calls.call.transcript')}
            </h2>
            <Transcript lines={call.transcript} />
          </section>
        </div>
        <div className="min-w-0 space-y-4 lg:space-y-6">
          <dl className="panel space-y-4">
            <Fact label={t('calls.call.started')}>
              <time dateTime={call.startedAt}>{started}</time>
            </Fact>
            {call.endedAt && (
              <Fact label={t('calls.call.ended')}>
                <time dateTime={call.endedAt}>{formatDateTime(call.endedAt, lang)}</time>
              </Fact>
            )}
            <Fact label={t('calls.call.duration')}>{durationText(call.durationSeconds, t)}</Fact>
            <Fact label={t('calls.call.direction')}>{directionText(call.direction, t)}</Fact>
            <Fact label={t('calls.call.number')}>
              {call.numberDisplay ? <span className="font-mono">{call.numberDisplay}</span> : <span className="text-ink-soft">{t('calls.list.noNumber')}</span>}
            </Fact>
            <Fact label={t('calls.call.endedReason')}>{t(endedReasonKey(call.endedReason))}</Fact>
            {success && <Fact label={t('calls.call.success')}>{success}</Fact>}
          </dl>
          {/* Only a number that can be dialled: a web call, or a number the server could not read, has none. */}
          {call.number && (
            <p>
              <a href={`tel:${call.number}`} className="btn btn-ink w-full sm:w-auto">
                {t('calls.call.callBack')}
              </a>
            </p>
          )}
          <DeleteCall orderId={orderId} callId={call.id} started={started} />
        </div>
      </div>
    </>
  );
}

/** "Delete call", then a confirmation in place; once gone, back to the agent page with a toast. */
function DeleteCall({ orderId, callId, started }: { orderId: string; callId: string; started: string }) {
  const { lang, t } = useLanguage();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const openRef = useRef<HTMLButtonElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  // The confirmation takes the focus as it opens, so a screen reader reads the question first.
  useEffect(() => {
    if (confirming) titleRef.current?.focus();
  }, [confirming]);

  function cancel() {
    setConfirming(false);
    setError(null);
    // Focus goes back to where it came from once the button is rendered again.
    requestAnimationFrame(() => openRef.current?.focus());
  }

  async function remove() {
    setBusy(true);
    setError(null);
    try {
      await deleteCall(orderId, callId);
    } catch (err) {
      // Already gone (deleted in another tab) is what was asked for.
      if (!(err instanceof ApiError && err.status === 404)) {
        setError(err instanceof ApiError ? err : new ApiError(0, 'unknown', String(err)));
        setBusy(false);
        return;
      }
    }
    notify('success', t('calls.call.deleted'), t('calls.call.deletedText', { date: started }));
    void navigate(localePath(lang, agentPath(orderId)), { replace: true });
  }

  if (!confirming) {
    return (
      <button ref={openRef} type="button" className="btn btn-ghost w-full sm:w-auto" onClick={() => setConfirming(true)}>
        {t('calls.call.delete')}
      </button>
    );
  }
  return (
    <div
      role="group"
      aria-labelledby="delete-title"
      aria-describedby="delete-text"
      className="rounded-3xl border-[1.5px] border-red-700 bg-red-50 p-5"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !busy) cancel();
      }}
    >
      <h2 id="delete-title" tabIndex={-1} ref={titleRef} className="text-lg font-bold text-red-900">
        {t('calls.call.confirmTitle')}
      </h2>
      <p id="delete-text" className="mt-2 leading-relaxed text-red-900">
        {t('calls.call.confirmText')}
      </p>
      {error && (
        <p role="alert" className="notice notice-error mt-3">
          {t('calls.call.deleteError')} {t(messageFor(error.code))}
        </p>
      )}
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="button" className="btn btn-ink" disabled={busy} data-busy={busy || undefined} onClick={() => void remove()}>
          {busy ? t('calls.call.deleting') : t('calls.call.confirm')}
        </button>
        <button type="button" className="btn btn-ghost" disabled={busy} onClick={cancel}>
          {t('calls.call.cancel')}
        </button>
      </div>
    </div>
  );
}
