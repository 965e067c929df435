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
  /** Pending and completed orders: cancelled and refunded ones are listed but not counted. */
  totalPurchases: number;
  /** One total per currency of those same orders (none without any). */
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

/** `secondStep`: a staff member signed in by password alone, whose code step waits (GET /api/auth/totp). */
export type MeResponse = { authenticated: false; secondStep?: true } | { authenticated: true; user: User };

/**
 * The second step a staff member's sign-in waits for: a code from their authenticator app (or a
 * recovery code), or, without a factor yet, confirming the offered key (as text, otpauth:// URL and a QR
 * code as a PNG data URL).
 */
export type SecondStep = { step: 'totp' } | { step: 'totp-setup'; secret: string; otpauthUrl: string; qr: string };

/** What sign-in, email verification, a reset and an invitation answer: signed in, or a second step first. */
export type SignInResult = { user: User } | SecondStep;

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

/** How a call reached the agent: a phone call in or out, or a call from a web page. */
export type CallDirection = 'inbound' | 'outbound' | 'web';

/** What came of a call (the server derives it from Vapi's ended reason and the duration). */
export type CallOutcome = 'answered' | 'missed' | 'failed';

/** One call in an agent's list (GET /api/orders/{id}/calls). */
export interface CallSummary {
  id: string;
  /** RFC 3339 UTC. */
  startedAt: string;
  /** A newer server may send a direction this build does not know; it is shown as it is. */
  direction: CallDirection | (string & {});
  /**
   * The caller's number in E.164 ('+31612345678'), for a tel: link; '' when there is none, when it cannot be
   * dialled, and in the console's list.
   */
  number: string;
  /**
   * The number to show, formatted by the server for the page's language ('06 12345678' on a Dutch page,
   * '+31 6 12345678' otherwise), masked in the console's list ('+31 6 •••• 5678'); '' when unknown.
   */
  numberDisplay: string;
  durationSeconds: number;
  outcome: CallOutcome | (string & {});
  /** Vapi's summary of the call; may be ''. */
  summary: string;
}

/** One turn of a call's transcript, oldest first. */
export interface TranscriptLine {
  role: 'agent' | 'caller';
  text: string;
  secondsFromStart: number;
}

/** GET /api/orders/{id}/calls/{callId}: the call with everything its buyer may see. */
export interface CallDetail extends CallSummary {
  endedAt: string | null;
  /** Vapi's endedReason, e.g. 'customer-ended-call'; '' when unknown. */
  endedReason: string;
  /** Vapi's analysis.successEvaluation as text ('true', 'false', a score, or a sentence); '' when none. */
  successEvaluation: string;
  transcript: TranscriptLine[];
  recordingUrl: string | null;
}

/** A page of calls, newest first; `nextCursor` is null (or '') on the last page. */
export interface CallPage {
  items: CallSummary[];
  nextCursor: string | null;
}

/** GET /api/orders/{id}/agent: the agent of an order and its figures, in the time zone asked for. */
export interface AgentOverview {
  agent: {
    orderId: string;
    orderNumber: string;
    name: string;
    title: string;
    /** ISO 4217, the order's currency. */
    currency: string;
    /** The price of one minute of calls, in cents of `currency`. */
    perMinuteCents: number;
    /** Whether the agency has linked the order to its Vapi assistant yet. */
    linked: boolean;
  };
  /** The current calendar month. */
  month: {
    calls: number;
    answered: number;
    missed: number;
    failed: number;
    seconds: number;
    averageSeconds: number;
    /** The sum of the month's usage lines: each call's seconds × the rate when it was recorded / 60, rounded half up. */
    costCents: number;
    /** The per-minute rates of the month's calls, lowest first: more than one when the rate changed; none without calls. */
    rates: number[];
    /** How many of `calls` the buyer deleted: their content is gone, their minutes still count. */
    deletedCalls: number;
  };
  /** Exactly 30 days, oldest first, ending today; `date` is YYYY-MM-DD in the time zone asked for. */
  daily: { date: string; calls: number }[];
}
