import { ApiError, call } from '../../shared/api/client';
import type { ApiErrorCode } from '../../shared/api/types';
import type { Lang } from '../../shared/paths';
import { browserTimeZone } from '../../shared/timeZone';
import { filtersQuery, periodQuery, type CallFilters } from './filters';

// The buyer's calls (issue 11), in their own module so nothing of it reaches the public pages' chunks.
// Every endpoint is owner-only: 404 for an order (or call) that is not the buyer's, 401 without a session.

export { browserTimeZone };

/** The agent with the figures and calls per day of the filters' period (the other filters do not change them). */
export const getAgentPage = (orderId: string, lang: Lang, timeZone: string, filters: CallFilters, signal?: AbortSignal) =>
  call(
    (api) =>
      api.GET('/api/orders/{id}/agent', {
        params: { path: { id: orderId }, query: { lang, tz: timeZone, ...periodQuery(filters) } },
        signal,
      }),
    signal,
  );

/** Calls a page shows at a time: a screenful or two, the rest by "load more". */
export const CALLS_PER_PAGE = 20;

/**
 * One page of the calls the filters select, newest first, the numbers written for `lang`; without a cursor
 * the first. The period's days are the browser's.
 */
export const getCalls = (orderId: string, lang: Lang, filters: CallFilters, cursor?: string | null, signal?: AbortSignal) =>
  call(
    (api) =>
      api.GET('/api/orders/{id}/calls', {
        params: {
          path: { id: orderId },
          query: {
            limit: CALLS_PER_PAGE,
            lang,
            tz: browserTimeZone(),
            ...filtersQuery(filters),
            ...(cursor ? { cursor } : {}),
          },
        },
        signal,
      }),
    signal,
  );

export const getCall = (orderId: string, callId: string, lang: Lang, signal?: AbortSignal) =>
  call((api) => api.GET('/api/orders/{id}/calls/{callId}', { params: { path: { id: orderId, callId }, query: { lang } }, signal }), signal);

/** Contacts a page shows at a time. */
export const CONTACTS_PER_PAGE = 50;

/** One page of the order's contacts (callers grouped by number), the most recent first. */
export const getContacts = (orderId: string, lang: Lang, cursor?: string | null, signal?: AbortSignal) =>
  call(
    (api) =>
      api.GET('/api/orders/{id}/contacts', {
        params: { path: { id: orderId }, query: { limit: CONTACTS_PER_PAGE, lang, ...(cursor ? { cursor } : {}) } },
        signal,
      }),
    signal,
  );

/** One contact, by their number (the contact's `key`), with a page of their calls, newest first. */
export const getContact = (orderId: string, number: string, lang: Lang, cursor?: string | null, signal?: AbortSignal) =>
  call(
    (api) =>
      api.GET('/api/orders/{id}/contacts/{number}', {
        params: { path: { id: orderId, number }, query: { limit: CALLS_PER_PAGE, lang, ...(cursor ? { cursor } : {}) } },
        signal,
      }),
    signal,
  );

/** The call is gone for good; says whether Vapi's copy goes too. */
export const deleteCall = (orderId: string, callId: string) =>
  call((api) => api.DELETE('/api/orders/{id}/calls/{callId}', { params: { path: { id: orderId, callId } } }));

/**
 * The calls the filters select as CSV (a plain download link: the browser sends the session cookie), for a
 * spreadsheet in `lang` (Dutch: Dutch headers and ; between cells), with times and days in the buyer's time zone.
 */
export const callsCsvUrl = (orderId: string, lang: Lang, timeZone: string, filters: CallFilters) =>
  `/api/orders/${encodeURIComponent(orderId)}/calls.csv?${new URLSearchParams({ lang, tz: timeZone, ...filtersQuery(filters) }).toString()}`;

/** The order's monthly report for `month` (YYYY-MM), hours in the buyer's own time zone (set on the profile). */
export const getReport = (orderId: string, month: string, lang: Lang, signal?: AbortSignal) =>
  call((api) => api.GET('/api/orders/{id}/reports/{month}', { params: { path: { id: orderId, month }, query: { lang } }, signal }), signal);

/**
 * Everything the order holds about a caller (GDPR art. 15) as a ZIP: calls.json and one transcript per call.
 * A download, so it is fetched as a file rather than through the JSON client; a failure is an ApiError.
 */
export async function exportContact(orderId: string, number: string, lang: Lang): Promise<{ file: Blob; name: string }> {
  const url = `/api/orders/${encodeURIComponent(orderId)}/contacts/${encodeURIComponent(number)}/export?lang=${lang}`;
  let res: Response;
  try {
    res = await globalThis.fetch(url, { method: 'POST', credentials: 'same-origin', headers: { Accept: 'application/zip' } });
  } catch (err) {
    throw new ApiError(0, 'network', err instanceof Error ? err.message : String(err));
  }
  if (!res.ok) {
    type Failure = { error?: { code?: ApiErrorCode; message?: string } } | null;
    const body: Failure = await res.json().then(
      (b: unknown) => b as Failure,
      () => null,
    );
    const code: ApiErrorCode = body?.error?.code ?? (res.status === 404 ? 'not_found' : 'unknown');
    throw new ApiError(res.status, code, body?.error?.message ?? `The export failed with ${res.status}`);
  }
  const disposition = res.headers.get('Content-Disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'caller.zip';
  return { file: await res.blob(), name };
}

/** Erases every call of the caller (GDPR art. 17), usage kept; says how many calls and whether Vapi's copies go too. */
export const eraseContact = (orderId: string, number: string) =>
  call((api) => api.POST('/api/orders/{id}/contacts/{number}/erase', { params: { path: { id: orderId, number } } }));
