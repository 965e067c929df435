import type { ApiError } from '../../shared/api/client';
import { useLanguage } from '../../shared/i18n/LanguageContext';

/** The dashboard while its data is on the way (also what the app shell is prerendered with). */
export function Loading({ text }: { text: string }) {
  const { t } = useLanguage();
  return (
    <>
      <h1 className="display text-4xl sm:text-5xl">{t('dashboard.title')}</h1>
      <p role="status" className="status-line mt-6 text-lg">
        <span aria-hidden="true" className="pulse-dot" />
        {text}
      </p>
    </>
  );
}

/** A request that failed for a reason other than the session: network, 5xx, database down (503). */
export function LoadError({ error, onRetry }: { error: ApiError; onRetry: () => void }) {
  const { t } = useLanguage();
  return (
    <>
      <h1 className="display text-4xl sm:text-5xl">{t('dashboard.title')}</h1>
      <div role="alert" className="notice notice-error mt-6 max-w-2xl">
        <p className="font-semibold">{t('dashboard.error.title')}</p>
        {(error.code === 'unavailable' || error.status === 503) && <p className="mt-1">{t('dashboard.error.unavailable')}</p>}
      </div>
      <button type="button" className="btn btn-ink mt-5" onClick={onRetry}>
        {t('dashboard.error.retry')}
      </button>
    </>
  );
}
