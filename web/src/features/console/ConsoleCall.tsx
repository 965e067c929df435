import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Deferred, deferred, requestLang } from '../../shared/data/Deferred';
import { formatDateTime, formatMoney } from '../../shared/format';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { localePath } from '../../shared/paths';
import { Fact } from '../../shared/ui/Fact';
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
  directionText,
  durationText,
  EndedFact,
  endedReasonKey,
  successText,
} from '../calls';
import { getConsoleCall, type ConsoleCallDetail } from './api';
import { CallOrder } from './CallOrder';
import { ConsoleError, ConsoleLoading } from './parts';

/** The call; not awaited (<Deferred>). */
export function loader({ params, request }: LoaderFunctionArgs) {
  return { call: deferred(getConsoleCall(params.id ?? '', requestLang(request), request.signal)) };
}

/** The first render of a fresh page, before the loader has handed over its promise. */
export function HydrateFallback() {
  const { t } = useLanguage();
  return <ConsoleLoading title={t('console.calls.title')} text={t('console.call.loading')} />;
}

/**
 * /console/calls/:id: one call as staff see it, with the caller's full number (the list masks it), the
 * summary, the recording, the transcript, how it ended, its usage line and the order it belongs to. A new
 * id is a new page. The list links here with a full document load: the server serves it with a CSP that
 * admits the recording's origin (for staff only).
 */
export function Component() {
  const { t } = useLanguage();
  const { call } = useLoaderData<typeof loader>();
  const title = t('console.calls.title');
  return (
    <Deferred
      resolve={call}
      loading={<ConsoleLoading title={title} text={t('console.call.loading')} />}
      failed={(error, retry) => <ConsoleError title={title} error={error} onRetry={retry} />}
      notFound={<CallNotFound back={<BackLink />} text={t('console.call.notFound')} />}
    >
      {(data) => <CallView key={data.call.id} call={data.call} />}
    </Deferred>
  );
}

function BackLink() {
  const { lang, t } = useLanguage();
  return <CallBackLink to={localePath(lang, '/console/calls')} label={t('console.call.back')} />;
}

function CallView({ call }: { call: ConsoleCallDetail }) {
  const { lang, t } = useLanguage();
  const started = call.startedAt && !call.startedAt.startsWith('0001-') ? call.startedAt : '';
  const success = successText(call.successEvaluation, t);
  return (
    <>
      <BackLink />
      <CallHeader
        title={started ? t('calls.call.title', { date: formatDateTime(started, lang) }) : t('console.calls.notStarted')}
        outcome={call.outcome}
      />
      <CallColumns
        main={
          <>
            <CallSummary summary={call.summary} />
            {call.recordingUrl && (
              <CallSection id="call-recording" title={t('calls.call.recording')}>
                <audio controls preload="none" src={call.recordingUrl} aria-labelledby="call-recording" className="mt-4 w-full" />
              </CallSection>
            )}
            <CallDataFacts fields={call.fields} data={call.data} />
            <CallTranscript lines={call.transcript} />
          </>
        }
        aside={
          <dl className="panel min-w-0 space-y-4 self-start">
            <Fact label={t('console.calls.order')}>
              <CallOrder order={call.order} />
            </Fact>
            <Fact label={t('console.call.usage')}>
              <Usage usage={call.usage} />
            </Fact>
            <Fact label={t('calls.call.number')}>
              <CallNumber display={call.numberDisplay} />
            </Fact>
            <Fact label={t('calls.call.direction')}>{directionText(call.direction, t)}</Fact>
            {started && (
              <Fact label={t('calls.call.started')}>
                <time dateTime={started}>{formatDateTime(started, lang)}</time>
              </Fact>
            )}
            <EndedFact at={call.endedAt} />
            <Fact label={t('calls.call.duration')}>{durationText(call.durationSeconds, t)}</Fact>
            <Fact label={t('calls.call.endedReason')}>
              {t(endedReasonKey(call.endedReason))}
              {call.endedReason && (
                <span className="block font-mono text-sm text-ink-soft [overflow-wrap:anywhere]">{call.endedReason}</span>
              )}
            </Fact>
            {success && <Fact label={t('calls.call.success')}>{success}</Fact>}
            <Fact label={t('calls.call.consent')}>{consentText(call.recordingConsent, t)}</Fact>
            <Fact label={t('console.call.status')}>
              <span className="font-mono">{call.status || '—'}</span>
            </Fact>
            <Fact label={t('console.calls.assistant')}>
              <span className="font-mono [overflow-wrap:anywhere]">{call.assistantId || '—'}</span>
            </Fact>
          </dl>
        }
      />
    </>
  );
}

/** The call's usage line: billable time, the rate it was recorded at and its cost, and whether its month is open. */
function Usage({ usage }: { usage: ConsoleCallDetail['usage'] }) {
  const { lang, t } = useLanguage();
  if (!usage) return <span className="text-ink-soft">{t('console.call.noUsage')}</span>;
  const money = (cents: number) => formatMoney(cents, usage.currency, lang);
  return (
    <>
      {t('console.call.usageLine', {
        duration: durationText(usage.seconds, t),
        rate: money(usage.perMinuteCents),
        cost: money(usage.costCents),
      })}
      <span className="block text-sm text-ink-soft">{usage.open ? t('console.call.monthOpen') : t('console.call.monthClosed')}</span>
    </>
  );
}
