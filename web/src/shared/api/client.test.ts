import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, mockApi } from '../testing/mockApi';
import { ApiError, getDashboard, getOrder, signIn, signOut, signUp, submitQuote } from './client';
import type { QuoteRequest } from './types';

afterEach(() => vi.unstubAllGlobals());

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    return err as ApiError;
  }
  throw new Error('expected the call to fail');
}

describe('API client', () => {
  it('sends JSON to the right endpoint and returns the body', async () => {
    const { fetchMock, sent } = mockApi({ 'POST /api/auth/sign-in': json(200, { user: { id: '1', email: 'a@b.co', fullName: '' } }) });
    const result = await signIn({ email: 'a@b.co', password: 'secret123' });
    expect('user' in result && result.user.email).toBe('a@b.co');
    expect(sent('POST /api/auth/sign-in')).toEqual([{ email: 'a@b.co', password: 'secret123' }]);
    // The typed client (openapi-fetch) calls fetch with a Request.
    const request = fetchMock.mock.calls[0][0] as Request;
    expect(request.credentials).toBe('same-origin');
    expect(request.headers.get('Content-Type')).toBe('application/json');
  });

  it('passes the locale on sign-up and reads GET endpoints', async () => {
    const { sent } = mockApi({
      'POST /api/auth/sign-up': json(202, { ok: true }),
      'GET /api/dashboard?lang=nl': json(200, { user: { id: '1', email: 'a@b.co', fullName: '' }, orders: [] }),
      'GET /api/orders/abc%2F1?lang=en': json(200, { order: { id: 'abc/1' } }),
    });
    await signUp({ fullName: 'Ada', email: 'a@b.co', password: 'secret123', locale: 'nl' });
    expect(sent('POST /api/auth/sign-up')[0]).toMatchObject({ locale: 'nl' });
    expect(await getDashboard('nl')).toEqual({ user: { id: '1', email: 'a@b.co', fullName: '' }, orders: [] });
    // The id is escaped: it can never reach another endpoint.
    expect((await getOrder('abc/1', 'en')).order.id).toBe('abc/1');
  });

  it('treats 204 as success without a body', async () => {
    mockApi({ 'POST /api/auth/sign-out': new Response(null, { status: 204 }) });
    await expect(signOut()).resolves.toBeUndefined();
  });

  it('throws ApiError with the status, code and message of the error body', async () => {
    mockApi({ 'POST /api/auth/sign-in': apiError(401, 'invalid_credentials') });
    const err = await failure(signIn({ email: 'a@b.co', password: 'wrong-one' }));
    expect(err).toMatchObject({ status: 401, code: 'invalid_credentials', message: 'server says invalid_credentials' });
    expect(err.retryAfter).toBeUndefined();
  });

  it('reads Retry-After (seconds) on 429', async () => {
    mockApi({ 'POST /api/auth/sign-in': apiError(429, 'rate_limited', { 'Retry-After': '120' }) });
    const err = await failure(signIn({ email: 'a@b.co', password: 'secret123' }));
    expect(err).toMatchObject({ status: 429, code: 'rate_limited', retryAfter: 120 });
  });

  it('maps a failed request to code network with status 0', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const err = await failure(getDashboard('en'));
    expect(err).toMatchObject({ status: 0, code: 'network', message: 'Failed to fetch' });
  });

  it('falls back to a code from the status when the body is not JSON', async () => {
    mockApi({ 'GET /api/dashboard?lang=en': new Response('<html>Service Unavailable</html>', { status: 503 }) });
    const err = await failure(getDashboard('en'));
    expect(err).toMatchObject({ status: 503, code: 'unavailable' });
  });

  it('keeps 503 unavailable from the body', async () => {
    mockApi({ 'GET /api/dashboard?lang=en': apiError(503, 'unavailable') });
    expect(await failure(getDashboard('en'))).toMatchObject({ status: 503, code: 'unavailable' });
  });

  it('posts a quote request and reads the field of a 400', async () => {
    const body: QuoteRequest = {
      fullName: 'Ada Lovelace',
      companyName: '',
      businessType: '',
      email: 'ada@example.com',
      phone: '',
      language: 'dutch',
      description: 'Answer the phone.',
      locale: 'nl',
      timeZone: 'Europe/Amsterdam',
      website: '',
    };
    const { sent } = mockApi({ 'POST /api/quotes': json(201, { ok: true, id: 'q-1' }) });
    expect(await submitQuote(body)).toEqual({ ok: true, id: 'q-1' });
    expect(sent('POST /api/quotes')).toEqual([body]);

    mockApi({ 'POST /api/quotes': json(400, { error: { code: 'too_long', message: 'Phone is too long.', field: 'phone' } }) });
    expect(await failure(submitQuote(body))).toMatchObject({ status: 400, code: 'too_long', field: 'phone' });
    // Errors without a field leave it undefined.
    mockApi({ 'POST /api/quotes': apiError(503, 'unavailable') });
    expect((await failure(submitQuote(body))).field).toBeUndefined();
    expect((await failure(submitQuote(body))).problems).toBeUndefined();
    // A form checked as a whole lists every problem, one per field.
    const errors = [
      { code: 'required', message: 'Enter the name.', field: 'fullName' },
      { code: 'invalid_email', message: 'Bad email.', field: 'email' },
    ];
    mockApi({ 'POST /api/quotes': json(400, { error: { ...errors[0], errors } }) });
    expect(await failure(submitQuote(body))).toMatchObject({ code: 'required', field: 'fullName', problems: errors });
  });

  it('lets an aborted request reject as an abort, not as a network error', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new DOMException('aborted', 'AbortError')));
    const controller = new AbortController();
    controller.abort();
    await expect(getDashboard('en', controller.signal)).rejects.toHaveProperty('name', 'AbortError');
  });
});
