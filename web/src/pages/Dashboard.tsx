import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useLanguage } from '../i18n/LanguageContext';
import { localePath } from '../paths';

// Client-only screen (served as an app shell). For now it only checks the session and sends
// signed-out visitors to sign in; the real dashboard arrives with accounts.
export function Component() {
  const { lang, t } = useLanguage();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    const controller = new AbortController();
    fetch('/api/me', { signal: controller.signal, headers: { Accept: 'application/json' } })
      .then((res) => res.json() as Promise<{ authenticated?: boolean }>)
      .then((me) => {
        if (!me.authenticated) {
          const next = encodeURIComponent(pathname + search);
          navigate(localePath(lang, `/auth?next=${next}`), { replace: true });
        }
      })
      .catch((err: unknown) => {
        // Spec §8: dashboard fetch errors are only logged.
        if (!controller.signal.aborted) console.error(err);
      });
    return () => controller.abort();
  }, [lang, pathname, search, navigate]);

  return (
    <div className="mx-auto max-w-6xl px-4 pt-16 pb-28 sm:px-6 lg:px-8">
      <h1 className="display text-4xl sm:text-5xl">{t('dashboard.title')}</h1>
      <p role="status" className="mt-6 flex items-center gap-3 text-lg text-ink-soft">
        <span aria-hidden="true" className="size-2.5 animate-pulse rounded-full bg-signal" />
        {t('dashboard.loading')}
      </p>
    </div>
  );
}
