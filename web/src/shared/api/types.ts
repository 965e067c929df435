import type { ErrorCode } from './codes';
import type { components } from './schema';

// The API's JSON (same origin, /api/…), by the names the app uses. Every shape comes from schema.ts, which
// is generated from the Go declarations (GET /api/openapi.json; `make api`): none is written here. Amounts
// are integer cents of their ISO 4217 `currency`, times RFC 3339 UTC.

type Schemas = components['schemas'];

/** Every account is a buyer; the agency's staff run the console. */
export type User = Schemas['User'];
export type Agent = Schemas['Agent'];
/** In the language the dashboard asked for (?lang=), English where there is no Dutch. */
export type Order = Schemas['Order'];
/** The API may send any status; the UI shows one it has no words for as it is. */
export type OrderStatus = Order['status'];
/** Computed by the server from the orders (internal/orders.Summarize); shown as they come. */
export type DashboardStats = Schemas['Stats'];
export type Money = Schemas['Money'];
export type DashboardData = Schemas['DashboardAnswer'];
/** `secondStep`: a staff member signed in by password alone, whose code step waits (GET /api/auth/totp). */
export type MeResponse = Schemas['MeAnswer'];
/**
 * The second step a staff member's sign-in waits for: a code from their authenticator app (or a
 * recovery code), or, without a factor yet, confirming the offered key (as text, otpauth:// URL and a QR
 * code as a PNG data URL).
 */
export type SecondStep = Schemas['SecondStepAnswer'];
/** What sign-in, email verification, a reset and an invitation answer: signed in, or a second step first. */
export type SignInResult = Schemas['SignInAnswer'];
/** The language emails are written in. */
export type Locale = Schemas['SignUpBody']['locale'];
/** The profile page's account details, and one signed-in device (session) of the user. */
export type Profile = Schemas['Profile'];
export type Device = Schemas['Device'];
/** A webhook endpoint of the buyer (integrations), and one delivery attempt to it. */
export type WebhookEndpoint = Schemas['Endpoint'];
export type WebhookDelivery = Schemas['Delivery'];
export type WebhookEvent = WebhookEndpoint['events'][number];
/** The weekly digest switch and the time zone digests and monthly reports use. */
export type DigestPrefs = Schemas['ReportPrefs'];
/** An order's monthly report: `hours[0]` is Monday, hours in the buyer's `timeZone`. */
export type MonthlyReport = Schemas['Report'];
/** The language the agent should speak on calls. */
export type QuoteLanguage = Schemas['QuoteBody']['language'];
/** Body of POST /api/quotes. */
export type QuoteRequest = Schemas['QuoteBody'];

/** One call in an agent's list (GET /api/orders/{id}/calls). */
export type CallSummary = Schemas['CallSummary'];
/** How a call reached the agent; a newer server may send one this build does not know (shown as it is). */
export type CallDirection = CallSummary['direction'];
/** What came of a call (the server derives it from Vapi's ended reason and the duration). */
export type CallOutcome = CallSummary['outcome'];
/** One turn of a call's transcript, oldest first. */
export type TranscriptLine = Schemas['TranscriptLine'];
/** GET /api/orders/{id}/calls/{callId}: the call with everything its buyer may see. */
export type CallDetail = Omit<Schemas['CallOwnCall'], 'olderId' | 'newerId'>;
/** GET /api/orders/{id}/calls/{callId}: the call with its older and newer neighbours in the order's list (null at the ends). */
export type OwnCall = Schemas['CallOwnCall'];
/** One caller of an order: their calls grouped by number, with the name from the call data when there is one. */
export type Contact = Schemas['CallContact'];
/** A page of an order's contacts, the most recent caller first. */
export type ContactPage = Schemas['CallContactPage'];
/** GET /api/orders/{id}/contacts/{number}: one contact and a page of their calls, newest first. */
export type ContactCalls = Schemas['CallContactCalls'];
/** A page of calls, newest first; `nextCursor` is null on the last page. */
export type CallPage = Schemas['CallSummaryPage'];
/** GET /api/orders/{id}/agent: the agent of an order and its figures, in the time zone asked for. */
export type AgentPage = Schemas['CallAgentPage'];

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
