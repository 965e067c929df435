import { Suspense, use } from 'react';
import { Link } from 'react-router';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { localePath } from '../../shared/paths';
import { prerendering, settles } from '../../shared/api/firstData';
import { getCompany } from './api';

/**
 * Whether the buyer still has to add their company details, for a loader to start with its screen's data.
 * Anything but a clear "none" (a failure, a staff account's 403) reads as no: the notice is a reminder, never
 * a reason for a screen to fail.
 */
export function companyMissing(signal?: AbortSignal): Promise<boolean> {
  if (prerendering()) return Promise.resolve(false);
  return settles(
    getCompany(signal).then(
      (a) => a.company === null,
      () => false,
    ),
  );
}

/** The dashboard overview's reminder to add the company details invoices need, with a link to them. */
export function CompanyNotice({ missing }: { missing: Promise<boolean> }) {
  return (
    <Suspense fallback={null}>
      <Notice missing={missing} />
    </Suspense>
  );
}

function Notice({ missing }: { missing: Promise<boolean> }) {
  const { lang, t } = useLanguage();
  if (!use(missing)) return null;
  return (
    <p className="notice notice-warn mt-6 max-w-3xl">
      {t('company.notice')}{' '}
      <Link
        to={localePath(lang, '/dashboard/company')}
        className="font-semibold underline decoration-1 underline-offset-4 hover:text-signal-ink"
      >
        {t('company.noticeLink')}
      </Link>
    </p>
  );
}
