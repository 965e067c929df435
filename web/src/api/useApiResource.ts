import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAuth } from '../auth/AuthContext';
import { useLanguage } from '../i18n/LanguageContext';
import { localePath } from '../paths';
import { ApiError } from './client';

export type Resource<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; error: ApiError };

/**
 * Loads one API resource for a dashboard screen. A signed-out visitor is sent to sign in, with a
 * `next` back to this very URL; other failures become an error state (and go to the console, spec §8).
 * `key` names the resource: a new key loads again.
 */
export function useApiResource<T>(load: (signal: AbortSignal) => Promise<T>, key: string) {
  const { lang } = useLanguage();
  const auth = useAuth();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [state, setState] = useState<Resource<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  const toSignIn = useCallback(
    () => navigate(localePath(lang, `/auth?next=${encodeURIComponent(pathname + search)}`), { replace: true }),
    [navigate, lang, pathname, search],
  );

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    load(controller.signal).then(
      (data) => setState({ status: 'ready', data }),
      (err: unknown) => {
        if (controller.signal.aborted) return;
        if (err instanceof ApiError && err.status === 401) {
          void toSignIn();
          return;
        }
        const error = err instanceof ApiError ? err : new ApiError(0, 'unknown', String(err));
        if (error.status !== 404) console.error(err);
        setState({ status: 'error', error });
      },
    );
    return () => controller.abort();
    // `load` is a new function every render; `key` says when it means something else.
  }, [key, attempt]);

  // /api/me may know before our own request does. Only while loading: after a sign-out from the
  // account menu the menu itself goes to the home page. A failed /api/me proves nothing, so it is ignored.
  const signedOut = auth.status === 'signedOut' && !auth.failed;
  useEffect(() => {
    if (signedOut && state.status === 'loading') void toSignIn();
  }, [signedOut, state.status, toSignIn]);

  return { state, retry: () => setAttempt((n) => n + 1) };
}
