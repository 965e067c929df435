import { call } from '../../shared/api/client';
import {
  consoleOrderStatusValues,
  quoteSummaryStatusValues,
  summaryStateValues,
  type components,
  type operations,
} from '../../shared/api/schema';
import type { Lang } from '../../shared/paths';

// The console's API (/api/console/…, staff only; README "The console"). Every list is a page, newest
// first, with an opaque `nextCursor` (null after the last page). Every shape is the contract's (schema.ts).

type Schemas = components['schemas'];

export type QuoteStatus = Schemas['QuoteSummary']['status'];
/** Every status of a quote request, in the order a request usually takes (the Go list, through the contract). */
export const QUOTE_STATUSES = quoteSummaryStatusValues;
export type ConsoleOrderStatus = Schemas['ConsoleOrder']['status'];
export const ORDER_STATUSES = consoleOrderStatusValues;
export type QuoteSource = Schemas['QuoteSummary']['source'];

/** A page of any of the lists: the items of one, and the cursor of the next page. */
export type Page<T> = Omit<Schemas['QuoteSummaryPage'], 'items'> & { items: T[] };

/** A staff member or buyer; null where the account is gone or the change was the system's. */
export type Person = Schemas['Person'];
/** One step of a record's history: `from` is null for its creation, `actor` null for a visitor or the seed. */
export type Change = Schemas['Change'];
export type QuoteSummary = Schemas['QuoteSummary'];
export type Note = Schemas['QuoteNote'];
export type QuoteDetail = Schemas['QuoteDetail'];
export type ConsoleOrder = Schemas['ConsoleOrder'];
/** The body of a PATCH of an order: its status, or its assistant and rate, with the version seen. */
export type OrderChange = Schemas['OrderChange'];
/**
 * A call as staff see it in the list: also in progress (`outcome` 'pending'), with its assistant and order
 * (null: unassigned). The number is masked (`numberDisplay`; `number` is '').
 */
export type ConsoleCall = Schemas['CallConsoleCall'];
/** GET /api/console/calls/{id}: one call with the caller's full number, its transcript and its order. */
export type ConsoleCallDetail = Schemas['CallConsoleDetail'];
export type CatalogueAgent = Schemas['CatalogueAgent'];
/** An agent's fields as the console sends them (a PATCH only what changes, with `version`). */
export type AgentFields = Omit<CatalogueAgent, 'id' | 'version'>;
export type Account = Schemas['BuyerSummary'];
/** GET /api/console/buyers/{id}: one account with its orders, invitation emails and last sign-in. */
export type BuyerDetail = Schemas['BuyerDetail'];
export type Invitation = Schemas['Invitation'];
/** GET /api/console/orders/{id}: the order, its status history and its usage per calendar month. */
export type OrderDetail = Schemas['OrderHistoryAnswer'];
export type UsageMonth = Schemas['UsageMonth'];
/** A job of the queue as staff see it: never its payload; an email only as its kind and the recipient's domain. */
export type Job = Schemas['Summary'];
export type JobState = Job['state'];
/** Every state of a job (the Go list, through the contract). */
export const JOB_STATES = summaryStateValues;

/** The non-empty values: an empty filter is no filter. */
function query<T extends Record<string, string | undefined>>(params: T): { [K in keyof T]?: Exclude<T[K], ''> } {
  return Object.fromEntries(Object.entries(params).filter(([, v]) => v)) as { [K in keyof T]?: Exclude<T[K], ''> };
}

export const listQuotes = (p: { status?: string; q?: string; cursor?: string }, signal?: AbortSignal) =>
  call((api) => api.GET('/api/console/quotes', { params: { query: query(p) }, signal }), signal);

export const getQuote = (quoteId: string, signal?: AbortSignal) =>
  call((api) => api.GET('/api/console/quotes/{id}', { params: { path: { id: quoteId } }, signal }), signal);

export const setQuoteStatus = (quoteId: string, body: Schemas['StatusChange']) =>
  call((api) => api.PATCH('/api/console/quotes/{id}', { params: { path: { id: quoteId } }, body }));

export const addNote = (quoteId: string, body: string) =>
  call((api) => api.POST('/api/console/quotes/{id}/notes', { params: { path: { id: quoteId } }, body: { body } }));

export const orderFromQuote = (quoteId: string, body: Schemas['FromQuoteBody']) =>
  call((api) => api.POST('/api/console/quotes/{id}/orders', { params: { path: { id: quoteId } }, body }));

export const listOrders = (p: { status?: string; buyer?: string; q?: string; cursor?: string }, signal?: AbortSignal) =>
  call((api) => api.GET('/api/console/orders', { params: { query: query(p) }, signal }), signal);

export const setOrderStatus = (orderId: string, body: Required<Pick<OrderChange, 'status' | 'version'>>) =>
  call((api) => api.PATCH('/api/console/orders/{id}', { params: { path: { id: orderId } }, body }));

/** An order's Vapi assistant ('' removes the link) and per-minute rate, with the version seen. */
export const setOrderLink = (orderId: string, body: Omit<OrderChange, 'status'>) =>
  call((api) => api.PATCH('/api/console/orders/{id}', { params: { path: { id: orderId } }, body }));

type CallsQuery = NonNullable<operations['getConsoleCalls']['parameters']['query']>;
/** The calls list's filters as the URL and the API both name them (README, the console's calls endpoint); '' is no filter. */
export type CallsFilter = { [K in Exclude<keyof CallsQuery, 'cursor' | 'limit'>]?: string };

/** A page of calls, newest first, filtered (assigned, order, period with tz, outcome, search…). */
export const listCalls = (p: CallsFilter & { cursor?: string }, signal?: AbortSignal) =>
  call((api) => api.GET('/api/console/calls', { params: { query: query(p) as CallsQuery }, signal }), signal);

/** The orders the calls filter offers: those with an assistant linked (only they have calls), up to 100. */
export const listCallOrders = (signal?: AbortSignal) =>
  call((api) => api.GET('/api/console/orders', { params: { query: { limit: 100 } }, signal }), signal);

/** One call in full (the full number, formatted for `lang`); 404 for a deleted or unknown call. */
export const getConsoleCall = (callId: string, lang: Lang, signal?: AbortSignal) =>
  call((api) => api.GET('/api/console/calls/{id}', { params: { path: { id: callId }, query: { lang } }, signal }), signal);

export const listAgents = (signal?: AbortSignal) => call((api) => api.GET('/api/console/agents', { signal }), signal);

export const createAgent = (body: AgentFields) => call((api) => api.POST('/api/console/agents', { body }));

export const updateAgent = (agentId: string, body: Partial<AgentFields> & { version: number }) =>
  call((api) => api.PATCH('/api/console/agents/{id}', { params: { path: { id: agentId } }, body }));

export const listBuyers = (p: { q?: string; cursor?: string }, signal?: AbortSignal) =>
  call((api) => api.GET('/api/console/buyers', { params: { query: query(p) }, signal }), signal);

export const getConsoleOrder = (orderId: string, signal?: AbortSignal) =>
  call((api) => api.GET('/api/console/orders/{id}', { params: { path: { id: orderId } }, signal }), signal);

/** One account with its orders, invitations and last sign-in; 404 for an unknown id. */
export const getBuyer = (buyerId: string, signal?: AbortSignal) =>
  call((api) => api.GET('/api/console/buyers/{id}', { params: { path: { id: buyerId } }, signal }), signal);

/** Emails the account's invitation again; 409 account_active once it has a password. */
export const resendInvite = (buyerId: string) =>
  call((api) => api.POST('/api/console/buyers/{id}/invite', { params: { path: { id: buyerId } } }));

/** The job queue, newest first, in one state ('' for all). */
export const listJobs = (p: { state?: string; cursor?: string }, signal?: AbortSignal) =>
  call((api) => api.GET('/api/console/jobs', { params: { query: query(p) }, signal }), signal);

/** A failed or cancelled job → pending, due now; 409 in any other state. */
export const retryJob = (jobId: number) =>
  call((api) => api.POST('/api/console/jobs/{id}/retry', { params: { path: { id: String(jobId) } } }));

/** A pending job → cancelled; 409 in any other state. */
export const cancelJob = (jobId: number) =>
  call((api) => api.POST('/api/console/jobs/{id}/cancel', { params: { path: { id: String(jobId) } } }));

/** A call data field of an order: the key its agent fills in, its type, its labels and a choice's options. */
export type CallDataField = Schemas['CallDataField'];
export type CallDataFieldType = CallDataField['type'];
/** Every field type (the Go list, through the contract). */
export { callDataFieldTypeValues as CALL_DATA_FIELD_TYPES } from '../../shared/api/schema';

/** The order's call data fields, in order. */
export const getCallFields = (orderId: string, signal?: AbortSignal) =>
  call((api) => api.GET('/api/console/orders/{id}/call-fields', { params: { path: { id: orderId } }, signal }), signal);

/** Replaces the order's call data fields; 400 names the field at fault (`fields[i].name`, …). */
export const setCallFields = (orderId: string, fields: CallDataField[]) =>
  call((api) => api.PUT('/api/console/orders/{id}/call-fields', { params: { path: { id: orderId } }, body: { fields } }));
