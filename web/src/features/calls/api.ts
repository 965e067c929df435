import { call } from '../../shared/api/client';
import type { Lang } from '../../shared/paths';

// The buyer's calls (issue 11), in their own module so nothing of it reaches the public pages' chunks.
// Every endpoint is owner-only: 404 for an order (or call) that is not the buyer's, 401 without a session.

/** The browser's IANA time zone: the month and the 30 days are counted in it. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export const getAgentPage = (orderId: string, lang: Lang, timeZone: string, signal?: AbortSignal) =>
  call((api) => api.GET('/api/orders/{id}/agent', { params: { path: { id: orderId }, query: { lang, tz: timeZone } }, signal }), signal);

/** Calls a page shows at a time: a screenful or two, the rest by "load more". */
export const CALLS_PER_PAGE = 20;

/**
 * One page of calls, newest first, the numbers written for `lang`; without a cursor the first. `data` holds
 * the call data filters (`data.<name>` → value, see dataFilters), which the contract cannot name.
 */
export const getCalls = (orderId: string, lang: Lang, cursor?: string | null, signal?: AbortSignal, data: Record<string, string> = {}) =>
  call(
    (api) =>
      api.GET('/api/orders/{id}/calls', {
        params: { path: { id: orderId }, query: { limit: CALLS_PER_PAGE, lang, ...(cursor ? { cursor } : {}), ...data } },
        signal,
      }),
    signal,
  );

export const getCall = (orderId: string, callId: string, lang: Lang, signal?: AbortSignal) =>
  call((api) => api.GET('/api/orders/{id}/calls/{callId}', { params: { path: { id: orderId, callId }, query: { lang } }, signal }), signal);

/** 204; the call is gone for good. */
export const deleteCall = (orderId: string, callId: string): Promise<void> =>
  call((api) => api.DELETE('/api/orders/{id}/calls/{callId}', { params: { path: { id: orderId, callId } } }));

/**
 * Every call of the order as CSV (a plain download link: the browser sends the session cookie), for a
 * spreadsheet in `lang` (Dutch: Dutch headers and ; between cells), with times in the buyer's time zone.
 */
export const callsCsvUrl = (orderId: string, lang: Lang, timeZone: string, data: Record<string, string> = {}) =>
  `/api/orders/${encodeURIComponent(orderId)}/calls.csv?${new URLSearchParams({ lang, tz: timeZone, ...data }).toString()}`;
