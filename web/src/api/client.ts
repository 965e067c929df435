import type { ApiErrorCode, DashboardData, Locale, Order, QuoteRequest, SecondStep, SignInResult, User } from './types';

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

/** One call to the API: JSON in and out, every failure an ApiError. */
export async function request<T>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      // The session is an HttpOnly same-origin cookie; the browser sends it, we never see it.
      credentials: 'same-origin',
      headers: method !== 'GET' ? { Accept: 'application/json', 'Content-Type': 'application/json' } : { Accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (err) {
    // Let callers tell "we gave up on it" from "the network failed".
    if (signal?.aborted) throw err;
    throw new ApiError(0, 'network', err instanceof Error ? err.message : String(err));
  }

  if (res.ok) {
    if (res.status === 204) return undefined as T;
    try {
      return (await res.json()) as T;
    } catch {
      throw new ApiError(res.status, 'invalid_response', `${method} ${path}: response is not JSON`);
    }
  }

  let payload: { error?: { code?: string; message?: string; field?: string } } | undefined;
  try {
    payload = await res.json();
  } catch {
    payload = undefined;
  }
  const code = payload?.error?.code || STATUS_CODES[res.status] || 'unknown';
  const message = payload?.error?.message || `${method} ${path} failed with ${res.status}`;
  const retryAfter = res.status === 429 ? parseRetryAfter(res.headers.get('Retry-After')) : undefined;
  throw new ApiError(res.status, code, message, retryAfter, payload?.error?.field || undefined);
}

const post = <T>(path: string, body?: unknown) => request<T>('POST', path, body);

/** 202 also when the email is taken (no account enumeration). */
export const signUp = (body: { fullName: string; email: string; password: string; locale: Locale }) =>
  post<{ ok: true }>('/api/auth/sign-up', body);

/** A staff member's sign-in answers the second step it waits for; the session reaches nothing until then. */
export const signIn = (body: { email: string; password: string }) => post<SignInResult>('/api/auth/sign-in', body);

/** The second step the current (pending) session waits for; 401 when there is none. */
export const getSecondStep = (signal?: AbortSignal) => request<SecondStep>('GET', '/api/auth/totp', undefined, signal);

/**
 * Completes a staff member's sign-in with a code from their app, or a recovery code. Confirming a first
 * factor answers its 10 recovery codes, this once.
 */
export const passSecondStep = (body: { code: string } | { recoveryCode: string }) =>
  post<{ user: User; recoveryCodes?: string[] }>('/api/auth/totp', body);

/** Ends every session of the user, on every device (a session waiting for its second step: that one). */
export const signOut = () => post<void>('/api/auth/sign-out');

export const verifyEmail = (token: string) => post<SignInResult>('/api/auth/verify', { token });

export const resendVerification = (body: { email: string; locale: Locale }) =>
  post<{ ok: true }>('/api/auth/resend-verification', body);

export const forgotPassword = (body: { email: string; locale: Locale }) =>
  post<{ ok: true }>('/api/auth/forgot-password', body);

export const resetPassword = (body: { token: string; password: string }) =>
  post<SignInResult>('/api/auth/reset-password', body);

/** The agents' names and texts come in `lang`. */
export const getDashboard = (lang: Locale, signal?: AbortSignal) =>
  request<DashboardData>('GET', `/api/dashboard?lang=${lang}`, undefined, signal);

export const getOrder = (id: string, lang: Locale, signal?: AbortSignal) =>
  request<{ order: Order }>('GET', `/api/orders/${encodeURIComponent(id)}?lang=${lang}`, undefined, signal);

/** Sets the first password of an account the agency made (the invitation email's link); signs in. */
export const acceptInvite = (body: { token: string; password: string }) =>
  post<SignInResult>('/api/auth/accept-invite', body);

/** Resolves while a reset or invitation link still works (204), without using it; throws `invalid_token` otherwise. */
export const checkToken = (body: { token: string; purpose: 'reset' | 'invite' }, signal?: AbortSignal) =>
  request<void>('POST', '/api/auth/check-token', body, signal);

/** 201 with the new request's id. Signed in, the server links the request to the account (cookie). */
export const submitQuote = (body: QuoteRequest) => post<{ ok: true; id: string }>('/api/quotes', body);
