import type { ApiError } from '../../shared/api/client';
import { useLanguage } from '../../shared/i18n/LanguageContext';

/** A dashboard screen while its data is on the way (also what the app shell is prerendered with); `title` is the screen's, the dashboard's by default. */
export function Loading({ text, title }: { text: string; title?: string }) {
  const { t } = useLanguage();
  return (
    <>
      <h1 className="display text-4xl sm:text-5xl">{title ?? t('dashboard.title')}</h1>
      <p role="status" className="status-line mt-6 text-lg">
        <span aria-hidden="true" className="pulse-dot" />
        {text}
      </p>
    </>
  );
}

/**
 * A request that failed for a reason other than the session: network, 5xx, database down (503). `title` and
 * `message` are the screen's, the dashboard's by default.
 */
export function LoadError({ error, onRetry, title, message }: { error: ApiError; onRetry: () => void; title?: string; message?: string }) {
  const { t } = useLanguage();
  return (
    <>
      <h1 className="display text-4xl sm:text-5xl">{title ?? t('dashboard.title')}</h1>
      <div role="alert" className="notice notice-error mt-6 max-w-2xl">
        <p className="font-semibold">{message ?? t('dashboard.error.title')}</p>
        {(error.code === 'unavailable' || error.status === 503) && <p className="mt-1">{t('dashboard.error.unavailable')}</p>}
      </div>
      <button type="button" className="btn btn-ink mt-5" onClick={onRetry}>
        {t('dashboard.error.retry')}
      </button>
    </>
  );
}
