import type { Client } from 'openapi-fetch';
import type { components, paths } from './schema';
import type { ApiErrorCode, QuoteRequest } from './types';
import type { Lang } from '../paths';
import { takeFirstData } from './firstData';

type Schemas = components['schemas'];

/** One field's problem in a failure that lists every problem of a form (`error.errors`). */
export type FieldProblem = Schemas['FieldProblem'];

/** Every failed call throws this; `status` is 0 when the request never got an answer (code `network`). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    /** Seconds, from the Retry-After header of a 429. */
    readonly retryAfter?: number,
    /** The request field the error is about (JSON name), when the API names one. */
    readonly field?: string,
    /** Every problem of a form checked as a whole, one per field (the first is this error's own), when the API lists them. */
    readonly problems?: readonly FieldProblem[],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

// Fallback codes when an error response has no JSON body (e.g. a proxy's HTML error page).
const STATUS_CODES: Record<number, ApiErrorCode> = {
  401: 'unauthenticated',
  404: 'not_found',
  429: 'rate_limited',
  503: 'unavailable',
};

function parseRetryAfter(header: string | null): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  // RFC 9110 also allows an HTTP date.
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/** The API's client, typed by the contract (schema.ts, generated from GET /api/openapi.json). */
export type Api = Client<paths>;

let client: Promise<Api> | undefined;

/**
 * The client, made on the first call: openapi-fetch is loaded then, so a public page downloads it only
 * once a visitor does something that calls the API.
 */
function api(): Promise<Api> {
  client ??= import('openapi-fetch').then(({ default: createClient }) => {
    const made = createClient<paths>({
      baseUrl: globalThis.location?.origin ?? '',
      // The session is an HttpOnly same-origin cookie; the browser sends it, we never see it.
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
      // Whatever fetch is current at the call (tests replace it). A first request whose answer the server
      // wrote into the page (firstData.ts) is answered from there.
      fetch: (request) => {
        const first = request.method === 'GET' ? takeFirstData(request.url) : undefined;
        if (first === undefined) return globalThis.fetch(request);
        return Promise.resolve(new Response(JSON.stringify(first), { status: 200, headers: { 'Content-Type': 'application/json' } }));
      },
    });
    made.use({
      // A success whose body is not JSON is not the API's answer (a proxy's page, say).
      async onResponse({ request, response }) {
        if (!response.ok || response.status === 204) return undefined;
        try {
          JSON.parse(await response.clone().text());
        } catch {
          throw new ApiError(
            response.status,
            'invalid_response',
            `${request.method} ${new URL(request.url).pathname}: response is not JSON`,
          );
        }
        return undefined;
      },
    });
    return made;
  });
  // A failed chunk download may succeed next time.
  client.catch(() => (client = undefined));
  return client;
}

type Answer = { data?: unknown; error?: unknown; response: Response };

/** The body of a successful answer: what the contract says the endpoint answers. */
type Body<R extends Answer> = Exclude<R['data'], undefined>;

/**
 * One call to the API through the typed client: the answer's body (undefined for a 204), every failure
 * an ApiError. `signal` is the one given to the call: when it aborts, the abort is passed on as it is.
 */
export async function call<R extends Answer>(send: (api: Api) => Promise<R>, signal?: AbortSignal): Promise<Body<R>> {
  let answer: R;
  try {
    answer = await send(await api());
  } catch (err) {
    // Let callers tell "we gave up on it" from "the network failed".
    if (signal?.aborted || err instanceof ApiError) throw err;
    throw new ApiError(0, 'network', err instanceof Error ? err.message : String(err));
  }
  const res = answer.response;
  if (res.ok) return answer.data as Body<R>;

  const payload =
    typeof answer.error === 'object'
      ? (answer.error as { error?: { code?: string; message?: string; field?: string; errors?: FieldProblem[] } } | null)
      : null;
  const code = payload?.error?.code || STATUS_CODES[res.status] || 'unknown';
  const message = payload?.error?.message || `The API call failed with ${res.status}`;
  const retryAfter = res.status === 429 ? parseRetryAfter(res.headers.get('Retry-After')) : undefined;
  const problems = Array.isArray(payload?.error?.errors) ? payload.error.errors : undefined;
  throw new ApiError(res.status, code, message, retryAfter, payload?.error?.field || undefined, problems);
}

/** 202 also when the email is taken (no account enumeration). */
export const signUp = (body: Schemas['SignUpBody']) => call((api) => api.POST('/api/auth/sign-up', { body }));

/** A staff member's sign-in answers the second step it waits for; the session reaches nothing until then. */
export const signIn = (body: Schemas['Credentials']) => call((api) => api.POST('/api/auth/sign-in', { body }));

/** The second step the current (pending) session waits for; 401 when there is none. */
export const getSecondStep = (signal?: AbortSignal) => call((api) => api.GET('/api/auth/totp', { signal }), signal);

/**
 * Completes a staff member's sign-in with a code from their app, or a recovery code. Confirming a first
 * factor answers its 10 recovery codes, this once.
 */
export const passSecondStep = (body: { code: string } | { recoveryCode: string }) => call((api) => api.POST('/api/auth/totp', { body }));

/** Ends every session of the user, on every device (a session waiting for its second step: that one). */
export const signOut = (): Promise<void> => call((api) => api.POST('/api/auth/sign-out'));

export const verifyEmail = (token: string) => call((api) => api.POST('/api/auth/verify', { body: { token } }));

export const resendVerification = (body: Schemas['EmailBody']) => call((api) => api.POST('/api/auth/resend-verification', { body }));

export const forgotPassword = (body: Schemas['EmailBody']) => call((api) => api.POST('/api/auth/forgot-password', { body }));

export const resetPassword = (body: Schemas['TokenBody']) => call((api) => api.POST('/api/auth/reset-password', { body }));

/** The agents' names and texts come in `lang`. */
export const getDashboard = (lang: Lang, signal?: AbortSignal) =>
  call((api) => api.GET('/api/dashboard', { params: { query: { lang } }, signal }), signal);

export const getOrder = (id: string, lang: Lang, signal?: AbortSignal) =>
  call((api) => api.GET('/api/orders/{id}', { params: { path: { id }, query: { lang } }, signal }), signal);

/** Sets the first password of an account the agency made (the invitation email's link); signs in. */
export const acceptInvite = (body: Schemas['TokenBody']) => call((api) => api.POST('/api/auth/accept-invite', { body }));

/** Resolves while a reset or invitation link still works (204), without using it; throws `invalid_token` otherwise. */
export const checkToken = (body: Schemas['CheckTokenBody'], signal?: AbortSignal): Promise<void> =>
  call((api) => api.POST('/api/auth/check-token', { body, signal }), signal);

/** 201 with the new request's id. Signed in, the server links the request to the account (cookie). */
export const submitQuote = (body: QuoteRequest) => call((api) => api.POST('/api/quotes', { body }));

/** The signed-in user's profile (name, email, email language): the profile page. */
export const getProfile = (signal?: AbortSignal) => call((api) => api.GET('/api/account/profile', { signal }), signal);

export const updateProfile = (body: Schemas['ProfileBody']) => call((api) => api.PUT('/api/account/profile', { body }));

/** The weekly digest switch and the time zone digests and reports use. */
export const getDigests = (signal?: AbortSignal) => call((api) => api.GET('/api/account/digests', { signal }), signal);

/** Changes what is given; `browserTimeZone` is stored only while the account has no time zone yet. */
export const updateDigests = (body: Schemas['DigestsBody'], signal?: AbortSignal) =>
  call((api) => api.PUT('/api/account/digests', { body, signal }), signal);

/** Sets a new password (with the current one); every other session of the user ends, this one stays. */
export const changePassword = (body: Schemas['PasswordBody']): Promise<void> => call((api) => api.POST('/api/account/password', { body }));

/** The user's signed-in devices, the asking one marked `current`. */
export const getDevices = (signal?: AbortSignal) => call((api) => api.GET('/api/account/devices', { signal }), signal);

/** Signs one of the user's devices out (404 for one that is not theirs, or gone). */
export const signOutDevice = (id: string): Promise<void> =>
  call((api) => api.DELETE('/api/account/devices/{id}', { params: { path: { id } } }));

/** The buyer's webhook endpoints (never their secrets) and the events an endpoint may listen to. */
export const getWebhooks = (signal?: AbortSignal) => call((api) => api.GET('/api/integrations/webhooks', { signal }), signal);

/** Adds an endpoint; the answer holds its signing secret, shown only this once. */
export const createWebhook = (body: Schemas['EndpointBody']) => call((api) => api.POST('/api/integrations/webhooks', { body }));

/** Switches an endpoint on or off, or sets its events or agents. */
export const updateWebhook = (id: string, body: Schemas['EndpointChangeBody']) =>
  call((api) => api.PATCH('/api/integrations/webhooks/{id}', { params: { path: { id } }, body }));

export const deleteWebhook = (id: string): Promise<void> =>
  call((api) => api.DELETE('/api/integrations/webhooks/{id}', { params: { path: { id } } }));

/** A new signing secret for the endpoint, shown only this once. */
export const rollWebhookSecret = (id: string) =>
  call((api) => api.POST('/api/integrations/webhooks/{id}/secret', { params: { path: { id } } }));

/** Queues a test event to the endpoint. */
export const testWebhook = (id: string): Promise<void> =>
  call((api) => api.POST('/api/integrations/webhooks/{id}/test', { params: { path: { id } } }));

/** The endpoint's last 100 delivery attempts, newest first. */
export const getWebhookDeliveries = (id: string, signal?: AbortSignal) =>
  call((api) => api.GET('/api/integrations/webhooks/{id}/deliveries', { params: { path: { id } }, signal }), signal);

/** Sends a delivery's message once more (the same webhook-id). */
export const redeliverWebhook = (id: string, deliveryId: string): Promise<void> =>
  call((api) => api.POST('/api/integrations/webhooks/{id}/deliveries/{deliveryId}/redeliver', { params: { path: { id, deliveryId } } }));
