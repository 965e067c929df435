import { request } from './client';
import type { AgentOverview, CallDetail, CallPage } from './types';
import type { Lang } from '../paths';

// The buyer's calls (issue 11), in their own module so nothing of it reaches the public pages' chunks.
// Every endpoint is owner-only: 404 for an order (or call) that is not the buyer's, 401 without a session.

const base = (orderId: string) => `/api/orders/${encodeURIComponent(orderId)}`;

/** The browser's IANA time zone: the month and the 30 days are counted in it. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export const getAgentOverview = (orderId: string, lang: Lang, timeZone: string, signal?: AbortSignal) =>
  request<AgentOverview>('GET', `${base(orderId)}/agent?lang=${lang}&tz=${encodeURIComponent(timeZone)}`, undefined, signal);

/** Calls a page shows at a time: a screenful or two, the rest by "load more". */
export const CALLS_PER_PAGE = 20;

/** One page of calls, newest first, the numbers written for `lang`; without a cursor the first. */
export const getCalls = (orderId: string, lang: Lang, cursor?: string | null, signal?: AbortSignal) =>
  request<CallPage>(
    'GET',
    `${base(orderId)}/calls?limit=${CALLS_PER_PAGE}&lang=${lang}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    undefined,
    signal,
  );

export const getCall = (orderId: string, callId: string, lang: Lang, signal?: AbortSignal) =>
  request<{ call: CallDetail }>('GET', `${base(orderId)}/calls/${encodeURIComponent(callId)}?lang=${lang}`, undefined, signal);

/** 204; the call is gone for good. */
export const deleteCall = (orderId: string, callId: string) =>
  request<void>('DELETE', `${base(orderId)}/calls/${encodeURIComponent(callId)}`);

/**
 * Every call of the order as CSV (a plain download link: the browser sends the session cookie), for a
 * spreadsheet in `lang` (Dutch: Dutch headers and ; between cells), with times in the buyer's time zone.
 */
export const callsCsvUrl = (orderId: string, lang: Lang, timeZone: string) =>
  `${base(orderId)}/calls.csv?lang=${lang}&tz=${encodeURIComponent(timeZone)}`;
