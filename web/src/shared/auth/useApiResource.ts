import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../api/client';
import { useLanguage } from '../i18n/LanguageContext';
import { localePath } from '../paths';
import { useAuth } from './AuthContext';

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
  const [attempt, setAttempt] = useState(0);
  // The last answer and the request it answers: a new key or a retry is loading until its own is in.
  const request = `${attempt}:${key}`;
  const [answer, setAnswer] = useState<{ request: string; state: Resource<T> } | null>(null);
  const state: Resource<T> = answer?.request === request ? answer.state : { status: 'loading' };

  const toSignIn = useCallback(
    () => navigate(localePath(lang, `/auth?next=${encodeURIComponent(pathname + search)}`), { replace: true }),
    [navigate, lang, pathname, search],
  );
  // `load` is a new function every render; `key` says when it means something else.
  const loadNow = useEffectEvent(load);
  const signIn = useEffectEvent(() => void toSignIn());

  useEffect(() => {
    const controller = new AbortController();
    loadNow(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setAnswer({ request, state: { status: 'ready', data } });
      },
      (err: unknown) => {
        if (controller.signal.aborted) return;
        if (err instanceof ApiError && err.status === 401) {
          signIn();
          return;
        }
        const error = err instanceof ApiError ? err : new ApiError(0, 'unknown', String(err));
        if (error.status !== 404) console.error(err);
        setAnswer({ request, state: { status: 'error', error } });
      },
    );
    return () => controller.abort();
  }, [request]);

  // /api/me may know before our own request does. Only while loading: after a sign-out from the
  // account menu the menu itself goes to the home page. A failed /api/me proves nothing, so it is ignored.
  const signedOut = auth.status === 'signedOut' && !auth.failed;
  useEffect(() => {
    if (signedOut && state.status === 'loading') void toSignIn();
  }, [signedOut, state.status, toSignIn]);

  return { state, retry: () => setAttempt((n) => n + 1) };
}
