import { formatDay } from '../../shared/format';
import type { TKey, TVars } from '../../shared/i18n/types';
import type { Lang } from '../../shared/paths';

// The words for a call's figures and codes, shared by the agent page and a call's detail.

type T = (key: TKey, vars?: TVars) => string;

/** A duration in words: "45 s", "2 min 5 s". */
export function durationText(seconds: number, t: T): string {
  const total = Math.max(0, Math.round(seconds));
  if (total < 60) return t('calls.duration.seconds', { s: total });
  return t('calls.duration.minutes', { m: Math.floor(total / 60), s: total % 60 });
}

const DIRECTIONS: Record<string, TKey> = {
  inbound: 'calls.direction.inbound',
  outbound: 'calls.direction.outbound',
  web: 'calls.direction.web',
};

/** The direction in words; one this build does not know is shown as the API sends it. */
export const directionText = (direction: string, t: T) => (direction in DIRECTIONS ? t(DIRECTIONS[direction]) : direction);

const OUTCOMES: Record<string, TKey> = {
  answered: 'calls.outcome.answered',
  missed: 'calls.outcome.missed',
  failed: 'calls.outcome.failed',
  pending: 'calls.outcome.pending',
};

export const outcomeText = (outcome: string, t: T) => (outcome in OUTCOMES ? t(OUTCOMES[outcome]) : outcome);

// Vapi's endedReason codes (docs.vapi.ai/calls/call-ended-reason) a buyer meets, in plain words. The
// many error codes (pipeline-error-*, call.in-progress.error-*, *-failed…) all read "a technical problem".
const ENDED: Record<string, TKey> = {
  'customer-ended-call': 'calls.endedReason.callerHungUp',
  'assistant-ended-call': 'calls.endedReason.agentEnded',
  'assistant-ended-call-after-message-spoken': 'calls.endedReason.agentEnded',
  'assistant-ended-call-with-hangup-task': 'calls.endedReason.agentEnded',
  'assistant-said-end-call-phrase': 'calls.endedReason.agentEnded',
  'assistant-forwarded-call': 'calls.endedReason.forwarded',
  'customer-did-not-answer': 'calls.endedReason.noAnswer',
  'customer-busy': 'calls.endedReason.busy',
  voicemail: 'calls.endedReason.voicemail',
  'silence-timed-out': 'calls.endedReason.silence',
  'exceeded-max-duration': 'calls.endedReason.maxDuration',
  'manually-canceled': 'calls.endedReason.cancelled',
  'scheduled-call-deleted': 'calls.endedReason.cancelled',
  'customer-did-not-give-microphone-permission': 'calls.endedReason.noMicrophone',
};

export function endedReasonKey(reason: string): TKey {
  if (!reason) return 'calls.endedReason.unknown';
  if (reason in ENDED) return ENDED[reason];
  if (/error|fail|fault|not-found|not-valid|invalid|timed-out/.test(reason)) return 'calls.endedReason.technical';
  return 'calls.endedReason.other';
}

/** Vapi's success evaluation: a yes/no in words, anything else (a score, a sentence) as it is. */
export function successText(evaluation: string, t: T): string {
  const value = evaluation.trim().toLowerCase();
  if (value === 'true') return t('calls.call.successYes');
  if (value === 'false') return t('calls.call.successNo');
  return evaluation.trim();
}

const PERIOD_WORDS: Record<string, TKey> = {
  month: 'calls.period.month',
  'last-month': 'calls.period.lastMonth',
  '7d': 'calls.period.d7',
  '30d': 'calls.period.d30',
  '90d': 'calls.period.d90',
};

/** A period in words: "This month", "Last 7 days", or a custom range's days ("Nov 1 – Nov 15"). */
export function periodText(period: { kind: string; from: string; to: string }, lang: Lang, t: T): string {
  if (period.kind in PERIOD_WORDS) return t(PERIOD_WORDS[period.kind]);
  return t('calls.period.range', { from: formatDay(period.from, lang), to: formatDay(period.to, lang) });
}

const CONSENT: Record<string, TKey> = {
  given: 'calls.call.consentGiven',
  not_given: 'calls.call.consentNotGiven',
  unknown: 'calls.call.consentUnknown',
};

/** Whether the caller consented to the recording (Vapi's compliance.recordingConsent), in words. */
export const consentText = (consent: string, t: T) => t(CONSENT[consent] ?? 'calls.call.consentUnknown');
