import { useEffect, useRef, useState } from 'react';
import { useLoaderData, useNavigate, useParams, type LoaderFunctionArgs } from 'react-router';
import { ApiError } from '../../shared/api/client';
import type { OwnCall } from '../../shared/api/types';
import { Deferred, deferred, requestLang } from '../../shared/data/Deferred';
import { messageFor } from '../../shared/form/errors';
import { ConfirmPanel } from './ConfirmPanel';
import { formatDateTime } from '../../shared/format';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { localePath } from '../../shared/paths';
import { Fact } from '../../shared/ui/Fact';
import { notify } from '../../shared/ui/notify';
import {
  CallBackLink,
  CallColumns,
  CallDataFacts,
  CallHeader,
  CallNotFound,
  CallNumber,
  CallSection,
  CallSummary,
  CallTranscript,
  consentText,
  deleteCall,
  directionText,
  durationText,
  EndedFact,
  endedReasonKey,
  getCall,
  successText,
} from '../calls';
import { Loading, LoadError } from './LoadState';

/** The call; not awaited (<Deferred>). */
export function loader({ params, request }: LoaderFunctionArgs) {
  return { call: deferred(getCall(params.orderId ?? '', params.callId ?? '', requestLang(request), request.signal)) };
}

/** The first render of a fresh page, before the loader has handed over its promise. */
export function HydrateFallback() {
  const { t } = useLanguage();
  return <Loading text={t('calls.call.loading')} />;
}

/**
 * /dashboard/agents/:orderId/calls/:callId: one call. The agent page links here with a full document
 * load, because the Go server serves this document with a CSP that admits the recording's origin.
 */
export function Component() {
  const { t } = useLanguage();
  const { orderId = '' } = useParams();
  const { call } = useLoaderData<typeof loader>();
  return (
    <Deferred
      resolve={call}
      loading={<Loading text={t('calls.call.loading')} />}
      failed={(error, retry) => <LoadError error={error} onRetry={retry} />}
      // 404 for a call of someone else's order, or of another order, as for a deleted one.
      notFound={<CallNotFound back={<BackLink orderId={orderId} />} text={t('calls.call.notFoundText')} />}
    >
      {(data) => <CallView key={data.call.id} orderId={orderId} call={data.call} />}
    </Deferred>
  );
}

const agentPath = (orderId: string) => `/dashboard/agents/${encodeURIComponent(orderId)}`;

function BackLink({ orderId }: { orderId: string }) {
  const { lang, t } = useLanguage();
  return <CallBackLink to={localePath(lang, agentPath(orderId))} label={t('calls.call.back')} />;
}

function CallView({ orderId, call }: { orderId: string; call: OwnCall }) {
  const { lang, t } = useLanguage();
  const started = formatDateTime(call.startedAt, lang);
  const success = successText(call.successEvaluation, t);
  return (
    <>
      <BackLink orderId={orderId} />
      <CallHeader title={t('calls.call.title', { date: started })} outcome={call.outcome} />
      <Neighbours orderId={orderId} call={call} />
      <CallColumns
        main={
          <>
            <CallSummary summary={call.summary} />
            <CallDataFacts fields={call.fields} data={call.data} />
            {call.recordingUrl && (
              <CallSection id="call-recording" title={t('calls.call.recording')}>
                <audio controls preload="none" src={call.recordingUrl} aria-labelledby="call-recording" className="mt-4 w-full" />
              </CallSection>
            )}
            <CallTranscript lines={call.transcript} />
          </>
        }
        aside={
          <div className="min-w-0 space-y-4 lg:space-y-6">
            <dl className="panel space-y-4">
              <Fact label={t('calls.call.started')}>
                <time dateTime={call.startedAt}>{started}</time>
              </Fact>
              <EndedFact at={call.endedAt} />
              <Fact label={t('calls.call.duration')}>{durationText(call.durationSeconds, t)}</Fact>
              <Fact label={t('calls.call.direction')}>{directionText(call.direction, t)}</Fact>
              <Fact label={t('calls.call.number')}>
                <CallNumber display={call.numberDisplay} />
              </Fact>
              <Fact label={t('calls.call.endedReason')}>{t(endedReasonKey(call.endedReason))}</Fact>
              {success && <Fact label={t('calls.call.success')}>{success}</Fact>}
              <Fact label={t('calls.call.consent')}>{consentText(call.recordingConsent, t)}</Fact>
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
        }
      />
    </>
  );
}

const callPath = (orderId: string, callId: string) => `${agentPath(orderId)}/calls/${encodeURIComponent(callId)}`;

/**
 * The calls just newer and just older than this one in the agent's list (newest first): "← Newer call" and
 * "Older call →", each a whole document (the CSP of a call's page names its recording's origin). At either
 * end of the list that link is left out; a single call has neither. Plain links: the router has nothing to do
 * with a whole document.
 */
function Neighbours({ orderId, call }: { orderId: string; call: OwnCall }) {
  const { lang, t } = useLanguage();
  if (!call.newerId && !call.olderId) return null;
  return (
    <nav aria-label={t('calls.call.neighbours')} className="mt-4 flex flex-wrap justify-between gap-x-6 gap-y-2">
      {call.newerId ? (
        <a href={localePath(lang, callPath(orderId, call.newerId))} className="link-button gap-1.5" rel="prev">
          <span aria-hidden="true">←</span>
          {t('calls.call.newer')}
        </a>
      ) : (
        <span />
      )}
      {call.olderId && (
        <a href={localePath(lang, callPath(orderId, call.olderId))} className="link-button gap-1.5" rel="next">
          {t('calls.call.older')}
          <span aria-hidden="true">→</span>
        </a>
      )}
    </nav>
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
    let vapi = false;
    try {
      vapi = (await deleteCall(orderId, callId)).vapiDeletion;
    } catch (err) {
      // Already gone (deleted in another tab) is what was asked for.
      if (!(err instanceof ApiError && err.status === 404)) {
        setError(err instanceof ApiError ? err : new ApiError(0, 'unknown', String(err)));
        setBusy(false);
        return;
      }
    }
    const text = t('calls.call.deletedText', { date: started });
    notify('success', t('calls.call.deleted'), vapi ? `${text} ${t('calls.call.deletedVapi')}` : text);
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
    <ConfirmPanel
      id="delete"
      heading="h2"
      titleRef={titleRef}
      title={t('calls.call.confirmTitle')}
      text={t('calls.call.confirmText')}
      error={error && `${t('calls.call.deleteError')} ${t(messageFor(error.code))}`}
      busy={busy}
      confirm={t('calls.call.confirm')}
      confirming={t('calls.call.deleting')}
      cancel={t('calls.call.cancel')}
      onConfirm={() => void remove()}
      onCancel={cancel}
    />
  );
}
