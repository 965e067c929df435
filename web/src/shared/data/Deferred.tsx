import { Suspense, use, useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../api/client';
import { settles } from '../api/firstData';
import { useAuth } from '../auth/AuthContext';
import { useLanguage } from '../i18n/LanguageContext';
import { langFromPath, localePath, type Lang } from '../paths';

// A signed-in screen's data comes from its route's loader (issue 19 §4). The loader does not wait for the
// API: it hands the screen a promise, so a navigation lands at once and the screen shows its own loading
// line until the answer is in (<Deferred>). A failure is the screen's to show, except 401, which goes to
// sign in with a `next` back to this very URL; "try again" runs the loaders again.

/** Every failure as an ApiError (status 0, code `unknown`, for anything that is not one). */
export function toApiError(err: unknown): ApiError {
  return err instanceof ApiError ? err : new ApiError(0, 'unknown', String(err));
}

/**
 * A promise for a loader to return un-awaited: its failure is shown by <Deferred>, so it is never reported
 * as unhandled when the screen has moved on before it settled.
 */
export function deferred<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {});
  // Followed from now on: settled before the screen renders (its data was in the page, firstData.ts), it
  // shows at once instead of suspending first.
  outcomeOf(promise);
  return promise;
}

/** The language of a loader's request (its URL's /nl prefix). */
export function requestLang(request: Request): Lang {
  return langFromPath(new URL(request.url).pathname);
}

// Each promise its own Suspense boundary: a new one (another order, a retry) shows the loading line
// again instead of keeping the old screen up while it waits.
const ids = new WeakMap<Promise<unknown>, number>();
let nextId = 0;
function idOf(promise: Promise<unknown>): number {
  let id = ids.get(promise);
  if (id === undefined) ids.set(promise, (id = ++nextId));
  return id;
}

export interface DeferredProps<T> {
  resolve: Promise<T>;
  /** Shown while the promise is pending. */
  loading: ReactNode;
  /** Shown when it failed (never for 401, nor for 404/400 when `notFound` is given); `retry` runs the route's loaders again. */
  failed: (error: ApiError, retry: () => void) => ReactNode;
  /** A record's page: shown instead of `failed` when the record is not there (404, or 400 for an id that cannot be one). */
  notFound?: ReactNode;
  children: (data: T) => ReactNode;
}

/** A failure that means the record asked for is not there (or the id cannot be one): nothing to try again. */
export function isNotFound(error: ApiError): boolean {
  return error.status === 404 || error.status === 400;
}

/** One loader promise on screen: its loading line, its failure, or `children` with its data. */
export function Deferred<T>({ resolve, loading, failed, notFound, children }: DeferredProps<T>) {
  return (
    <Suspense
      key={idOf(resolve)}
      fallback={
        <>
          <SignInWhenSignedOut />
          {loading}
        </>
      }
    >
      <Settled
        resolve={resolve}
        failed={notFound === undefined ? failed : (error, retry) => (isNotFound(error) ? notFound : failed(error, retry))}
      >
        {children}
      </Settled>
    </Suspense>
  );
}

// React's own use() rather than React Router's <Await>: nothing more of the router then comes with the
// public pages' scripts (the JS budget). The promise is read as its outcome, so a failure is the
// screen's to show and never an error for a boundary (nor one React logs).
// The outcome, once there, is marked on its promise as React's use() reads it (settles, firstData.ts).
type Outcome<T> = { ok: true; data: T } | { ok: false; error: ApiError };
const outcomes = new WeakMap<Promise<unknown>, Promise<Outcome<unknown>>>();
function outcomeOf<T>(promise: Promise<T>): Promise<Outcome<T>> {
  let outcome = outcomes.get(promise);
  if (!outcome) {
    outcome = settles(
      promise.then(
        (data): Outcome<unknown> => ({ ok: true, data }),
        (err: unknown): Outcome<unknown> => ({ ok: false, error: toApiError(err) }),
      ),
    );
    outcomes.set(promise, outcome);
  }
  return outcome as Promise<Outcome<T>>;
}

function Settled<T>({ resolve, failed, children }: Omit<DeferredProps<T>, 'loading'>) {
  const outcome = use(outcomeOf(resolve));
  return outcome.ok ? children(outcome.data) : <Failed error={outcome.error} render={failed} />;
}

/** The sign-in page, with a `next` back to the current URL. */
function useSignInPath(): string {
  const { lang } = useLanguage();
  const { pathname, search } = useLocation();
  return localePath(lang, `/auth?next=${encodeURIComponent(pathname + search)}`);
}

/**
 * Runs the current route's loaders again, by going to the same URL (useRevalidator would do the same, at
 * the cost of more of the router in the public pages' scripts): "try again", or the screen after a write.
 */
export function useReload(): () => void {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return () => void navigate(pathname + search, { replace: true });
}

function Failed({ error, render }: { error: ApiError; render: DeferredProps<unknown>['failed'] }) {
  const navigate = useNavigate();
  const reload = useReload();
  const signIn = useSignInPath();
  const status = error.status;
  useEffect(() => {
    if (status === 401) void navigate(signIn, { replace: true });
    else if (!isNotFound(error)) console.error(error);
  }, [error, status, signIn, navigate]);
  if (status === 401) return null;
  return render(error, reload);
}

/**
 * /api/me may know before the screen's own request does. Only while loading: after a sign-out from the
 * account menu the menu itself goes to the home page. A failed /api/me proves nothing, so it is ignored.
 */
function SignInWhenSignedOut() {
  const auth = useAuth();
  const navigate = useNavigate();
  const signIn = useSignInPath();
  const signedOut = auth.status === 'signedOut' && !auth.failed;
  useEffect(() => {
    if (signedOut) void navigate(signIn, { replace: true });
  }, [signedOut, signIn, navigate]);
  return null;
}
