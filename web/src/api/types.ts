import type { Lang } from '../paths';
import type { ErrorCode } from './codes';

// Shapes of the Go API's JSON (same origin, /api/…). Amounts are integer cents of their ISO 4217
// `currency`, times RFC 3339 UTC.

export interface User {
  id: string;
  email: string;
  /** May be "" when the person left it out. */
  fullName: string;
  /** Every account is a buyer; the agency's staff run the console. */
  role: 'buyer' | 'staff';
}

export interface Agent {
  id: string;
  name: string;
  title: string;
  description: string;
  deliveryDays: number;
}

/** Known statuses; the API may send any other string, which the UI shows as it is. */
export type OrderStatus = 'pending' | 'completed' | 'cancelled' | 'refunded' | (string & {});

export interface Order {
  id: string;
  /** First 8 characters of the id (spec §9). */
  number: string;
  status: OrderStatus;
  amountCents: number;
  /** ISO 4217, e.g. EUR. */
  currency: string;
  createdAt: string;
  /** In the language the dashboard asked for (?lang=), English where there is no Dutch. */
  agent: Agent;
}

export interface DashboardStats {
  active: number;
  settingUp: number;
  totalPurchases: number;
  /** One total per currency the buyer's orders are in (none without orders). */
  totalInvested: Money[];
}

export interface Money {
  currency: string;
  amountCents: number;
}

export interface DashboardData {
  user: User;
  /** Computed by the server from the same orders (internal/orders.Summarize); shown as they come. */
  stats: DashboardStats;
  /** Newest first. */
  orders: Order[];
}

export type MeResponse = { authenticated: false } | { authenticated: true; user: User };

/** The language emails are written in. */
export type Locale = Lang;

/** The language the agent should speak on calls. */
export type QuoteLanguage = 'english' | 'dutch';

/** Body of POST /api/quotes. */
export interface QuoteRequest {
  fullName: string;
  companyName: string;
  businessType: string;
  email: string;
  phone: string;
  language: QuoteLanguage;
  description: string;
  /** Page language: the requester's confirmation email is written in it. */
  locale: Locale;
  /** IANA zone of the browser, for the submission time in the emails. */
  timeZone: string;
  /** Honeypot: a hidden input only bots fill in; the server then quietly drops the request. */
  website: string;
}

/**
 * Codes the app gives a failure itself: a request that never got an answer (`network`), an answer
 * that is not the API's JSON (`invalid_response`), anything else (`unknown`).
 */
export type ClientErrorCode = 'network' | 'invalid_response' | 'unknown';

/** Every code an ApiError can carry that the app has words for. */
export type KnownErrorCode = ErrorCode | ClientErrorCode;

/**
 * `code` of an ApiError: one the API answers (codes.ts, generated from the Go catalogue), one of the
 * app's own, or, from a newer server than this build, a code the app does not know yet.
 */
export type ApiErrorCode = KnownErrorCode | (string & {});
