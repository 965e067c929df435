import { request } from './client';
import type { Lang } from '../paths';
import type { CallDetail, CallSummary } from './types';

// The console's API (/api/console/…, staff only; README "The console"). Every list is a page, newest
// first, with an opaque `nextCursor` (null after the last page).

export const QUOTE_STATUSES = ['new', 'contacted', 'proposal_sent', 'won', 'lost'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
export const ORDER_STATUSES = ['pending', 'completed', 'cancelled', 'refunded'] as const;
export type ConsoleOrderStatus = (typeof ORDER_STATUSES)[number];
export type QuoteSource = 'form' | 'voice' | 'personalized';

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** A staff member or buyer; null where the account is gone or the change was the system's. */
export interface Person {
  id: string;
  email: string;
  fullName: string;
}

/** One step of a record's history: `from` is null for its creation, `actor` null for a visitor or the seed. */
export interface Change {
  from: string | null;
  to: string | null;
  actor: Person | null;
  at: string;
}

export interface QuoteSummary {
  id: string;
  fullName: string;
  email: string;
  companyName: string;
  businessType: string;
  phone: string;
  language: 'english' | 'dutch';
  locale: 'en' | 'nl';
  status: QuoteStatus;
  source: QuoteSource;
  version: number;
  createdAt: string;
}

export interface Note {
  id: string;
  body: string;
  author: Person | null;
  createdAt: string;
}

export interface QuoteDetail extends QuoteSummary {
  description: string;
  timeZone: string;
  userId: string | null;
  notes: Note[];
  history: Change[];
  orders: { id: string; number: string; status: string }[];
}

export interface ConsoleOrder {
  id: string;
  number: string;
  status: ConsoleOrderStatus;
  version: number;
  amountCents: number;
  currency: string;
  createdAt: string;
  updatedAt: string;
  buyer: Person & { locale: 'en' | 'nl' };
  /** The agent in English (`name`, `title`) and Dutch (`nameNl`, `titleNl`, the English where the catalogue has no Dutch). */
  agent: { id: string; name: string; title: string; nameNl: string; titleNl: string };
  quoteId: string | null;
  /** The Vapi assistant delivered for the order; null while none is linked. */
  assistantId: string | null;
  /** What a minute of calls costs the buyer, in cents of the order's currency. */
  perMinuteCents: number;
}

/**
 * A call as staff see it in the list: also in progress (`outcome` 'pending'), with its assistant and order
 * (null: unassigned). The number is masked (`numberDisplay`; `number` is '').
 */
export interface ConsoleCall extends CallSummary {
  status: string;
  assistantId: string;
  order: { id: string; number: string; buyerEmail: string } | null;
}

/** GET /api/console/calls/{id}: one call with the caller's full number, its transcript and its order. */
export type ConsoleCallDetail = CallDetail & Omit<ConsoleCall, keyof CallSummary>;

export interface CatalogueAgent {
  id: string;
  nameEn: string;
  nameNl: string;
  titleEn: string;
  titleNl: string;
  descriptionEn: string;
  descriptionNl: string;
  deliveryDays: number;
  priceCents: number;
  currency: string;
  version: number;
}

export type AgentFields = Omit<CatalogueAgent, 'id' | 'version'>;

export interface Account extends Person {
  role: 'buyer' | 'staff';
  locale: 'en' | 'nl';
  verified: boolean;
  createdAt: string;
  orderCount: number;
}

/** `?a=1&b=2` of the non-empty values. */
function query(params: Record<string, string | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) q.set(k, v);
  const s = q.toString();
  return s ? `?${s}` : '';
}

const id = (value: string) => encodeURIComponent(value);

export const listQuotes = (p: { status?: string; q?: string; cursor?: string }, signal?: AbortSignal) =>
  request<Page<QuoteSummary>>('GET', `/api/console/quotes${query(p)}`, undefined, signal);

export const getQuote = (quoteId: string, signal?: AbortSignal) =>
  request<{ quote: QuoteDetail }>('GET', `/api/console/quotes/${id(quoteId)}`, undefined, signal);

export const setQuoteStatus = (quoteId: string, body: { status: QuoteStatus; version: number }) =>
  request<{ quote: QuoteDetail }>('PATCH', `/api/console/quotes/${id(quoteId)}`, body);

export const addNote = (quoteId: string, body: string) =>
  request<{ note: Note }>('POST', `/api/console/quotes/${id(quoteId)}/notes`, { body });

export const orderFromQuote = (quoteId: string, body: { agentId: string; amountCents: number; currency: string }) =>
  request<{ order: ConsoleOrder; invited: boolean }>('POST', `/api/console/quotes/${id(quoteId)}/orders`, body);

export const listOrders = (p: { status?: string; buyer?: string; q?: string; cursor?: string }, signal?: AbortSignal) =>
  request<Page<ConsoleOrder>>('GET', `/api/console/orders${query(p)}`, undefined, signal);

export const setOrderStatus = (orderId: string, body: { status: ConsoleOrderStatus; version: number }) =>
  request<{ order: ConsoleOrder }>('PATCH', `/api/console/orders/${id(orderId)}`, body);

/** An order's Vapi assistant ('' removes the link) and per-minute rate, with the version seen. */
export const setOrderLink = (orderId: string, body: { assistantId?: string; perMinuteCents?: number; version: number }) =>
  request<{ order: ConsoleOrder }>('PATCH', `/api/console/orders/${id(orderId)}`, body);

/** Every call, or only the assigned (true) or unassigned (false) ones, newest first. */
export const listCalls = (p: { assigned?: string; cursor?: string }, signal?: AbortSignal) =>
  request<Page<ConsoleCall>>('GET', `/api/console/calls${query(p)}`, undefined, signal);

/** One call in full (the full number, formatted for `lang`); 404 for a deleted or unknown call. */
export const getConsoleCall = (callId: string, lang: Lang, signal?: AbortSignal) =>
  request<{ call: ConsoleCallDetail }>('GET', `/api/console/calls/${id(callId)}?lang=${lang}`, undefined, signal);

export const listAgents = (signal?: AbortSignal) => request<{ items: CatalogueAgent[] }>('GET', '/api/console/agents', undefined, signal);

export const createAgent = (body: AgentFields) => request<{ agent: CatalogueAgent }>('POST', '/api/console/agents', body);

export const updateAgent = (agentId: string, body: Partial<AgentFields> & { version: number }) =>
  request<{ agent: CatalogueAgent }>('PATCH', `/api/console/agents/${id(agentId)}`, body);

export const listBuyers = (p: { q?: string; cursor?: string }, signal?: AbortSignal) =>
  request<Page<Account>>('GET', `/api/console/buyers${query(p)}`, undefined, signal);

export const getConsoleOrder = (orderId: string, signal?: AbortSignal) =>
  request<{ order: ConsoleOrder; history: Change[] }>('GET', `/api/console/orders/${id(orderId)}`, undefined, signal);
